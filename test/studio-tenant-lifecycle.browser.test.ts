import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { mailArriving } from './auth-fixtures.js'
import { createContent } from './content-fixtures.js'
import { call, type SeededMember, seedMember, seedTenant, TEST_PASSWORD } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  noNotifications,
  openStudioPage,
  signIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's tenant lifecycle (docs/decisions/studio.md "Tenant lifecycle screens"): an owner deletes
// a tenant after its preflight and restores it from the deleted list; an owner offers the ownership
// to a member and withdraws the offer. Each step is checked against what the API then answers.

const studio = useStudioServer()

/**
 * A page (`openStudioPage`) signed in as `member` on `path` of the tenant, where the `refused` paths
 * answer 401 on purpose (a wrong password the journey types, shown at its field); `calls` keeps
 * every request the page makes, from the first.
 */
async function signedIn(member: SeededMember, path: string, refused: string[] = []) {
  const problems: string[] = []
  const expected = refused.map((at) => `401 ${at}`)
  const { context, page } = await openStudioPage(studio, problems, { expected })
  const calls: string[] = []
  page.on('request', (request) => calls.push(`${request.method()} ${new URL(request.url()).pathname}`))
  await page.goto(`${studio.origin}/admin/t/${member.tenantId}${path}`)
  await signIn(page, member.email, member.password)
  return { context, page, problems, calls }
}

/** The tenant switcher's entries. */
async function switcherOptions(page: Page): Promise<string[]> {
  await page.getByRole('combobox', { name: 'Tenant' }).click()
  const options = page.getByRole('listbox').getByRole('option')
  await options.first().waitFor(WAIT)
  const labels = await options.allTextContents()
  await page.keyboard.press('Escape')
  return labels
}

function readPublic(tenantId: string, slug: string) {
  return studio.ctx.app.inject({
    method: 'GET',
    url: `/api/public/contents/slug/${slug}`,
    headers: { 'x-tenant-id': tenantId },
  })
}

