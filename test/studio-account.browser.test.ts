import { expect, it } from 'vitest'
import { mailArriving } from './auth-fixtures.js'
import { call, seedTenant, uniqueEmail } from './helpers.js'
import { describeStudioJourney, expectAccessible, useStudioServer, WAIT } from './studio-fixtures.js'

// Studio's account screens reached from mailed links (issue 18): with APP_URL at Studio, the
// reset, verification and invitation mails lead to Studio's /account/… screens, driven here in Chromium.

const studio = useStudioServer((origin) => ({ APP_URL: `${origin}/admin` }))

/** The link of a mail leading to `path` (quoted-printable soft breaks already undone). */
function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[A-Za-z0-9_-]+`).exec(mail)
  if (!match) throw new Error(`no ${path} link in mail:\n${mail}`)
  return match[0]
}

describeStudioJourney('Studio account screens in Chromium', () => {
  it('resets a forgotten password, verifies an e-mail address and accepts an invitation from mailed links', async () => {
    const context = await studio.browser.newContext({
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    })
    const page = await context.newPage()
    page.setDefaultTimeout(WAIT.timeout)
    const problems: string[] = []
    const expected = `401 ${studio.origin}/api/auth/session`
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const status = /status of (\d{3})/.exec(message.text())?.[1]
      if (`${status} ${message.location().url}` === expected) return
      problems.push(`${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (error) => problems.push(error.message))

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

    // A registration's verification link opens Studio's verify screen.
    const email = uniqueEmail('grace')
    const registered = await call(studio.ctx.app, 'POST', '/api/auth/register', {
      body: { email, password: 'hopper hopper', firstName: 'Grace', lastName: 'Hopper' },
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const verifyLink = linkIn(await mailArriving(studio.ctx.dataDir, email), '/admin/account/verify-email')
    await page.goto(verifyLink)
    await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor(WAIT)
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
})
