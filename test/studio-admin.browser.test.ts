import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { mailArriving } from './auth-fixtures.js'
import { createContent } from './content-fixtures.js'
import { call, type SeededMember, seedMember, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  noNotifications,
  openSignedIn,
  type StudioPageOptions,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'
import { startReceiver, verified } from './webhook-fixtures.js'

// Studio's tenant administration (docs/decisions/studio.md "Tenant administration screens"): API
// tokens, webhooks and tenant settings, each driven in Chromium and checked against what the API
// then does. Private addresses are allowed for outbound calls only because the webhook receiver of
// this file listens on 127.0.0.1.

const studio = useStudioServer(() => ({ OUTBOUND_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS: '0,0' }))
let receiver: Awaited<ReturnType<typeof startReceiver>>
/** A second origin serving an empty page, a website the tenant has not allowed yet. */
let site: Server
let siteOrigin: string

beforeAll(async () => {
  receiver = await startReceiver()
  site = createServer((_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Site</title>'),
  )
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
})
afterAll(async () => {
  await receiver?.close()
  await new Promise((resolve) => site?.close(resolve))
})

/**
 * A page signed in as `member` on `path` of Studio (`openSignedIn`), where the `refused` paths
 * answer 400 on purpose: the journey provokes them to see them at their field.
 */
function signedIn(
  member: SeededMember,
  path: string,
  { viewport, refused = [] }: { viewport?: StudioPageOptions['viewport']; refused?: string[] } = {},
) {
  // Studio names the tenant of a call in its X-Tenant-ID header, not in the address.
  const expected = refused.map((at) => `400 ${at}`)
  return openSignedIn(studio, member, path, { viewport, expected })
}

/** The error text Mantine wires to a field through `aria-describedby` (what a screen reader reads). */
async function errorOf(page: Page, label: string): Promise<string> {
  const field = page.getByRole('textbox', { name: label, exact: true })
  await expect.poll(() => field.getAttribute('aria-invalid'), WAIT).toBe('true')
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))
  return texts.join(' ')
}

/** How wide the page's content is: a screen usable on a phone scrolls only inside its tables. */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)
}

