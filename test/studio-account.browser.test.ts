import { expect, it } from 'vitest'
import { mailArriving } from './auth-fixtures.js'
import { call, seedMember, seedTenant, seedUser, TEST_PASSWORD, uniqueEmail } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  openStudioPage,
  signIn,
  useStudioServerWithGoogle,
  WAIT,
} from './studio-fixtures.js'

// Studio's account screens (docs/decisions/studio.md "Account screens from mailed links", "Google
// sign-in"): the reset, verification, invitation and ownership-transfer mails lead to Studio's
// /account/… screens (APP_URL's default), and sign-in offers Google when it is configured (here,
// against a local OpenID provider playing Google), driven in Chromium.

const { studio, google } = useStudioServerWithGoogle()

/** The link of a mail leading to `path` (quoted-printable soft breaks already undone). */
function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[A-Za-z0-9_-]+`).exec(mail)
  if (!match) throw new Error(`no ${path} link in mail:\n${mail}`)
  return match[0]
}

describeStudioJourney('Studio account screens in Chromium', () => {
  it('resets a forgotten password, verifies an e-mail address and accepts an invitation from mailed links', async () => {
    const problems: string[] = []
    const { context, page } = await openStudioPage(studio, problems, {
      viewport: { width: 390, height: 844 },
    })

    // Forgot password, from the sign-in screen.
    const owner = await seedTenant(studio.ctx.db)
    await page.goto(`${studio.origin}/admin/login`)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor(WAIT)
    await expectAccessible(page, 'forgot password')
    await page.getByLabel('E-mail').fill(owner.email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await page.getByText('a link to choose a new password is on its way', { exact: false }).waitFor(WAIT)
    await expectAccessible(page, 'forgot password, sent')

    // The mailed link opens Studio's reset screen; the new password then signs in.
    const resetLink = linkIn(
      await mailArriving(studio.ctx.dataDir, owner.email),
      '/admin/account/reset-password',
    )
    await page.goto(resetLink)
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor(WAIT)
    await expectAccessible(page, 'reset password')
    await page.getByRole('textbox', { name: 'New password' }).fill('a brand new secret')
    await page.getByRole('button', { name: 'Set the new password' }).click()
    await page.getByText('Your password is changed', { exact: false }).waitFor(WAIT)
    await expectAccessible(page, 'reset password, done')
    const signIn = await call(studio.ctx.app, 'POST', '/api/auth/login', {
      body: { email: owner.email, password: 'a brand new secret' },
    })
    expect(signIn.statusCode, signIn.body).toBe(200)

    // A registration's verification mail leads to Studio's verify screen.
    const email = uniqueEmail('grace')
    const registered = await call(studio.ctx.app, 'POST', '/api/auth/register', {
      body: { email, password: 'hopper hopper', firstName: 'Grace', lastName: 'Hopper' },
    })
    expect(registered.statusCode, registered.body).toBe(201)
    // Here through the mail's other way: the bare address (an older mail's, on Folio's own
    // /account/ path) and the code pasted by hand.
    const verifyLink = linkIn(await mailArriving(studio.ctx.dataDir, email), '/admin/account/verify-email')
    await page.goto(`${studio.origin}/account/verify-email`)
    await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor(WAIT)
    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(new URL(verifyLink).searchParams.get('token')!)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Verify' }).waitFor(WAIT)
    await expectAccessible(page, 'verify e-mail')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('Your e-mail address is verified.').waitFor(WAIT)
    await expectAccessible(page, 'verify e-mail, done')

    // An invitation of a new address (the reset ended the owner's sessions: the new one invites):
    // the tenant and role shown, names and a password, then in.
    const invited = uniqueEmail('nina')
    const invitation = await call(studio.ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
      token: signIn.data.token,
      body: { email: invited, role: 'editor' },
    })
    expect(invitation.statusCode, invitation.body).toBeLessThan(300)
    const inviteLink = linkIn(
      await mailArriving(studio.ctx.dataDir, invited),
      '/admin/account/accept-invitation',
    )
    await page.goto(inviteLink)
    await page
      .getByText(`You are invited to join Tenant ${owner.tenantId} as editor, with the address ${invited}.`)
      .waitFor(WAIT)
    await expectAccessible(page, 'accept invitation')
    await page.getByLabel('First name').fill('Nina')
    await page.getByLabel('Last name').fill('Neu')
    await page.getByRole('textbox', { name: 'Password' }).fill('a-new-password')
    await page.getByRole('button', { name: 'Accept the invitation' }).click()
    await page.getByText(`You are now a member of Tenant ${owner.tenantId} as editor.`).waitFor(WAIT)
    await expectAccessible(page, 'accept invitation, done')
    expect(await page.getByRole('link', { name: 'Open Studio' }).getAttribute('href')).toBe('/admin/')

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it('accepts an ownership transfer from its mailed link, signing in as the addressed account first', async () => {
    const problems: string[] = []
    const owner = await seedTenant(studio.ctx.db)
    const member = await seedMember(studio.ctx.db, owner.tenantId, 'admin')
    const tenantName = `Tenant ${owner.tenantId}`
    const preview = `/api/tenants/${owner.tenantId}/transfer-preview`
    const { context, page } = await openStudioPage(studio, problems, {
      // The wrong code typed below, refused on purpose.
      expected: [`400 ${preview}?token=not-the-code`],
    })
    const offered = await call(studio.ctx.app, 'POST', `/api/tenants/${owner.tenantId}/transfer-ownership`, {
      token: owner.token,
      body: { email: member.email, password: TEST_PASSWORD },
    })
    expect(offered.statusCode, offered.body).toBe(200)
    const mail = await mailArriving(studio.ctx.dataDir, member.email, (text) =>
      text.includes('accept-transfer'),
    )
    const link = new RegExp(
      `${studio.origin}/admin/account/accept-transfer\\?tenant=${owner.tenantId}&token=[A-Za-z0-9_-]+`,
    ).exec(mail)?.[0]
    expect(link, mail).toBeDefined()

    // The mail's bare address (the code pasted by hand), as an older mail gave it on Folio's own
    // /account/ page: the server sends it on to Studio, and a wrong code is refused in place.
    await page.goto(`${studio.origin}/account/accept-transfer?tenant=${owner.tenantId}`)
    await page.getByRole('heading', { name: 'Accept the ownership of a tenant' }).waitFor(WAIT)
    expect(new URL(page.url()).pathname).toBe('/admin/account/accept-transfer')
    await expectAccessible(page, 'transfer, code entry')
    await page.getByRole('textbox', { name: 'Transfer code' }).fill('not-the-code')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('The transfer token is invalid, used or expired.').waitFor(WAIT)
    await expectAccessible(page, 'transfer, invalid code')

    // The mailed link: what is offered and to whom; signed in as another account, the screen says so.
    await page.goto(link!)
    await page
      .getByText(`You are offered the ownership of ${tenantName} (t-${owner.tenantId}).`, { exact: false })
      .waitFor(WAIT)
    await expectAccessible(page, 'transfer, offer')
    await page.getByRole('link', { name: `Sign in as ${member.email} to accept` }).click()
    await signIn(page, owner.email, TEST_PASSWORD)
    await page
      .getByText(`You are signed in as ${owner.email}, but the offer is for ${member.email}.`)
      .waitFor(WAIT)
    await expectAccessible(page, 'transfer, another account')
    await page.getByRole('button', { name: `Sign out and sign in as ${member.email}` }).click()
    await signIn(page, member.email, TEST_PASSWORD)
    await page.getByRole('button', { name: 'Accept the ownership' }).click()
    await page.getByText(`You are now the owner of ${tenantName}.`).waitFor(WAIT)
    await expectAccessible(page, 'transfer, accepted')

    const team = await call(studio.ctx.app, 'GET', `/api/users?tenantId=${owner.tenantId}`, {
      token: member.token,
    })
    expect(team.statusCode, team.body).toBe(200)
    const roles = Object.fromEntries(team.data.users.map((user: any) => [user.email, user.role]))
    expect(roles).toEqual({ [owner.email]: 'admin', [member.email]: 'owner' })

    // The new owner opens the tenant, with an owner's screens.
    await page.getByRole('link', { name: `Open ${tenantName}` }).click()
    await page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    await page.getByRole('link', { name: 'Team' }).waitFor(WAIT)

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it('signs in with Google when configured, back to the screen that asked, and says why a Google sign-in failed', async () => {
    const problems: string[] = []
    const { context, page } = await openStudioPage(studio, problems)
    await page.goto(`${studio.origin}/admin/profile`)
    const googleLink = page.getByRole('link', { name: 'Sign in with Google' })
    await googleLink.waitFor(WAIT)
    await expectAccessible(page, 'sign-in with Google')
    await googleLink.click()
    await page.getByRole('heading', { name: 'Your profile' }).waitFor(WAIT)
    expect(new URL(page.url()).pathname).toBe('/admin/profile')
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const session = await call(studio.ctx.app, 'GET', '/api/auth/session', { headers: { cookie } })
    expect(session.data.user.email).toBe('someone@example.test')

    // An address that already has a password account is not signed in by Google alone.
    const existing = await seedUser(studio.ctx.db, { email: uniqueEmail('grace') })
    google.issuer.idToken = (request) =>
      google.issuer.sign(google.issuer.claims(request, { sub: 'google-subject-2', email: existing.email }))
    await context.clearCookies()
    await page.goto(`${studio.origin}/admin/login`)
    await googleLink.click()
    await page.getByText('An account already has this address: sign in with its password.').waitFor(WAIT)
    expect(new URL(page.url()).searchParams.get('googleError')).toBe('GoogleLinkRequired')
    await expectAccessible(page, 'sign-in after a failed Google sign-in')

    expect(problems).toEqual([])
    await context.close()
  }, 60_000)
})
