import { and, eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { mailArriving } from '../../../test/auth-fixtures.js'
import { describeInBrowser, launchBrowser } from '../../../test/browser.js'
import {
  call,
  lastMailTo,
  seedMember,
  seedTenant,
  seedUser,
  TEST_PASSWORD,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { invitationTokenIn } from '../../../test/member-fixtures.js'
import { memberships } from '../../db/schema/index.js'

// The mailed links lead to these pages (APP_URL is Folio itself): what a person sees and does there.
const ctx = useTestContext()
/** Signing in hashes a password: on a busy machine that takes a few seconds. */
const WAIT = { timeout: 15_000 }
let browser: Browser
let base: string

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

async function roleOf(tenantId: string, userId: string) {
  const [row] = await ctx.db
    .select({ role: memberships.role, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
  return row
}

/** The link to `/account/<page>` in the newest such mail to `to` (mails leave through jobs), on this server. */
async function linkIn(to: string, page: string): Promise<string> {
  const pattern = new RegExp(`/account/${page}\\?[^\\s]+`)
  const mail = await mailArriving(ctx.dataDir, to, (text) => pattern.test(text), 15_000)
  return `${base}${pattern.exec(mail)?.[0]}`
}

describeInBrowser('account pages in a browser', () => {
  it('invitation of a new address: names the tenant, role and address, sets up the account and joins', async () => {
    const owner = await seedTenant(ctx.db)
    const email = uniqueEmail('new')
    await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email, role: 'editor' },
    })
    const page = await browser.newPage()
    await page.goto(await linkIn(email, 'accept-invitation'))
    await expect
      .poll(() => page.textContent('#summary'), WAIT)
      .toMatch(
        new RegExp(
          `^You are invited to join Tenant ${owner.tenantId} as editor, with the address ${email}\\.`,
        ),
      )
    expect(new URL(page.url()).search).toBe('')
    expect(await page.isVisible('input[name="firstName"]')).toBe(true)
    expect(await page.isVisible('input[name="email"]')).toBe(false)
    await page.fill('input[name="firstName"]', 'Nina')
    await page.fill('input[name="lastName"]', 'Neu')
    await page.fill('input[name="password"][autocomplete="new-password"]', 'a-new-password')
    await page.click('button[type="submit"]')
    await expect
      .poll(() => page.textContent('#status'), WAIT)
      .toBe(`You are now a member of Tenant ${owner.tenantId} as editor. Your account is ${email}.`)
    const signedIn = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email, password: 'a-new-password' },
    })
    expect(signedIn.statusCode).toBe(200)
    expect(await roleOf(owner.tenantId, signedIn.data.user.id)).toEqual({ role: 'editor', status: 'active' })
    await page.close()
  })

  it('invitation of an existing account: signs in as the invited address (wrong password shown), then joins', async () => {
    const owner = await seedTenant(ctx.db)
    const person = await seedUser(ctx.db)
    await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email: person.email, role: 'author' },
    })
    const page = await browser.newPage()
    await page.goto(await linkIn(person.email, 'accept-invitation'))
    await expect.poll(() => page.inputValue('input[name="email"]'), WAIT).toBe(person.email)
    expect(await page.getAttribute('input[name="email"]', 'readonly')).not.toBeNull()
    expect(await page.isVisible('input[name="firstName"]')).toBe(false)
    await page.fill('input[name="password"][autocomplete="current-password"]', 'not-the-password')
    await page.click('button[type="submit"]')
    await expect.poll(() => page.textContent('#status'), WAIT).toBe('Invalid e-mail or password.')
    expect((await roleOf(owner.tenantId, person.userId))?.status).toBe('pending')
    await page.fill('input[name="password"][autocomplete="current-password"]', TEST_PASSWORD)
    await page.click('button[type="submit"]')
    await expect
      .poll(() => page.textContent('#status'), WAIT)
      .toMatch(/^You are now a member of Tenant .* as author\./)
    expect(await roleOf(owner.tenantId, person.userId)).toEqual({ role: 'author', status: 'active' })
    await page.close()
  })

  it('ownership transfer: the mail links to a page that shows the tenant and accepts after sign-in', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'editor')
    const offered = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/transfer-ownership`, {
      token: owner.token,
      body: { email: member.email, password: TEST_PASSWORD },
    })
    expect(offered.statusCode, offered.body).toBe(200)
    const link = await linkIn(member.email, 'accept-transfer')
    expect(lastMailTo(ctx.dataDir, member.email)).not.toContain('POST ')
    const page = await browser.newPage()
    await page.goto(link)
    await expect
      .poll(() => page.textContent('#summary'), WAIT)
      .toBe(
        `You are offered the ownership of Tenant ${owner.tenantId} (t-${owner.tenantId}). Sign in as ${member.email} to accept it; the offer expires at ${offered.data.transfer.expiresAt}.`,
      )
    await page.fill('input[name="password"]', TEST_PASSWORD)
    await page.click('button[type="submit"]')
    await expect
      .poll(() => page.textContent('#status'), WAIT)
      .toBe(
        `You are now the owner of Tenant ${owner.tenantId}; the owner who offered it remains a member with the admin role.`,
      )
    expect(await roleOf(owner.tenantId, member.userId)).toEqual({ role: 'owner', status: 'active' })
    expect((await roleOf(owner.tenantId, owner.userId))?.role).toBe('admin')
    await page.close()
  })

  it('a used or unknown code says so on the page', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/account/accept-invitation?token=${'x'.repeat(43)}`)
    await expect
      .poll(() => page.textContent('#status'), WAIT)
      .toBe('The invitation is invalid, already used, revoked or expired; ask for a new one.')
    await page.close()
  })
})

it('the invitation mail links to the page with its code', async () => {
  const owner = await seedTenant(ctx.db)
  const email = uniqueEmail('link')
  await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
    token: owner.token,
    body: { email, role: 'viewer' },
  })
  expect(invitationTokenIn(await mailArriving(ctx.dataDir, email))).toHaveLength(43)
})