describeStudioJourney('Studio tenant administration in Chromium', () => {
  it('creates an API token that works against the API, shown once, and revokes it', async () => {
    const owner = await seedTenant(studio.ctx.db)
    await createContent(studio.ctx, owner.token, { title: 'Readable by the token', status: 'published' })
    const { context, page, problems } = await signedIn(owner, '/api-tokens')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studio.origin })
    await page.getByRole('heading', { name: 'API tokens' }).waitFor(WAIT)
    await page.getByText('0 tokens').waitFor(WAIT)
    await expectAccessible(page, 'api tokens, none')

    // Created from the keyboard: the dialog opens on its first field.
    await page.getByRole('button', { name: 'New token' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'New API token' })
    const name = dialog.getByRole('textbox', { name: 'Name' })
    await expect
      .poll(() => name.evaluate((input) => input === (globalThis as any).document.activeElement), WAIT)
      .toBe(true)
    await page.keyboard.type('build server')
    await dialog.getByRole('combobox', { name: 'Role' }).click()
    await page.getByRole('option', { name: 'Editor', exact: true }).click()
    await dialog.getByRole('checkbox', { name: 'Preview' }).check()
    await expectAccessible(page, 'new token dialog')
    await dialog.getByRole('button', { name: 'Create the token' }).click()

    const shown = page.getByRole('dialog', { name: 'Your new API token' })
    await shown.getByText('Copy it now: you will not see it again.').waitFor(WAIT)
    const plaintext = await shown.getByRole('textbox', { name: 'Token "build server"' }).inputValue()
    expect(plaintext).toMatch(/^folio_/)
    await shown.getByRole('button', { name: 'Copy the token' }).click()
    await shown.getByRole('button', { name: 'Copied' }).waitFor(WAIT)
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(plaintext)
    await expectAccessible(page, 'token shown once')

    // The plaintext works against the API, over HTTP, with the role and scopes chosen.
    const read = await fetch(`${studio.origin}/api/contents?view=summary`, {
      headers: { authorization: `Bearer ${plaintext}` },
    })
    expect(read.status).toBe(200)
    expect(JSON.stringify(await read.json())).toContain('Readable by the token')
    const listed = await call(studio.ctx.app, 'GET', '/api/api-tokens', { token: owner.token })
    expect(listed.data.tokens).toMatchObject([
      { name: 'build server', role: 'editor', scopes: ['read', 'preview'] },
    ])

    await shown.getByRole('button', { name: 'I have stored it' }).click()
    await shown.waitFor({ state: 'detached', ...WAIT })
    const row = page.getByRole('row', { name: /build server/ })
    await row.getByRole('cell', { name: 'Editor' }).waitFor(WAIT)
    await expect.poll(() => page.getByText(plaintext).count()).toBe(0)

    // Revoked after the confirmation: the same token is refused from then on.
    await row.getByRole('button', { name: 'Revoke the token build server' }).click()
    const confirm = page.getByRole('dialog', { name: 'Revoke the token build server?' })
    await confirm
      .getByText('Every request carrying it is refused from now on.', { exact: false })
      .waitFor(WAIT)
    await expectAccessible(page, 'revoke dialog')
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await page.getByText('The token build server is revoked.').waitFor(WAIT)
    await page.getByText('0 tokens').waitFor(WAIT)
    const refused = await fetch(`${studio.origin}/api/contents`, {
      headers: { authorization: `Bearer ${plaintext}` },
    })
    expect(refused.status).toBe(401)
    await noNotifications(page)
    await expectAccessible(page, 'api tokens, after revoking')

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it('configures the webhook, sends a test that fails, shows its payload and answer, and redelivers it', async () => {
    const owner = await seedTenant(studio.ctx.db)
    // On a phone's screen: the log's table scrolls inside its own region.
    const { context, page, problems } = await signedIn(owner, '/webhooks', {
      viewport: { width: 390, height: 844 },
      refused: ['/api/tenant-settings'],
    })
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor(WAIT)
    await page.getByText('0 deliveries').waitFor(WAIT)
    await expectAccessible(page, 'webhooks, none')

    // A URL the API refuses shows its reason at the URL field.
    const url = page.getByRole('textbox', { name: 'Receiver URL' })
    const save = page.getByRole('button', { name: 'Save the webhook settings' })
    await url.fill('ftp://example.com/hook')
    await save.click()
    expect(await errorOf(page, 'Receiver URL')).toContain('http')

    // A receiver path that always answers 500, events on, a secret generated in the browser.
    await url.fill(receiver.url('/fail/studio'))
    await page.getByRole('switch', { name: 'Send events' }).check()
    await page.getByRole('button', { name: 'Generate' }).click()
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    await save.click()
    await page.getByText('Webhook settings saved.').waitFor(WAIT)
    await page.getByText('A secret is stored and never shown again.', { exact: false }).waitFor(WAIT)
    expect(await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()).toBe('')
    const settings = await call(studio.ctx.app, 'GET', '/api/tenant-settings', { token: owner.token })
    expect(settings.data.settings.webhook).toEqual({
      enabled: true,
      url: receiver.url('/fail/studio'),
      hasSecret: true,
    })

    await page.getByRole('button', { name: 'Send a test' }).click()
    await page.getByText('The test failed', { exact: false }).waitFor(WAIT)
    const row = page.getByRole('row', { name: /webhook\.test/ })
    await row.getByText('Failed').waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'webhooks, a failed test')

    // Its details: the body sent and the receiver's answer.
    const openDetails = async () => {
      await row.getByRole('button', { name: /^Details of webhook\.test/ }).click()
      return page.getByRole('dialog', { name: 'Delivery of webhook.test' })
    }
    let details = await openDetails()
    await details.getByText('The receiver answered HTTP 500.').waitFor(WAIT)
    expect(await details.getByRole('region', { name: "The answer's body" }).textContent()).toBe('nope')
    expect(
      await details.getByRole('region', { name: 'Payload sent' }).locator('pre').textContent(),
    ).toContain('"type": "webhook.test"')
    await expectAccessible(page, 'delivery details')
    await details.getByRole('button', { name: 'Close' }).last().click()
    await details.waitFor({ state: 'detached', ...WAIT })

    // The URL fixed (the stored secret kept), the same delivery sent again: now delivered.
    await url.fill(receiver.url('/ok/studio'))
    await save.click()
    await page.getByText('Webhook settings saved.').waitFor(WAIT)
    details = await openDetails()
    await details.getByRole('button', { name: 'Redeliver' }).click()
    await page.getByText('Delivery queued again.').waitFor(WAIT)
    await details.getByText('The receiver answered HTTP 200.').waitFor(WAIT)
    expect(await details.getByRole('region', { name: "The answer's body" }).textContent()).toBe('thanks')
    await details.getByText('Delivered').waitFor(WAIT)
    await details.getByRole('button', { name: 'Close' }).last().click()
    await row.getByText('Delivered').waitFor(WAIT)

    // The same delivery reached the new URL, signed with the secret Studio generated.
    const failed = receiver.to('/fail/studio').find((request) => request.body.includes('webhook.test'))
    const delivered = receiver.to('/ok/studio').find((request) => request.body.includes('webhook.test'))
    expect(delivered?.headers['webhook-id']).toBe(failed?.headers['webhook-id'])
    expect(verified(secret, delivered!).type).toBe('webhook.test')
    await noNotifications(page)
    expect(await pageWidth(page)).toBeLessThanOrEqual(390)
    await expectAccessible(page, 'webhooks, redelivered')

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it('changes the edge policy so that a refused origin can read, with errors at their field, and tests the mail', async () => {
    const owner = await seedTenant(studio.ctx.db)
    await createContent(studio.ctx, owner.token, { title: 'Public news', status: 'published' })

    // The website on another origin: its browser call to a public route is refused first.
    const visitor = await studio.browser.newContext()
    const sitePage = await visitor.newPage()
    await sitePage.goto(siteOrigin)
    const readPublic = () =>
      sitePage.evaluate(
        async ({ api, tenant }) => {
          try {
            const answer = await fetch(`${api}/api/public/contents?limit=5`, {
              headers: { 'X-Tenant-ID': tenant },
            })
            return `${answer.status} ${JSON.stringify(await answer.json())}`
          } catch (error) {
            return `refused: ${String(error)}`
          }
        },
        { api: studio.origin, tenant: owner.tenantId },
      )
    expect(await readPublic()).toMatch(/^refused: TypeError/)

    const { context, page, problems } = await signedIn(owner, '/settings', {
      refused: ['/api/tenant-settings'],
    })
    await page.getByRole('heading', { name: 'Tenant settings' }).waitFor(WAIT)
    await page.getByRole('tab', { name: 'Mail' }).waitFor(WAIT)
    await expectAccessible(page, 'settings, mail')

    // Mail: a test mail through Folio's own mail, since the tenant's SMTP server is off.
    await page.getByRole('button', { name: 'Send a test mail' }).click()
    await page
      .getByText(`A test mail went to ${owner.email} through Folio's own mail`, { exact: false })
      .waitFor(WAIT)
    expect(await mailArriving(studio.ctx.dataDir, owner.email)).toContain('Folio: test mail')

    // Branding: a color the API refuses shows its reason at that field, the rest saves.
    await page.getByRole('tab', { name: 'Branding' }).click()
    await page.getByRole('textbox', { name: 'Site name' }).fill('Ada Blog')
    await page.getByRole('textbox', { name: 'Primary color' }).fill('blue')
    await page.getByRole('button', { name: 'Save: Branding' }).click()
    expect(await errorOf(page, 'Primary color')).toContain('#rgb or #rrggbb')
    await expectAccessible(page, 'settings, branding with an error')
    await page.getByRole('textbox', { name: 'Primary color' }).fill('#1a2b3c')
    await page.getByRole('button', { name: 'Save: Branding' }).click()
    await page.getByText('Branding saved.').waitFor(WAIT)

    // Limits and usage: this month's requests of each budget against the plan.
    await page.getByRole('tab', { name: 'Limits and usage' }).click()
    await page
      .getByText(
        /^On the .* plan\. Public delivery and admin requests count against separate monthly budgets\.$/,
      )
      .waitFor(WAIT)
    await page.getByText('Public delivery (/api/public)').waitFor(WAIT)
    await page.getByText('Admin API (Studio and API tokens)').waitFor(WAIT)
    await page.getByRole('textbox', { name: 'Entries' }).fill('500')
    await page.getByRole('button', { name: 'Save: Limits and usage' }).click()
    await page.getByText('Limits and usage saved.').waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'settings, limits')

    // Edge policy, from the keyboard: an origin that is no origin is refused at its own field.
    await page.getByRole('tab', { name: 'Edge policy' }).click()
    await page.getByRole('button', { name: 'Add an origin' }).focus()
    await page.keyboard.press('Enter')
    const origin = page.getByRole('textbox', { name: 'Origin 1' })
    await origin.fill('www.example.com')
    await page.getByRole('button', { name: 'Save: Edge policy' }).click()
    expect(await errorOf(page, 'Origin 1')).toContain('origin')
    await expectAccessible(page, 'settings, edge policy with an error')
    // Typed in capitals: the field then shows the origin as the API stores it.
    await origin.fill(siteOrigin.toUpperCase())
    await page.getByRole('button', { name: 'Save: Edge policy' }).click()
    await page.getByText('Edge policy saved.').waitFor(WAIT)
    expect(await origin.inputValue()).toBe(siteOrigin)
    await noNotifications(page)
    await expectAccessible(page, 'settings, edge policy')

    // The same call from the website now succeeds.
    await expect.poll(readPublic, WAIT).toMatch(/^200 .*Public news/)
    const saved = await call(studio.ctx.app, 'GET', '/api/tenant-settings', { token: owner.token })
    expect(saved.data.settings).toMatchObject({
      branding: { siteName: 'Ada Blog', primaryColor: '#1a2b3c' },
      limits: { entries: 500 },
      edgeGateway: { allowedOrigins: [siteOrigin] },
    })

    for (const tab of ['Features', 'Metadata']) {
      await page.getByRole('tab', { name: tab }).click()
      await expectAccessible(page, `settings, ${tab}`)
    }
    expect(problems).toEqual([])
    await visitor.close()
    await context.close()
  }, 120_000)

  it('shows an editor the settings read-only, and neither tokens nor webhooks', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const editor = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    // On a phone's screen: the groups' tabs and fields fit its width.
    const { context, page, problems } = await signedIn(editor, '/settings', {
      viewport: { width: 390, height: 844 },
    })
    await page.getByText('Your role may read these settings', { exact: false }).waitFor(WAIT)
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0)
    expect(await page.getByRole('textbox', { name: 'Host' }).isDisabled()).toBe(true)
    expect(await pageWidth(page)).toBeLessThanOrEqual(390)
    await expectAccessible(page, 'settings, read-only')
    await page.getByRole('button', { name: 'Show or hide the navigation' }).click()
    const nav = page.getByRole('navigation', { name: 'Tenant' })
    await nav.getByRole('link', { name: 'Settings' }).waitFor(WAIT)
    expect(await nav.getByRole('link', { name: 'API tokens' }).count()).toBe(0)
    expect(await nav.getByRole('link', { name: 'Webhooks' }).count()).toBe(0)

    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/api-tokens`)
    await page.getByRole('heading', { name: "You don't have access to this screen" }).waitFor(WAIT)
    expect(problems).toEqual([])
    await context.close()
  }, 60_000)
})
