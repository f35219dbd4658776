import { expect, it } from 'vitest'
import { jpegBytes } from './media-fixtures.js'
import {
  describeStudioJourney,
  expectAccessible,
  newCategory,
  noNotifications,
  openStudioPage,
  signIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio as an editor meets it (docs/decisions/studio.md "Quality bar"): the built app served by a
// real Folio on PGlite, driven in Chromium from registration to a published article, with axe on
// every screen visited.

const studio = useStudioServer()

describeStudioJourney('Studio in Chromium', () => {
  it('registers, signs in, creates a tenant, writes and publishes an article, uploads an image', async () => {
    const problems: string[] = []
    // Chromium logs every 4xx answer; those this journey causes on purpose (the too-short password,
    // the wrong one, the write after the session ended) are expected, any other is a problem.
    const { context, page } = await openStudioPage(studio, problems, {
      expected: ['400 /api/auth/register', '401 /api/auth/login', '401 /api/tags'],
    })
    const cookieHeader = async () =>
      (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')

    // `/` leads to the app, which asks for a session first; without Google configured, sign-in
    // offers no Google button (test/studio-account.browser.test.ts has it configured).
    const googleConfig = page.waitForResponse((answer) => answer.url().endsWith('/api/auth/google/config'))
    await page.goto(`${studio.origin}/`)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor(WAIT)
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    expect(await (await googleConfig).json()).toEqual({ enabled: false, clientId: null })
    // Two frames: React has rendered the answer.
    await page.evaluate(() => {
      const frame = (globalThis as any).requestAnimationFrame
      return new Promise((done) => frame(() => frame(done)))
    })
    expect(await page.getByText('Sign in with Google').count()).toBe(0)
    await expectAccessible(page, 'sign-in')

    // Registration, then the verify-email notice.
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByRole('heading', { name: 'Create an account' }).waitFor(WAIT)
    await expectAccessible(page, 'registration')
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Lovelace')
    await page.getByLabel('E-mail').fill('ada@example.test')
    // The API's validation details land on the field they name.
    const password = page.getByRole('textbox', { name: 'Password' })
    await password.fill('abc')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => password.getAttribute('aria-invalid'), WAIT).toBe('true')
    const described = (await password.getAttribute('aria-describedby'))!.split(' ').filter(Boolean)
    const messages = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()))
    expect(messages.join(' ')).toMatch(/password/i)
    await expectAccessible(page, 'registration with an error')
    await password.fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor(WAIT)
    expect(await page.getByRole('status').textContent()).toContain('ada@example.test')
    await expectAccessible(page, 'verify-email notice')

    // A wrong password is shown on the form; the right one signs in.
    await page.getByRole('link', { name: 'Go to sign-in' }).click()
    await signIn(page, 'ada@example.test', 'wrong password')
    await page.getByRole('alert').waitFor(WAIT)
    await page.getByRole('textbox', { name: 'Password' }).fill('correct horse battery')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Your tenants' }).waitFor(WAIT)
    await expectAccessible(page, 'tenant home')

    // A tenant, then its dashboard.
    await page.getByRole('link', { name: 'Create a tenant' }).click()
    await page.getByRole('heading', { name: 'Create a tenant' }).waitFor(WAIT)
    await expectAccessible(page, 'tenant creation')
    await page.getByLabel('Name').fill('Ada’s Notes')
    await page.getByRole('button', { name: 'Create tenant' }).click()
    await page.getByRole('heading', { name: 'Recent activities' }).waitFor(WAIT)
    const tenantId = new URL(page.url()).pathname.split('/')[3]!
    expect(tenantId).toMatch(/^[0-9a-f]{24}$/)
    await page.getByRole('heading', { name: 'Ada’s Notes' }).waitFor(WAIT)
    await expectAccessible(page, 'dashboard')

    // Categories (a tree) and tags.
    await page.getByRole('link', { name: 'Categories' }).click()
    await page.getByText('No categories yet.').waitFor(WAIT)
    await expectAccessible(page, 'categories')
    await newCategory(page, 'Travel')
    await newCategory(page, 'Europe', 'Travel')
    await page.locator('li[data-category="Travel"] li[data-category="Europe"]').waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'categories with a tree')
    await page.getByRole('link', { name: 'Tags' }).click()
    await page.getByText('No tags yet.').waitFor(WAIT)
    await page.getByRole('textbox', { name: 'Title' }).fill('Spring')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByRole('cell', { name: 'spring', exact: true }).waitFor(WAIT)
    await expectAccessible(page, 'tags')

    // The contents list, empty, then the editor.
    await page.getByRole('link', { name: 'Contents' }).click()
    await page.getByText('No contents match.').waitFor(WAIT)
    await expectAccessible(page, 'contents list')
    await page.getByRole('link', { name: 'New content' }).click()
    const body = page.getByRole('textbox', { name: 'Body' })
    await body.waitFor(WAIT)
    await expectAccessible(page, 'editor')
    await page.getByLabel('Title').fill('Hello from Studio')
    await page.getByLabel('Summary').fill('A first article.')
    await page.getByRole('checkbox', { name: 'Europe' }).check()
    const tags = page.getByRole('combobox', { name: 'Tags' })
    await tags.fill('spring')
    await tags.press('Enter')
    await tags.fill('Slow travel')
    await tags.press('Enter')
    await body.click()
    await page.getByRole('button', { name: 'Heading 2' }).click()
    await page.keyboard.type('A heading')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Some words.')
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.waitForURL(/\/contents\/[0-9a-f]{24}$/, WAIT)

    // Published: the public route serves it to a website.
    const read = await studio.ctx.app.inject({
      method: 'GET',
      url: '/api/public/contents/slug/hello-from-studio',
      headers: { 'x-tenant-id': tenantId },
    })
    expect(read.statusCode, read.body).toBe(200)
    const { content } = read.json()
    expect(content).toMatchObject({ title: 'Hello from Studio', summary: 'A first article.' })
    expect(content.html).toContain('A heading</h2>')
    expect(content.html).toContain('Some words.')
    const stored = await studio.ctx.app.inject({
      method: 'GET',
      url: `/api/contents/${content.id}`,
      headers: { 'x-tenant-id': tenantId, cookie: await cookieHeader() },
    })
    expect(stored.statusCode, stored.body).toBe(200)
    const tagTitles = await studio.ctx.app.inject({
      method: 'GET',
      url: `/api/tags?ids=${stored.json().content.tags.join(',')}`,
      headers: { 'x-tenant-id': tenantId, cookie: await cookieHeader() },
    })
    expect(
      tagTitles
        .json()
        .tags.map((tag: any) => tag.title)
        .sort(),
    ).toEqual(['Slow travel', 'Spring'])
    expect(stored.json().content.categories).toHaveLength(1)

    // The list shows it; a reload of the editor opens the stored tree.
    await page.reload()
    await expect.poll(() => body.textContent(), WAIT).toBe('A headingSome words.')
    // Versions, their comparison and restore, and scheduling: test/studio-editor.browser.test.ts.

    await page.getByRole('link', { name: 'Contents' }).click()
    await page.getByRole('link', { name: 'Hello from Studio' }).waitFor(WAIT)
    await expectAccessible(page, 'contents list with a content')
    await page.getByRole('combobox', { name: 'Category' }).click()
    await page.getByRole('option', { name: '— Europe' }).click()
    await page.waitForURL(/category=[0-9a-f]{24}/, WAIT)
    await page.getByRole('link', { name: 'Hello from Studio' }).waitFor(WAIT)
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Draft' }).click()
    await page.getByText('No contents match.').waitFor(WAIT)

    // The media library: an upload through the presigned flow, then its alt text.
    await page.getByRole('link', { name: 'Media' }).click()
    await page.getByText('No media yet.').waitFor(WAIT)
    await expectAccessible(page, 'media library')
    await page.locator('input[type="file"]').setInputFiles({
      name: 'sky.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegBytes(320, 200),
    })
    const alt = page.getByRole('textbox', { name: 'Alt text of sky.jpg' })
    await alt.waitFor(WAIT)
    await alt.fill('A blue sky')
    await page.getByRole('button', { name: 'Save the alt text of sky.jpg' }).click()
    await page.getByText('Alt text of sky.jpg saved.').waitFor(WAIT)
    const listed = await studio.ctx.app.inject({
      method: 'GET',
      url: '/api/public/contents/slug/hello-from-studio',
      headers: { 'x-tenant-id': tenantId },
    })
    expect(listed.statusCode).toBe(200)
    await expectAccessible(page, 'media library with an item')

    // A session that ends: the next call goes to sign-in, which returns to the same screen.
    await page.getByRole('link', { name: 'Tags' }).click()
    await page.getByRole('textbox', { name: 'Title' }).waitFor(WAIT)
    await context.clearCookies()
    await page.getByRole('textbox', { name: 'Title' }).fill('Winter')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor(WAIT)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/t/${tenantId}/tags`)
    await signIn(page, 'ada@example.test', 'correct horse battery')
    await page.getByRole('heading', { name: 'Tags' }).waitFor(WAIT)
    expect(new URL(page.url()).pathname).toBe(`/admin/t/${tenantId}/tags`)

    // A phone's width: the navigation folds behind a labelled button.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Show or hide the navigation' }).click()
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByRole('heading', { name: 'Recent activities' }).waitFor(WAIT)
    await expectAccessible(page, 'dashboard at 390×844')

    // The profile: Turkish from the account's language on.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await page.getByRole('heading', { name: 'Your profile' }).waitFor(WAIT)
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await expectAccessible(page, 'profile')
    await page.getByRole('combobox', { name: 'Language' }).click()
    await page.getByRole('option', { name: 'Türkçe' }).click()
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByRole('heading', { name: 'Profiliniz' }).waitFor(WAIT)
    expect(await page.getAttribute('html', 'lang')).toBe('tr')
    await page.goBack()
    await page.getByRole('link', { name: 'İçerikler' }).click()
    await page.getByRole('heading', { name: 'İçerikler' }).waitFor(WAIT)
    await expectAccessible(page, 'contents list in Turkish')

    expect(problems).toEqual([])
    await context.close()
  }, 90_000)
})
