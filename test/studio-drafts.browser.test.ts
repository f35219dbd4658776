import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { users } from '../src/db/schema/index.js'
import { createContent } from './content-fixtures.js'
import { call, type SeededMember, seedMember, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Editing live content safely in Studio (docs/decisions/content.md "Drafts of published contents",
// docs/decisions/studio.md "The editor"): a published content's edits autosave to its draft while
// the public route keeps the live text; "Publish changes" makes them live; unsaved edits ask before
// the editor is left; Ctrl+S saves; a second session's save shows who saved and what differs.
const studio = useStudioServer()

async function openAs(user: SeededMember, path: string, expected: (string | RegExp)[] = []) {
  const opened = await openSignedIn(studio, user, path, { expected })
  await opened.page.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
  return opened
}

describeStudioJourney('Studio: drafts of published contents in Chromium', () => {
  it('autosaves a published content to its draft, publishes it, asks before leaving, saves on Ctrl+S, shows a conflict', async () => {
    const owner = await seedTenant(studio.ctx.db)
    await studio.ctx.db
      .update(users)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(users.id, owner.userId))
    const editor = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    const content = await createContent(studio.ctx, owner.token, {
      title: 'Live title',
      slug: 'live-story',
      summary: 'Live summary',
      html: '<p>Live words.</p>',
      status: 'published',
    })
    const publicTitle = async () =>
      (
        await call(studio.ctx.app, 'GET', '/api/public/contents/slug/live-story', {
          headers: { 'x-tenant-id': owner.tenantId },
        })
      ).data.content.title
    const draftRead = async () =>
      (await call(studio.ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, { token: owner.token }))
        .data.content

    const first = await openAs(owner, `/contents/${content.id}`)
    const a = first.page
    await a.getByLabel('Title').fill('Draft title')
    const banner = a.getByRole('status').filter({ hasText: 'Unpublished changes' })
    await banner.waitFor(WAIT)
    await a.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    await banner.getByText('Saved to the draft by Ada Lovelace').waitFor(WAIT)
    expect(await draftRead()).toMatchObject({
      title: 'Draft title',
      pendingDraft: { updatedBy: owner.userId },
    })
    expect(await publicTitle()).toBe('Live title')
    await expectAccessible(a, 'editor with unpublished changes')

    await a.getByRole('button', { name: 'Publish changes' }).click()
    await a.getByText('The changes to “Draft title” are live.').waitFor(WAIT)
    await expect.poll(publicTitle, WAIT).toBe('Draft title')
    await banner.waitFor({ state: 'hidden', ...WAIT })

    // Unsaved edits ask before a link leaves the editor; staying keeps them.
    const archived = await createContent(studio.ctx, owner.token, {
      title: 'Old notes',
      html: '<p>Archived.</p>',
      status: 'archived',
    })
    await a.goto(`${studio.origin}/admin/t/${owner.tenantId}/contents/${archived.id}`)
    await a.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
    await a.getByLabel('Title').fill('Old notes, edited')
    await a.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor(WAIT)
    await a.getByRole('link', { name: 'Contents' }).first().click()
    const leave = a.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.waitFor(WAIT)
    await expectAccessible(a, 'leave dialog')
    await leave.getByRole('button', { name: 'Cancel' }).click()
    await leave.waitFor({ state: 'hidden', ...WAIT })
    expect(a.url()).toContain(archived.id)
    expect(await a.getByLabel('Title').inputValue()).toBe('Old notes, edited')
    // Closing the tab asks too (the browser's own question).
    const asked = new Promise<string>((resolve) =>
      a.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.dismiss()
      }),
    )
    await a.close({ runBeforeUnload: true })
    expect(await asked).toBe('beforeunload')
    expect(a.isClosed()).toBe(false)

    // Ctrl+S saves (an archived content does not save itself); then the link leaves without asking.
    await a.getByLabel('Summary').click()
    await a.keyboard.press('Control+s')
    await a.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    const saved = await call(studio.ctx.app, 'GET', `/api/contents/${archived.id}`, { token: owner.token })
    expect(saved.data.content).toMatchObject({ title: 'Old notes, edited', status: 'archived' })
    await a.getByRole('link', { name: 'Contents' }).first().click()
    await a.waitForURL(/\/contents$/, WAIT)

    // Two sessions on the published content: the second one's autosave meets the first one's draft.
    // The 409 of the conflict, and the saves tried while offline (no status), are on purpose.
    const draftAnswers = [new RegExp(`^(409|undefined) /api/contents/${content.id}/draft$`)]
    await a.goto(`${studio.origin}/admin/t/${owner.tenantId}/contents/${content.id}`)
    await a.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
    const second = await openAs(editor, `/contents/${content.id}`, draftAnswers)
    const b = second.page
    await a.getByLabel('Summary').fill('Summary by Ada')
    await a.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    await b.getByLabel('Title').fill('Title by the editor')
    const conflict = b.getByRole('dialog', { name: 'Someone else saved this content' })
    await conflict.waitFor(WAIT)
    await conflict.getByText(/was saved .* by Ada Lovelace while you were editing/).waitFor(WAIT)
    const differences = conflict.getByRole('region', { name: 'What differs' })
    await differences.waitFor(WAIT)
    expect((await differences.locator('del').allTextContents()).join(' ')).toContain('Ada')
    expect((await differences.locator('ins').allTextContents()).join(' ')).toContain('editor')
    await expectAccessible(b, 'conflict dialog with differences')
    expect(await draftRead()).toMatchObject({ title: 'Draft title', summary: 'Summary by Ada' })
    // Keeping mine saves the second session's text on top; the focus is back where it was typed.
    await conflict.getByRole('button', { name: 'Keep mine' }).click()
    await conflict.waitFor({ state: 'hidden', ...WAIT })
    await expect
      .poll(
        () => b.getByLabel('Title').evaluate((input) => input === (globalThis as any).document.activeElement),
        WAIT,
      )
      .toBe(true)
    await expect.poll(async () => (await draftRead()).title, WAIT).toBe('Title by the editor')
    expect(await publicTitle()).toBe('Draft title')

    // Offline: the editor says so, keeps the edit, and saves it once the connection is back.
    await second.context.setOffline(true)
    await b.getByRole('alert').filter({ hasText: 'The connection to Folio is lost' }).waitFor(WAIT)
    await b.getByLabel('Summary').fill('Written offline')
    await b.getByRole('alert').filter({ hasText: 'your latest changes are not saved yet' }).waitFor(WAIT)
    await second.context.setOffline(false)
    await expect.poll(async () => (await draftRead()).summary, WAIT).toBe('Written offline')
    await b
      .getByRole('alert')
      .filter({ hasText: 'The connection to Folio is lost' })
      .waitFor({
        state: 'hidden',
        ...WAIT,
      })

    expect([...first.problems, ...second.problems]).toEqual([])
    await first.context.close()
    await second.context.close()
  }, 180_000)
})
