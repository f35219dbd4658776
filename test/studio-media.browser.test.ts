import { expect, it } from 'vitest'
import { createContent } from './content-fixtures.js'
import { call, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// The media library beyond uploads (docs/decisions/studio.md "Media library"): list view, an item's
// details with where it is used, and bulk tagging and deletion of ticked items, in Chromium against
// a real Folio on PGlite.

const studio = useStudioServer()

describeStudioJourney('Studio media library in Chromium', () => {
  it('edits details, shows where an item is used, tags and deletes several at once', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const ids: Record<string, string> = {}
    for (const title of ['Alps', 'Beach', 'Canyon']) {
      const created = await call(studio.ctx.app, 'POST', '/api/media/external', {
        token: owner.token,
        body: { url: `https://video.example.test/${title}`, title },
      })
      expect(created.statusCode, created.body).toBe(200)
      ids[title] = created.data.media.id
    }
    await createContent(studio.ctx, owner.token, { title: 'Summer trip', featuredMediaId: ids.Alps })

    const { context, page, problems } = await openSignedIn(studio, owner, '/media')
    await page.getByRole('heading', { name: 'Media' }).waitFor(WAIT)
    await page.getByRole('checkbox', { name: 'Select Alps' }).waitFor(WAIT)

    // Details: caption and tags saved together; the usage names the content that features it.
    await page.getByRole('button', { name: 'Details of Alps' }).click()
    const dialog = page.getByRole('dialog', { name: 'Details of Alps' })
    await dialog.getByText('Content “Summer trip” — featured media (draft)').waitFor(WAIT)
    await expectAccessible(page, 'media details')
    await dialog.getByRole('textbox', { name: 'Caption' }).fill('Snow at dawn')
    await dialog.getByRole('combobox', { name: 'Tags' }).fill('mountains')
    await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter')
    await dialog.getByRole('button', { name: 'Save details' }).click()
    await page.getByText('Details of Alps saved.').waitFor(WAIT)
    const alps = await call(studio.ctx.app, 'GET', `/api/media/${ids.Alps}`, { token: owner.token })
    expect(alps.data.media).toMatchObject({ caption: 'Snow at dawn', tags: ['mountains'] })

    // The list view: tick Beach and Canyon, tag them together, then delete them together.
    await page.getByText('List', { exact: true }).click()
    await page.getByRole('columnheader', { name: 'Type' }).waitFor(WAIT)
    await page.getByText('Snow at dawn').waitFor(WAIT)
    await expectAccessible(page, 'media list')
    await page.getByRole('checkbox', { name: 'Select Beach' }).check()
    await page.getByRole('checkbox', { name: 'Select Canyon' }).check()
    await page.getByText('2 items selected').waitFor(WAIT)
    const bulk = page.getByRole('region', { name: 'Actions on the selected media' })
    await bulk.getByRole('combobox', { name: 'Tags to add' }).fill('travel')
    await bulk.getByRole('combobox', { name: 'Tags to add' }).press('Enter')
    await bulk.getByRole('button', { name: 'Add tags to the selection' }).click()
    await page.getByText('2 items tagged.').waitFor(WAIT)
    const tagged = await call(studio.ctx.app, 'GET', '/api/media?tags=travel', { token: owner.token })
    expect(tagged.data.media.map((item: { title: string }) => item.title).sort()).toEqual(['Beach', 'Canyon'])
    await expectAccessible(page, 'media list with a selection')

    await bulk.getByRole('button', { name: 'Delete the selection' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete media' })
    await confirm.getByText('Delete 2 items?', { exact: false }).waitFor(WAIT)
    await expectAccessible(page, 'bulk deletion confirmation')
    await confirm.getByRole('button', { name: 'Delete 2 items' }).click()
    await page.getByText('2 items deleted.').waitFor(WAIT)
    await page.getByRole('checkbox', { name: 'Select Beach' }).waitFor({ state: 'detached', ...WAIT })
    expect(await bulk.count()).toBe(0)
    const left = await call(studio.ctx.app, 'GET', '/api/media', { token: owner.token })
    expect(left.data.media.map((item: { title: string }) => item.title)).toEqual(['Alps'])

    // A phone-sized screen keeps the list usable.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Details of Alps' }).waitFor(WAIT)
    await expectAccessible(page, 'media list on a phone')

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
