import { expect, it } from 'vitest'
import { createContent } from './content-fixtures.js'
import { call, seedMember, seedTenant } from './helpers.js'
import { pngBytes, uploadMedia } from './media-fixtures.js'
import {
  describeStudioJourney,
  expectAccessible,
  openStudioPage,
  signIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// A viewer reads the taxonomy and the media library but may change none of it: Studio offers no
// control the API would refuse (no create form, no rename, delete, drag, tick box or save), so a
// viewer never meets a 403 on these screens. The owner sees the same screens with every control.

const studio = useStudioServer()

describeStudioJourney('Studio for a viewer in Chromium', () => {
  it('shows the taxonomy, the media library and the content editor without write controls', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const viewer = await seedMember(studio.ctx.db, owner.tenantId, 'viewer')
    const as = { token: owner.token }
    const app = studio.ctx.app
    expect((await call(app, 'POST', '/api/tags', { ...as, body: { title: 'Travel' } })).statusCode).toBe(200)
    expect((await call(app, 'POST', '/api/categories', { ...as, body: { name: 'News' } })).statusCode).toBe(
      200,
    )
    const field = await call(app, 'POST', '/api/custom-field-definitions', {
      ...as,
      body: { key: 'mood', label: 'Mood', type: 'text' },
    })
    expect(field.statusCode, field.body).toBe(200)
    await uploadMedia(app, owner.token, await pngBytes(), 'image/png', { altText: 'A harbour' })
    const content = await createContent(studio.ctx, owner.token, { title: 'Harbour notes', status: 'draft' })

    const problems: string[] = []
    const { context, page } = await openStudioPage(studio, problems)
    // Signing in posts; after it the viewer's screens must send no write at all.
    const writes: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/auth/') && request.method() !== 'GET')
        writes.push(pathname)
    })
    const base = `${studio.origin}/admin/t/${owner.tenantId}`

    await page.goto(`${base}/tags`)
    await signIn(page, viewer.email, viewer.password)
    await page.getByRole('cell', { name: 'Travel', exact: true }).waitFor(WAIT)
    expect(await page.getByRole('form', { name: 'New tag' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /Rename/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0)
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0)
    await expectAccessible(page, 'tags, viewer')

    await page.goto(`${base}/categories`)
    await page.locator('li[data-category="News"]').waitFor(WAIT)
    expect(await page.getByRole('button', { name: 'New category' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Actions for News' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /Move News/ }).count()).toBe(0)
    expect(await page.locator('li[data-category="News"] > div').getAttribute('draggable')).toBe('false')
    await expectAccessible(page, 'categories, viewer')

    await page.goto(`${base}/custom-fields`)
    await page.getByRole('cell', { name: 'Mood', exact: true }).waitFor(WAIT)
    expect(await page.getByRole('button', { name: 'New field' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /Edit|Delete/ }).count()).toBe(0)
    await expectAccessible(page, 'custom fields, viewer')

    await page.goto(`${base}/media`)
    await page.getByText('A harbour').waitFor(WAIT)
    expect(await page.getByLabel('Upload files').count()).toBe(0)
    expect(await page.getByRole('checkbox').count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Save the alt text/ }).count()).toBe(0)
    await page.getByRole('button', { name: /^Details of/ }).click()
    const details = page.getByRole('dialog')
    await details.getByLabel('Alt text').waitFor(WAIT)
    expect(await details.getByLabel('Alt text').getAttribute('readonly')).not.toBeNull()
    expect(await details.getByRole('button', { name: 'Save details' }).count()).toBe(0)
    await expectAccessible(page, 'media details, viewer')

    // The editor: the content reads, but nothing in it can change or save.
    await page.goto(`${base}/contents/${content.id}`)
    await page.getByText('your role does not allow changing it').waitFor(WAIT)
    expect(await page.getByLabel('Title').inputValue()).toBe('Harbour notes')
    expect(await page.getByLabel('Title').isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0)
    expect(await page.getByRole('textbox', { name: 'Body' }).getAttribute('contenteditable')).toBe('false')
    await expectAccessible(page, 'content editor, viewer')

    expect(writes).toEqual([])
    expect(problems).toEqual([])

    // The owner, on the same screens, has the controls the viewer lacks.
    await context.clearCookies()
    await page.goto(`${base}/tags`)
    await signIn(page, owner.email, owner.password)
    await page.getByRole('button', { name: 'Rename Travel' }).waitFor(WAIT)
    await page.goto(`${base}/media`)
    await page.getByRole('checkbox').first().waitFor(WAIT)
    await context.close()
  })
})
