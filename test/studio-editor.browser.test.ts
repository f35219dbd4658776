import { expect, it } from 'vitest'
import { createContent } from './content-fixtures.js'
import { call, type SeededMember, seedMember, seedTenant } from './helpers.js'
import { jpegBytes, uploadMedia } from './media-fixtures.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's content editor (docs/decisions/studio.md "The editor", "Versions") in Chromium against a
// real Folio on PGlite: the side panels and pickers, two editors saving one content (the second
// gets the conflict, docs/decisions/content.md "Concurrent edits"), and versions compared and
// restored; axe with every dialog open.
const studio = useStudioServer()

/** `openSignedIn` as `user` on `path` of the tenant, once the editor's body shows. */
async function openAs(user: SeededMember, path: string, expected: string[]) {
  const opened = await openSignedIn(studio, user, path, { expected })
  await opened.page.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
  return opened
}

describeStudioJourney('Studio content editor in Chromium', () => {
  it('edits every part of a content, detects a concurrent save, compares and restores versions', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const editor = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    const seed = async (url: string, body: Record<string, unknown>) => {
      const response = await call(studio.ctx.app, 'POST', url, { token: owner.token, body })
      expect(response.statusCode, response.body).toBe(200)
      return response.data
    }
    const image = await uploadMedia(studio.ctx.app, owner.token, await jpegBytes(320, 200), 'image/jpeg', {
      originalName: 'sky.jpg',
      altText: 'A blue sky',
    })
    const travel = (await seed('/api/categories', { name: 'Travel' })).category
    await seed('/api/categories', { name: 'Europe', parentId: travel.id })
    await seed('/api/custom-field-definitions', { key: 'rating', label: 'Rating', type: 'number' })
    await seed('/api/custom-field-definitions', { key: 'related', label: 'Related', type: 'reference' })
    await seed('/api/galleries', { title: 'Trip photos', items: [{ mediaId: image.id }] })
    const other = await createContent(studio.ctx, owner.token, { title: 'Taken elsewhere', slug: 'taken' })
    const content = await createContent(studio.ctx, owner.token, {
      title: 'Shared draft',
      html: '<p>First words.</p>',
    })
    const path = `/contents/${content.id}`
    const read = async () =>
      (await call(studio.ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })).data.content

    // Each editor's stale save (the second's, then the first's) answers 409 on purpose.
    const conflictAnswer = [`409 /api/contents/${content.id}`]
    const first = await openAs(owner, path, conflictAnswer)
    const second = await openAs(editor, path, conflictAnswer)
    const a = first.page
    const b = second.page
    await expectAccessible(a, 'editor')

    // The slug is checked as it is typed.
    await a.getByLabel('Slug').fill('taken')
    await a.getByText('“taken” is already taken.').waitFor(WAIT)
    await a.getByLabel('Slug').fill('shared-draft')
    await a.getByText('“shared-draft” is available.').waitFor(WAIT)

    // An image from the media library into the body, and as the featured image.
    await a.getByRole('textbox', { name: 'Body' }).click()
    await a.getByRole('button', { name: 'Insert an image' }).click()
    const picker = a.getByRole('dialog', { name: 'Insert an image' })
    await picker.getByRole('button', { name: 'Choose sky.jpg' }).waitFor(WAIT)
    await expectAccessible(a, 'media picker')
    await picker.getByRole('button', { name: 'Choose sky.jpg' }).click()
    await a.getByRole('textbox', { name: 'Body' }).getByRole('img', { name: 'A blue sky' }).waitFor(WAIT)
    await a.getByRole('button', { name: 'Choose a featured image' }).click()
    await a
      .getByRole('dialog', { name: 'Choose the featured image' })
      .getByRole('button', { name: 'Choose sky.jpg' })
      .click()
    await a.getByRole('button', { name: 'Remove the featured image' }).waitFor(WAIT)

    // Category tree, a new tag, a custom field, a gallery, a schedule.
    await a.getByRole('checkbox', { name: 'Europe' }).check()
    const tags = a.getByRole('combobox', { name: 'Tags' })
    await tags.fill('Night trains')
    await tags.press('Enter')
    await expect
      .poll(
        async () => (await call(studio.ctx.app, 'GET', '/api/tags', { token: owner.token })).data.tags.length,
        WAIT,
      )
      .toBe(1)
    await a.getByRole('textbox', { name: 'Rating' }).fill('4')
    await a.getByRole('combobox', { name: 'Related' }).fill('Taken')
    await a.getByRole('option', { name: 'Taken elsewhere' }).click()
    await a.getByRole('combobox', { name: 'Galleries' }).click()
    await a.getByRole('option', { name: 'Trip photos' }).click()
    await a.keyboard.press('Escape')
    await a.getByRole('combobox', { name: 'Status' }).click()
    await a.getByRole('option', { name: 'Scheduled' }).click()
    await a.getByRole('button', { name: 'Publish at' }).waitFor(WAIT)
    await expectAccessible(a, 'editor with its panels filled')
    await a.getByRole('combobox', { name: 'Status' }).click()
    await a.getByRole('option', { name: 'Draft' }).click()
    await a.getByRole('button', { name: 'Save', exact: true }).click()
    await a.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)

    // Autosaves may have saved versions on the way; the last save holds everything.
    const saved = await read()
    expect(saved).toMatchObject({
      slug: 'shared-draft',
      featuredMediaId: image.id,
      customFields: { rating: 4, related: other.id },
      status: 'draft',
    })
    expect(saved.version).toBeGreaterThan(1)
    expect(saved.categories).toHaveLength(1)
    expect(saved.tags).toHaveLength(1)
    expect(saved.galleryIds).toHaveLength(1)
    expect(saved.html).toContain('<img src=')
    expect(saved.html).toContain('alt="A blue sky"')

    // The second editor still holds version 1: its autosave is refused and the conflict shown.
    await b.getByLabel('Title').fill('Second editor’s title')
    const conflict = b.getByRole('dialog', { name: 'Someone else saved this content' })
    await conflict.waitFor(WAIT)
    expect(await conflict.textContent()).toContain(`Version ${saved.version} was saved`)
    await expectAccessible(b, 'conflict dialog')
    expect(await read()).toMatchObject({ title: 'Shared draft', version: saved.version })
    // Keeping mine saves on top of theirs.
    await conflict.getByRole('button', { name: 'Keep mine' }).click()
    await conflict.waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(async () => (await read()).title, WAIT).toBe('Second editor’s title')
    expect((await read()).version).toBe(saved.version + 1)

    // Now the first editor is behind: it loads their version instead.
    await a.getByLabel('Summary').fill('Owner’s summary')
    const behind = a.getByRole('dialog', { name: 'Someone else saved this content' })
    await behind.waitFor(WAIT)
    await behind.getByRole('button', { name: 'Load their version' }).click()
    await expect.poll(() => a.getByLabel('Title').inputValue(), WAIT).toBe('Second editor’s title')
    expect(await a.getByLabel('Summary').inputValue()).toBe('')

    // Versions: version 1 against the current content, then restored.
    await a.getByRole('button', { name: 'Versions' }).click()
    const drawer = a.getByRole('dialog', { name: 'Versions' })
    await drawer.getByRole('button', { name: 'Compare version 1 with the current one' }).click()
    await drawer.getByRole('heading', { name: 'Version 1 against the current content' }).waitFor(WAIT)
    expect((await drawer.locator('del').allTextContents()).join(' ')).toContain('Shared')
    expect((await drawer.locator('ins').allTextContents()).join(' ')).toContain('Second')
    await expectAccessible(a, 'versions with a comparison')
    await drawer.getByRole('button', { name: 'Restore version 1' }).click()
    await a.getByText(/^Restored as version \d+\.$/).waitFor(WAIT)
    await expect.poll(() => a.getByLabel('Title').inputValue(), WAIT).toBe('Shared draft')
    expect(await read()).toMatchObject({ title: 'Shared draft', version: saved.version + 2 })

    // A phone's width.
    await a.setViewportSize({ width: 390, height: 844 })
    await expectAccessible(a, 'editor at 390×844')

    expect([...first.problems, ...second.problems]).toEqual([])
    await first.context.close()
    await second.context.close()
  }, 120_000)
})
