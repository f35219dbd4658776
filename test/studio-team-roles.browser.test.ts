import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { mailArriving } from './auth-fixtures.js'
import { call, seedMember, seedTenant, TEST_PASSWORD, uniqueEmail } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  openStudioPage,
  signIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Issue 19 "Studio part 2": an owner makes a custom role with a few permissions through the
// matrix, gives it to a member (whose permissions are then exactly those), changes and deletes
// roles, re-sends and revokes an invitation; an administrator's matrix offers only what they hold.

const studio = useStudioServer()

/** A fresh page (`openStudioPage`), at 1280×900. */
function newPage(problems: string[]) {
  return openStudioPage(studio, problems, { viewport: { width: 1280, height: 900 } })
}

/** Opens the row menu of `email` on the team screen and picks `action`. */
async function memberAction(page: Page, email: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${email}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

/** The invitation link of the newest mail to `email`. */
async function invitationLink(email: string, accept?: (mail: string) => boolean) {
  const mail = await mailArriving(studio.ctx.dataDir, email, accept)
  const link = /https?:\/\/\S+\/admin\/account\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0]
  expect(link, mail).toBeDefined()
  return link!
}

describeStudioJourney('Studio custom roles and member administration in Chromium', () => {
  it('creates a role through the matrix, gives it to a member, re-sends and revokes an invitation', async () => {
    const problems: string[] = []
    const owner = await seedTenant(studio.ctx.db)
    const member = await seedMember(studio.ctx.db, owner.tenantId, 'viewer')
    const tenantName = `Tenant ${owner.tenantId}`
    const { context, page } = await newPage(problems)

    // The roles screen: the system roles, then a new role from the matrix.
    await page.goto(`${studio.origin}/admin/`)
    await signIn(page, owner.email, TEST_PASSWORD)
    await page.getByRole('heading', { name: tenantName }).waitFor(WAIT)
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Roles' }).click()
    await page.getByRole('heading', { name: 'Roles' }).waitFor(WAIT)
    await page.getByText('5 roles').waitFor(WAIT)
    await expectAccessible(page, 'roles')
    await page.getByRole('link', { name: 'New role' }).click()
    await page.getByRole('heading', { name: 'New role' }).waitFor(WAIT)
    await page.getByRole('textbox', { name: 'Name' }).fill('Reviewer')
    await page.getByRole('textbox', { name: 'Key' }).fill('reviewer')
    const matrix = page.getByRole('table', { name: 'Permissions of the role' })
    expect(await matrix.getByRole('columnheader').allTextContents()).toEqual([
      'Area',
      'View',
      'Create',
      'Update',
      'Delete',
      'Manage',
      'Preview',
      'Invite',
      'Assign roles',
    ])
    await matrix.getByRole('rowheader', { name: 'Contents' }).waitFor(WAIT)
    // Keyboard: a checkbox is reached and ticked with the space bar.
    await matrix.getByRole('checkbox', { name: 'Contents: View' }).focus()
    await page.keyboard.press('Space')
    await matrix.getByRole('checkbox', { name: 'Contents: Update' }).check()
    await matrix.getByRole('checkbox', { name: 'Media: View' }).check()
    // Manage ticks its area's other actions, which show ticked and disabled; unticked, they are free again.
    await matrix.getByRole('checkbox', { name: 'Forms: Manage' }).check()
    expect(await matrix.getByRole('checkbox', { name: 'Forms: Delete' }).isChecked()).toBe(true)
    expect(await matrix.getByRole('checkbox', { name: 'Forms: Delete' }).isDisabled()).toBe(true)
    await expectAccessible(page, 'new role')
    await matrix.getByRole('checkbox', { name: 'Forms: Manage' }).uncheck()
    expect(await matrix.getByRole('checkbox', { name: 'Forms: Delete' }).isChecked()).toBe(false)
    await page.getByRole('button', { name: 'Create the role' }).click()
    await page.getByText('Role “Reviewer” saved.').waitFor(WAIT)
    await page.getByRole('link', { name: 'Reviewer' }).waitFor(WAIT)

    const roles = await call(studio.ctx.app, 'GET', `/api/roles?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    const reviewer = roles.data.roles.find((role: any) => role.key === 'reviewer')
    expect([...reviewer.permissions].sort()).toEqual(['content:update', 'content:view', 'media:view'])
    expect(reviewer.level).toBe(10)

    // The team screen: the viewer becomes a reviewer, and holds exactly the role's permissions.
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Team' }).click()
    await page.getByRole('cell', { name: member.email, exact: true }).waitFor(WAIT)
    // No actions on oneself.
    expect(await page.getByRole('button', { name: `Actions for ${owner.email}` }).count()).toBe(0)
    await memberAction(page, member.email, 'Change the role')
    const roleDialog = page.getByRole('dialog', { name: `Change the role of ${member.email}` })
    await roleDialog.getByRole('combobox', { name: 'Role' }).click()
    await page.getByRole('option', { name: 'Reviewer' }).click()
    await expectAccessible(page, 'change role dialog')
    await roleDialog.getByRole('button', { name: 'Change the role' }).click()
    await page.getByText(`The role of ${member.email} is changed.`).waitFor(WAIT)
    const memberRow = page.getByRole('row').filter({ hasText: member.email })
    await expect.poll(() => memberRow.textContent(), WAIT).toContain('Reviewer')
    const held = await call(studio.ctx.app, 'GET', `/api/users/${member.userId}?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(held.data.user.membership.role).toBe('reviewer')
    expect([...held.data.user.membership.permissions].sort()).toEqual([
      'content:update',
      'content:view',
      'media:view',
    ])

    // Deactivate, then reactivate.
    await memberAction(page, member.email, 'Deactivate')
    const deactivate = page.getByRole('dialog', { name: 'Deactivate this member?' })
    await expectAccessible(page, 'deactivate dialog')
    await deactivate.getByRole('button', { name: 'Deactivate' }).click()
    await expect.poll(() => memberRow.textContent(), WAIT).toContain('Inactive')
    await memberAction(page, member.email, 'Reactivate')
    await page
      .getByRole('dialog', { name: 'Reactivate this member?' })
      .getByRole('button', { name: 'Reactivate' })
      .click()
    await expect.poll(() => memberRow.textContent(), WAIT).toContain('Active')

    // An invitation, sent again: a new mail whose link differs, the first link then refused.
    const invitee = uniqueEmail('ines')
    await page.getByRole('button', { name: 'Invite someone' }).click()
    const inviteDialog = page.getByRole('dialog', { name: 'Invite someone to the tenant' })
    await inviteDialog.getByRole('textbox', { name: 'E-mail' }).fill(invitee)
    // Custom roles are offered too.
    await inviteDialog.getByRole('combobox', { name: 'Role' }).click()
    await page.getByRole('option', { name: 'Reviewer' }).click()
    await inviteDialog.getByRole('button', { name: 'Send the invitation' }).click()
    await page.getByText(`Invitation sent to ${invitee}.`).waitFor(WAIT)
    const firstLink = await invitationLink(invitee)
    const inviteeRow = page.getByRole('row').filter({ hasText: invitee })
    await expect.poll(() => inviteeRow.textContent(), WAIT).toContain('Reviewer')
    await memberAction(page, invitee, 'Send the invitation again')
    await page.getByText(`A new invitation link was sent to ${invitee}`, { exact: false }).waitFor(WAIT)
    const secondLink = await invitationLink(invitee, (mail) => !mail.includes(firstLink))
    expect(secondLink).not.toBe(firstLink)
    const firstToken = new URL(firstLink).searchParams.get('token')
    const stale = await call(studio.ctx.app, 'GET', `/api/auth/invitations/preview?token=${firstToken}`)
    expect(stale.statusCode).toBe(400)
    await expectAccessible(page, 'team after re-sending')

    // Revoked: gone from the list and the API; its link no longer works.
    await memberAction(page, invitee, 'Revoke the invitation')
    const revoke = page.getByRole('dialog', { name: 'Revoke this invitation?' })
    await revoke.getByText(`The link mailed to ${invitee} stops working.`).waitFor(WAIT)
    await expectAccessible(page, 'revoke dialog')
    await revoke.getByRole('button', { name: 'Revoke' }).click()
    await page.getByText(`The invitation of ${invitee} is revoked.`).waitFor(WAIT)
    await expect.poll(() => page.getByRole('cell', { name: invitee, exact: true }).count(), WAIT).toBe(0)
    const team = await call(studio.ctx.app, 'GET', `/api/users?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(team.data.users.map((user: any) => user.email).sort()).toEqual([member.email, owner.email].sort())
    const secondToken = new URL(secondLink).searchParams.get('token')
    const revoked = await call(studio.ctx.app, 'GET', `/api/auth/invitations/preview?token=${secondToken}`)
    expect(revoked.statusCode).toBe(400)

    // Deleting the role while the member holds it: they move to the role picked in the dialog.
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Roles' }).click()
    await page.getByRole('button', { name: 'Delete the role Reviewer' }).click()
    const deleteDialog = page.getByRole('dialog', { name: 'Delete the role Reviewer?' })
    await deleteDialog.getByText('1 member holds the role “Reviewer”', { exact: false }).waitFor(WAIT)
    await deleteDialog.getByRole('combobox', { name: 'Move its members to' }).click()
    await page.getByRole('option', { name: 'Author' }).click()
    await expectAccessible(page, 'delete role dialog')
    await deleteDialog.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Role “Reviewer” deleted.').waitFor(WAIT)
    const moved = await call(
      studio.ctx.app,
      'GET',
      `/api/users/${member.userId}?tenantId=${owner.tenantId}`,
      {
        token: owner.token,
      },
    )
    expect(moved.data.user.membership.role).toBe('author')

    expect(problems).toEqual([])
    await context.close()
  }, 180_000)

  it('offers an administrator only the permissions they hold, and no action on the owner', async () => {
    const problems: string[] = []
    const owner = await seedTenant(studio.ctx.db)
    const admin = await seedMember(studio.ctx.db, owner.tenantId, 'admin')
    const { context, page } = await newPage(problems)
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/roles/new`)
    await signIn(page, admin.email, TEST_PASSWORD)
    await page.getByRole('heading', { name: 'New role' }).waitFor(WAIT)
    const matrix = page.getByRole('table', { name: 'Permissions of the role' })
    // Administrators hold no billing permission: it cannot be granted, and says why.
    const billing = matrix.getByRole('checkbox', { name: 'Billing: View' })
    expect(await billing.isDisabled()).toBe(true)
    expect(await billing.getAttribute('aria-describedby')).toBeTruthy()
    await page.getByText('You can grant only permissions you hold yourself', { exact: false }).waitFor(WAIT)
    expect(await matrix.getByRole('checkbox', { name: 'Contents: View' }).isDisabled()).toBe(false)
    await page.getByText('From 1 to 39: below your own role.', { exact: false }).waitFor(WAIT)
    await expectAccessible(page, 'new role of an administrator')

    // A system role opens read-only.
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/roles/editor`)
    await page.getByRole('heading', { name: 'Editor' }).waitFor(WAIT)
    expect(await page.getByRole('button', { name: 'Save the role' }).count()).toBe(0)
    expect(await matrix.getByRole('checkbox', { name: 'Contents: Manage' }).isChecked()).toBe(true)

    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Team' }).click()
    await page.getByRole('cell', { name: owner.email, exact: true }).waitFor(WAIT)
    expect(await page.getByRole('button', { name: `Actions for ${owner.email}` }).count()).toBe(0)
    expect(await page.getByRole('button', { name: `Actions for ${admin.email}` }).count()).toBe(0)

    expect(problems).toEqual([])
    await context.close()
  }, 90_000)
})