describeStudioJourney('Studio tenant lifecycle in Chromium', () => {
  it('deletes a tenant after its preflight and restores it from the deleted list', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const tenantName = `Tenant ${owner.tenantId}`
    const slug = `t-${owner.tenantId}`
    await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    await createContent(studio.ctx, owner.token, {
      title: 'Kept words',
      slug: 'kept-words',
      status: 'published',
    })
    expect((await readPublic(owner.tenantId, 'kept-words')).statusCode).toBe(200)

    const { page, problems, context } = await signedIn(owner, '/', [`/api/tenants/${owner.tenantId}`])
    await page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    expect(await switcherOptions(page)).toEqual([tenantName, 'Create a tenant', 'Deleted tenants'])
    await page
      .getByRole('navigation', { name: 'Tenant' })
      .getByRole('link', { name: 'Ownership & deletion' })
      .click()
    await page.getByRole('heading', { name: 'Delete the tenant' }).waitFor(WAIT)

    // The preflight, as the API reports it.
    const preflight = await call(studio.ctx.app, 'GET', `/api/tenants/${owner.tenantId}/deletion-preflight`, {
      token: owner.token,
    })
    expect(preflight.data.impact).toMatchObject({ members: 2, contents: 1, apiTokens: 0 })
    const impact = page.getByRole('table', { name: 'What the deletion removes' })
    await impact.getByRole('row', { name: 'Members 2' }).waitFor(WAIT)
    await impact.getByRole('row', { name: 'Contents 1' }).waitFor(WAIT)
    await impact.getByRole('row', { name: 'API tokens 0' }).waitFor(WAIT)
    await page
      .getByText(`can be restored for ${preflight.data.graceDays} days`, { exact: false })
      .waitFor(WAIT)
    await expectAccessible(page, 'ownership and deletion')

    // The dialog: nothing happens until the slug is typed.
    await page.getByRole('button', { name: 'Delete this tenant…' }).click()
    const dialog = page.getByRole('dialog', { name: `Delete ${tenantName}?` })
    const submit = dialog.getByRole('button', { name: 'Delete the tenant' })
    expect(await submit.isDisabled()).toBe(true)
    await dialog.getByRole('textbox', { name: `Type ${slug} to confirm` }).fill(slug.slice(0, -1))
    expect(await submit.isDisabled()).toBe(true)
    await dialog.getByRole('textbox', { name: `Type ${slug} to confirm` }).fill(slug)
    // A wrong password is shown at its field; the session holds.
    const password = dialog.getByRole('textbox', { name: 'Your current password' })
    await password.fill('not-the-password')
    await submit.click()
    await expect.poll(() => password.getAttribute('aria-invalid'), WAIT).toBe('true')
    await dialog.getByText('Invalid e-mail or password.').waitFor(WAIT)
    expect(page.url()).toBe(`${studio.origin}/admin/t/${owner.tenantId}/lifecycle`)
    await password.fill(TEST_PASSWORD)
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Moving elsewhere')
    await expectAccessible(page, 'deletion dialog')
    await submit.click()

    // Studio leaves the tenant: the deleted list, and no such tenant in the switcher.
    await page.getByRole('heading', { name: 'Deleted tenants' }).waitFor(WAIT)
    await page.waitForURL(`${studio.origin}/admin/tenants/deleted`, WAIT)
    const row = page.getByRole('row').filter({ hasText: tenantName })
    await row.waitFor(WAIT)
    expect(await row.textContent()).toContain('Moving elsewhere')
    await page.getByText('The tenant was deleted. It can be restored until', { exact: false }).waitFor(WAIT)
    expect(await switcherOptions(page)).toEqual(['Create a tenant', 'Deleted tenants'])
    const gone = await readPublic(owner.tenantId, 'kept-words')
    expect(gone.statusCode).toBe(404)
    const listed = await call(studio.ctx.app, 'GET', '/api/tenants/deleted', { token: owner.token })
    expect(listed.data.tenants).toEqual([
      expect.objectContaining({
        tenantId: owner.tenantId,
        deletionReason: 'Moving elsewhere',
        restoreAvailable: true,
      }),
    ])
    await noNotifications(page)
    await expectAccessible(page, 'deleted tenants')

    // Restore: the tenant opens again, its content readable.
    await row.getByRole('button', { name: `Restore ${tenantName}` }).click()
    const restore = page.getByRole('dialog', { name: `Restore ${tenantName}?` })
    await restore.getByRole('textbox', { name: `Type ${slug} to confirm` }).fill(slug)
    await restore.getByRole('textbox', { name: 'Your current password' }).fill(TEST_PASSWORD)
    await expectAccessible(page, 'restore dialog')
    await restore.getByRole('button', { name: 'Restore the tenant' }).click()
    await page.waitForURL(`${studio.origin}/admin/t/${owner.tenantId}`, WAIT)
    await page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    await page.getByText(`${tenantName} was restored.`).waitFor(WAIT)
    const back = await readPublic(owner.tenantId, 'kept-words')
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().content.title).toBe('Kept words')
    expect(await switcherOptions(page)).toEqual([tenantName, 'Create a tenant', 'Deleted tenants'])
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Contents' }).click()
    await page.getByRole('link', { name: 'Kept words' }).waitFor(WAIT)
    expect(
      (await call(studio.ctx.app, 'GET', '/api/tenants/deleted', { token: owner.token })).data.tenants,
    ).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('offers the ownership to a member and withdraws the offer', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const editor = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    const path = `/api/tenants/${owner.tenantId}/transfer-ownership`

    const { page, problems, context } = await signedIn(owner, '/lifecycle')
    await page.getByRole('heading', { name: 'Transfer the ownership' }).waitFor(WAIT)
    await page.getByText('No ownership offer is open.').waitFor(WAIT)

    // The member is offered by the field's suggestions.
    const email = page.getByRole('combobox', { name: 'E-mail of the new owner' })
    await email.click()
    await page.getByRole('option', { name: editor.email }).click()
    expect(await email.inputValue()).toBe(editor.email)
    await page.getByRole('textbox', { name: 'Your current password' }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Offer the ownership' }).click()
    await page.getByText(`Ownership offered to ${editor.email}.`).waitFor(WAIT)
    await page.getByText(`Offered to ${editor.email} on`, { exact: false }).waitFor(WAIT)
    const open = await call(studio.ctx.app, 'GET', path, { token: owner.token })
    expect(open.data.transfer).toMatchObject({ email: editor.email })
    const mail = await mailArriving(studio.ctx.dataDir, editor.email, (text) => /accept-transfer/.test(text))
    const token = /accept-transfer\?tenant=[a-f0-9]{24}&token=([A-Za-z0-9_-]+)/.exec(mail)?.[1]
    expect(token).toBeDefined()
    await noNotifications(page)
    await expectAccessible(page, 'an open ownership offer')

    // Withdrawn: the mailed link no longer works.
    await page.getByRole('button', { name: 'Withdraw the offer' }).click()
    const dialog = page.getByRole('dialog', { name: 'Withdraw the ownership offer?' })
    await dialog.getByText(`The link mailed to ${editor.email} stops working at once.`).waitFor(WAIT)
    await expectAccessible(page, 'withdraw dialog')
    await dialog.getByRole('button', { name: 'Withdraw the offer' }).click()
    await page.getByText('The ownership offer was withdrawn.').waitFor(WAIT)
    await page.getByText('No ownership offer is open.').waitFor(WAIT)
    expect((await call(studio.ctx.app, 'GET', path, { token: owner.token })).data).toEqual({ transfer: null })
    const refused = await call(studio.ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept-transfer`, {
      token: editor.token,
      body: { token },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.data.error).toBe('InvalidToken')
    expect(problems).toEqual([])
    await context.close()
  })
  it('tells an administrator that only owners transfer or delete, without asking the API', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const admin = await seedMember(studio.ctx.db, owner.tenantId, 'admin')
    const { page, problems, context, calls } = await signedIn(admin, '/lifecycle')
    await page
      .getByText('Only an owner of this tenant can transfer its ownership or delete it.')
      .waitFor(WAIT)
    await page.getByRole('link', { name: 'Deleted tenants you can restore' }).waitFor(WAIT)
    expect(calls.filter((call) => call.includes(`/api/tenants/${owner.tenantId}`))).toEqual([])
    await expectAccessible(page, 'ownership and deletion for an administrator')
    expect(problems).toEqual([])
    await context.close()
  })
})
