import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { call, seedMember, seedTenant, TEST_PASSWORD } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  openStudioPage,
  signIn,
  useStudioServerWithGoogle,
  WAIT,
} from './studio-fixtures.js'

// Issue 19 "Studio part 2": the account's sign-in and security screen. A password changed there
// signs in; a Google account is linked (a local OpenID provider playing Google) and unlinked with
// the password; deletion first says what blocks it (the last owner of a tenant with members),
// and deletes an account that owns no tenant, which then cannot sign in.

const { studio, google } = useStudioServerWithGoogle()

/**
 * A fresh page (`openStudioPage`, at 1280×900); the answers in `expected` (`<status> <path>`) are
 * caused by the journey on purpose.
 */
function newPage(problems: string[], expected: string[] = []) {
  return openStudioPage(studio, problems, { viewport: { width: 1280, height: 900 }, expected })
}

/** From any signed-in screen, through the account menu. */
async function openSecurity(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign-in and security' }).click()
  await page.getByRole('heading', { name: 'Sign-in and security', level: 1 }).waitFor(WAIT)
}

describeStudioJourney('Studio account settings in Chromium', () => {
  it('changes the password, links and unlinks Google, and says why the last owner cannot delete the account', async () => {
    const problems: string[] = []
    const owner = await seedTenant(studio.ctx.db)
    await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    const tenantName = `Tenant ${owner.tenantId}`
    const { context, page } = await newPage(problems, [
      '401 /api/users/me/password',
      '401 /api/auth/google/unlink',
    ])
    await page.goto(`${studio.origin}/admin/`)
    await signIn(page, owner.email, TEST_PASSWORD)
    await page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    await openSecurity(page)

    // Deletion: blocked while the owner is the tenant's last one and it has another member.
    await page.getByText('The account cannot be deleted yet').waitFor(WAIT)
    await page.getByText(`${tenantName} (1 other member)`).waitFor(WAIT)
    expect(await page.getByRole('button', { name: 'Delete my account' }).count()).toBe(0)
    await expectAccessible(page, 'security, deletion blocked')

    // A wrong current password is said at its field, and the session stays.
    const current = page.getByRole('textbox', { name: 'Current password' })
    await current.fill('not the password')
    await page.getByRole('textbox', { name: 'New password' }).fill('a fresh secret')
    await page.getByRole('button', { name: 'Change the password' }).click()
    await page.getByText('The current password is not right.').waitFor(WAIT)
    expect(await current.getAttribute('aria-invalid')).toBe('true')
    await expectAccessible(page, 'security, wrong password')
    await current.fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Change the password' }).click()
    await page.getByText('Password changed; your other sessions are signed out.').waitFor(WAIT)
    expect(await current.inputValue()).toBe('')

    // Google: linked through the provider, back on this screen, then unlinked with the password.
    google.issuer.idToken = (request) =>
      google.issuer.sign(
        google.issuer.claims(request, { sub: 'google-link-1', email: 'linked@example.test' }),
      )
    await page.getByRole('button', { name: 'Link a Google account' }).click()
    await page.getByText('Linked to the Google account linked@example.test', { exact: false }).waitFor(WAIT)
    expect(new URL(page.url()).pathname).toBe('/admin/security')
    await expectAccessible(page, 'security, Google linked')
    await page.getByRole('button', { name: 'Unlink Google' }).click()
    const unlink = page.getByRole('dialog', { name: 'Unlink the Google account?' })
    await unlink.getByRole('textbox', { name: 'Current password' }).fill('a wrong one')
    await unlink.getByRole('button', { name: 'Unlink Google' }).click()
    await unlink.getByText('The current password is not right.').waitFor(WAIT)
    await expectAccessible(page, 'unlink dialog')
    await unlink.getByRole('textbox', { name: 'Current password' }).fill('a fresh secret')
    await unlink.getByRole('button', { name: 'Unlink Google' }).click()
    await page.getByText('No Google account is linked.', { exact: false }).waitFor(WAIT)

    // The new password signs in; the old one no longer does.
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await signIn(page, owner.email, 'a fresh secret')
    await page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    const old = await call(studio.ctx.app, 'POST', '/api/auth/login', {
      body: { email: owner.email, password: TEST_PASSWORD },
    })
    expect(old.statusCode).toBe(401)
    const fresh = await call(studio.ctx.app, 'POST', '/api/auth/login', {
      body: { email: owner.email, password: 'a fresh secret' },
    })
    expect(fresh.statusCode, fresh.body).toBe(200)
    const status = await call(studio.ctx.app, 'GET', '/api/auth/google/status', { token: fresh.data.token })
    expect(status.data.linked).toBe(false)

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it('deletes an account that owns no tenant after its preflight, which then cannot sign in', async () => {
    const problems: string[] = []
    const owner = await seedTenant(studio.ctx.db)
    const member = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    const { context, page } = await newPage(problems)
    await page.goto(`${studio.origin}/admin/security`)
    await signIn(page, member.email, TEST_PASSWORD)
    await page.getByRole('heading', { name: 'Sign-in and security', level: 1 }).waitFor(WAIT)
    await page
      .getByText('Deleting the account ends your 1 membership and every session.', { exact: false })
      .waitFor(WAIT)
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByRole('textbox', { name: 'Current password' }).fill(TEST_PASSWORD)
    await dialog
      .getByRole('textbox', { name: `Type your e-mail address (${member.email}) to confirm` })
      .fill(member.email)
    await expectAccessible(page, 'delete account dialog')
    await dialog.getByRole('button', { name: 'Delete the account' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor(WAIT)
    await page.getByText('Your account is deleted.').waitFor(WAIT)

    const signIn2 = await call(studio.ctx.app, 'POST', '/api/auth/login', {
      body: { email: member.email, password: TEST_PASSWORD },
    })
    expect(signIn2.statusCode).toBe(401)
    const team = await call(studio.ctx.app, 'GET', `/api/users?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(team.data.users.map((user: any) => user.email)).toEqual([owner.email])

    expect(problems).toEqual([])
    await context.close()
  }, 90_000)
})
