import { expect, it } from 'vitest'
import { mailArriving } from './auth-fixtures.js'
import { createContent } from './content-fixtures.js'
import { call, seedTenant, TEST_PASSWORD, uniqueEmail } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  noNotifications,
  openStudioPage,
  signIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Issue 18 §5: an owner invites a second person from Studio, who follows the mailed link, joins as
// an editor and edits a content; Studio shows the editor only what their role opens (no team
// screen, no activity log, a no-access screen at a typed address) and never calls what would
// answer 403.

const studio = useStudioServer()

/** A fresh page (`openStudioPage`) whose API calls are kept too. */
async function newPage(problems: string[]) {
  const { context, page } = await openStudioPage(studio, problems)
  const calls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`)
  })
  return { context, page, calls }
}

describeStudioJourney('Studio team and roles in Chromium', () => {
  it('invites an editor, who joins from the mailed link, edits a content and sees only what an editor may', async () => {
    const problems: string[] = []
    const owner = await seedTenant(studio.ctx.db)
    const tenantName = `Tenant ${owner.tenantId}`
    const content = await createContent(studio.ctx, owner.token, { title: 'Field notes', status: 'draft' })
    const invitee = uniqueEmail('nina')

    // The owner: the team screen, then an invitation as editor.
    const first = await newPage(problems)
    await first.page.goto(`${studio.origin}/admin/`)
    await signIn(first.page, owner.email, TEST_PASSWORD)
    await first.page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    await first.page.getByRole('heading', { name: 'Recent activities' }).waitFor(WAIT)
    await first.page.getByRole('link', { name: 'Team' }).click()
    await first.page.getByRole('cell', { name: owner.email }).waitFor(WAIT)
    await expectAccessible(first.page, 'team')
    await first.page.getByRole('button', { name: 'Invite someone' }).click()
    const dialog = first.page.getByRole('dialog', { name: 'Invite someone to the tenant' })
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(invitee)
    expect(await dialog.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('Editor')
    await expectAccessible(first.page, 'team, invitation dialog')
    await dialog.getByRole('button', { name: 'Send the invitation' }).click()
    await first.page.getByText(`Invitation sent to ${invitee}.`).waitFor(WAIT)
    const row = first.page.getByRole('row').filter({ hasText: invitee })
    await expect.poll(() => row.textContent(), WAIT).toContain('Invited')
    expect(await row.textContent()).toContain('Editor')
    await noNotifications(first.page)
    await expectAccessible(first.page, 'team with an invitation')

    // The invitee follows the mailed link, joins with a name and password, then signs in with it.
    const mail = await mailArriving(studio.ctx.dataDir, invitee)
    const link = /https?:\/\/\S+\/admin\/account\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0]
    expect(link, mail).toBeDefined()
    const second = await newPage(problems)
    const { page } = second
    await page.goto(link!)
    await page.getByText(`You are invited to join ${tenantName} as editor`, { exact: false }).waitFor(WAIT)
    await page.getByLabel('First name').fill('Nina')
    await page.getByLabel('Last name').fill('Neu')
    await page.getByRole('textbox', { name: 'Password' }).fill('nina-writes')
    await page.getByRole('button', { name: 'Accept the invitation' }).click()
    await page.getByText(`You are now a member of ${tenantName} as editor.`).waitFor(WAIT)
    await page.getByRole('link', { name: 'Open Studio' }).click()
    await page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await signIn(page, invitee, 'nina-writes')

    // The editor's Studio: the writing screens and the settings to read, no team, tokens or webhooks,
    // no activity log on the dashboard.
    await page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    await page.getByRole('heading', { name: 'Quota' }).waitFor(WAIT)
    const navigation = page.getByRole('navigation', { name: 'Tenant' })
    expect(await navigation.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Contents',
      'Pages',
      'Media',
      'Categories',
      'Tags',
      'Custom fields',
      'Collections',
      'Forms',
      'Menus',
      'Placements',
      'Settings',
    ])
    expect(await page.getByRole('heading', { name: 'Recent activities' }).count()).toBe(0)
    await expectAccessible(page, 'dashboard of an editor')

    // The editor edits the owner's content.
    await navigation.getByRole('link', { name: 'Contents' }).click()
    await page.getByRole('link', { name: 'Field notes' }).click()
    const title = page.getByLabel('Title')
    await expect.poll(() => title.inputValue(), WAIT).toBe('Field notes')
    await title.fill('Field notes, edited by Nina')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('“Field notes, edited by Nina” saved.').waitFor(WAIT)
    const stored = await call(studio.ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })
    expect(stored.data.content.title).toBe('Field notes, edited by Nina')

    // An admin-only screen typed into the address: the no-access screen, and no call for it.
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/team`)
    await page.getByRole('heading', { name: "You don't have access to this screen" }).waitFor(WAIT)
    expect(await page.getByRole('link', { name: 'Team' }).count()).toBe(0)
    await expectAccessible(page, 'no access')
    // Neither the member list nor the activity log was asked for (`/api/users/me` is one's own profile).
    const forbidden = second.calls.filter(
      (call) => call === 'GET /api/users' || call.includes('/api/activities'),
    )
    expect(forbidden).toEqual([])
    expect(second.calls).toContain('GET /api/dashboard/api-stats')

    expect(problems).toEqual([])
    await first.context.close()
    await second.context.close()
  }, 120_000)
})
