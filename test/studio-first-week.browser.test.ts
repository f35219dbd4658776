import { expect, it } from 'vitest'
import { apiUsage } from '../src/db/schema/index.js'
import { call, seedTenant } from './helpers.js'
import { jpegBytes } from './media-fixtures.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  openStudioPage,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// The small things an editor's or a developer's first week trips on: the tenant ID where it is
// needed, tags typed one after another, an image uploaded from the editor, sentences that count
// right, a not-found page with the navigation, keyboard navigation, a phone-wide team screen.

const studio = useStudioServer()

/** The tag name of the focused element and its accessible text (label, or text content). */
const focused = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    const active = (globalThis as any).document.activeElement
    return {
      tag: active?.tagName as string,
      text: (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim() as string,
      id: active?.id as string,
    }
  })

describeStudioJourney('Studio: the first week', () => {
  it('logs no error on a first visit, and shows the tenant ID with a copy button where developers need it', async () => {
    const problems: string[] = []
    const { context: anonymous, page: first } = await openStudioPage(studio, problems)
    const session = first.waitForResponse((answer) => answer.url().endsWith('/api/auth/session'))
    await first.goto(`${studio.origin}/admin/`)
    expect((await session).status()).toBe(200)
    await first.getByRole('heading', { name: 'Sign in' }).waitFor(WAIT)
    await anonymous.close()
    expect(problems).toEqual([])

    const owner = await seedTenant(studio.ctx.db)
    const { context, page, problems: signedIn } = await openSignedIn(studio, owner, '/settings')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studio.origin })
    const field = page.getByRole('textbox', { name: 'Tenant ID' })
    await field.waitFor(WAIT)
    expect(await field.inputValue()).toBe(owner.tenantId)
    await page.getByRole('button', { name: 'Copy the tenant ID' }).click()
    await page.getByRole('button', { name: 'Tenant ID copied' }).waitFor(WAIT)
    expect(await page.getByRole('status').filter({ hasText: 'Tenant ID copied' }).count()).toBe(1)
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(owner.tenantId)
    await expectAccessible(page, 'settings with the tenant ID')

    // The switch and its help say the same thing.
    await page.getByRole('tab', { name: 'Edge policy' }).click()
    await page
      .getByText('On: websites and apps read what this tenant publishes through the public routes')
      .waitFor(WAIT)
    expect(await page.getByRole('switch', { name: 'Public reads' }).isChecked()).toBe(true)

    await page.getByRole('link', { name: 'API tokens' }).click()
    await page.getByRole('heading', { name: 'API tokens' }).waitFor(WAIT)
    expect(await page.getByRole('textbox', { name: 'Tenant ID' }).inputValue()).toBe(owner.tenantId)
    await expectAccessible(page, 'API tokens with the tenant ID')
    expect(signedIn).toEqual([])
    await context.close()
  }, 90_000)

  it('moves by keyboard: a skip link first, the focus on each new screen’s heading, a not-found page in the shell', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const { context, page, problems } = await openSignedIn(studio, owner, '/')
    await page.getByRole('heading', { name: 'Recent activities' }).waitFor(WAIT)

    // A fresh load: the first Tab reaches the skip link, which takes the focus to the screen.
    await page.reload()
    await page.getByRole('heading', { name: 'Recent activities' }).waitFor(WAIT)
    await page.getByRole('button', { name: 'Show as table' }).waitFor(WAIT)
    await page.keyboard.press('Tab')
    expect(await focused(page)).toMatchObject({ tag: 'A', text: 'Skip to content' })
    await page.keyboard.press('Enter')
    expect(await focused(page)).toMatchObject({ tag: 'MAIN', id: 'main' })
    await page.keyboard.press('Tab')
    expect(
      await page.evaluate(() => {
        const document = (globalThis as any).document
        return document.getElementById('main').contains(document.activeElement)
      }),
    ).toBe(true)

    // A link of the navigation: the focus lands on the new screen's heading.
    await page.getByRole('link', { name: 'Tags' }).click()
    await expect.poll(() => focused(page), WAIT).toMatchObject({ tag: 'H1', text: 'Tags' })
    await page.getByRole('link', { name: 'Team' }).press('Enter')
    await expect.poll(() => focused(page), WAIT).toMatchObject({ tag: 'H1', text: 'Team' })

    // An unknown address inside a tenant, and outside any: the shell and its navigation stay.
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/no-such-screen`)
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor(WAIT)
    await page
      .getByRole('navigation', { name: 'Tenant' })
      .getByRole('link', { name: 'Dashboard' })
      .waitFor(WAIT)
    await expectAccessible(page, 'not found in a tenant')
    await page.goto(`${studio.origin}/admin/no-such-page`)
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor(WAIT)
    await page.getByRole('button', { name: 'Account menu' }).waitFor(WAIT)
    await page.getByRole('link', { name: 'Go to the start page' }).click()
    await page.getByRole('heading', { name: 'Recent activities' }).waitFor(WAIT)
    expect(problems).toEqual([])
    await context.close()
  }, 90_000)

  it('counts right: the quota line, the daily chart, the contents a category deletion takes from', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const hour = new Date(Date.now() - (Date.now() % 3_600_000))
    await studio.ctx.db
      .insert(apiUsage)
      .values({ tenantId: owner.tenantId, budget: 'public', hour, requests: 1 })
    const category = await call(studio.ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: { name: 'Travel' },
    })
    const filed = await call(studio.ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'Filed', categories: [category.data.category.id] },
    })
    expect(filed.statusCode).toBe(200)

    const { context, page, problems } = await openSignedIn(studio, owner, '/')
    // Enterprise: no limit; one public request, said in the singular.
    await page.getByText('1 request this month; no limit').waitFor(WAIT)
    expect(await page.getByText(/\b1 requests\b/).count()).toBe(0)

    // The month's days as a series: a row per day so far, today's with its public request.
    const chart = page.getByRole('figure', { name: 'API requests per day this month' })
    await chart.waitFor(WAIT)
    await chart.getByRole('button', { name: 'Show as table' }).click()
    const rows = chart.getByRole('table').getByRole('row')
    await expect.poll(() => rows.count(), WAIT).toBe(new Date().getUTCDate() + 1)
    const today = new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date())
    const todayRow = chart.getByRole('row', { name: new RegExp(`^${today} `) })
    expect((await todayRow.getByRole('cell').allTextContents()).slice(0, 1)).toEqual(['1'])
    await expectAccessible(page, 'dashboard with the daily chart')

    await page.getByRole('link', { name: 'Categories' }).click()
    await page.getByRole('button', { name: 'Actions for Travel' }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete Travel?' })
    await dialog
      .getByText('Travel will be deleted. 1 content is filed under it and will lose it.')
      .waitFor(WAIT)
    await expectAccessible(page, 'category deletion with its count')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await dialog.waitFor({ state: 'detached', ...WAIT })
    const content = await call(studio.ctx.app, 'GET', `/api/contents/${filed.data.content.id}`, {
      token: owner.token,
    })
    expect(content.data.content.categories).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  }, 90_000)

  it('keeps the focus in the tag input after Enter, and uploads an image from the picker', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const { context, page, problems } = await openSignedIn(studio, owner, '/contents/new')
    await page.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
    await page.getByLabel('Title').fill('Tags by keyboard')
    const tags = page.getByRole('combobox', { name: 'Tags' })
    await tags.click()
    await page.keyboard.type('First tag')
    await page.keyboard.press('Enter')
    // A new tag is created, and the input keeps the focus: the next one is typed straight on.
    await page.locator('.mantine-Pill-root', { hasText: 'First tag' }).waitFor(WAIT)
    expect(await tags.evaluate((input) => input === (globalThis as any).document.activeElement)).toBe(true)
    await page.keyboard.type('Second tag')
    await page.keyboard.press('Enter')
    await page.locator('.mantine-Pill-root', { hasText: 'Second tag' }).waitFor(WAIT)
    expect(await tags.evaluate((input) => input === (globalThis as any).document.activeElement)).toBe(true)

    await page.getByRole('button', { name: 'Choose a featured image' }).click()
    const picker = page.getByRole('dialog', { name: 'Choose the featured image' })
    await picker.getByText('No image matches.').waitFor(WAIT)
    await expectAccessible(page, 'image picker with its upload')
    await picker.locator('input[type="file"]').setInputFiles({
      name: 'harbour.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegBytes(320, 200),
    })
    // Uploaded through the presigned flow, then chosen: the picker closes on it.
    await picker.waitFor({ state: 'detached', ...WAIT })
    await page.getByText('harbour.jpg').waitFor(WAIT)
    await page.getByRole('button', { name: 'Change the featured image' }).waitFor(WAIT)
    const media = await call(studio.ctx.app, 'GET', '/api/media', { token: owner.token })
    expect(media.data.media.map((item: { originalName: string }) => item.originalName)).toEqual([
      'harbour.jpg',
    ])
    expect(problems).toEqual([])
    await context.close()
  }, 90_000)

  it('fits the team screen into a phone’s width', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const { context, page, problems } = await openSignedIn(studio, owner, '/team', {
      viewport: { width: 390, height: 844 },
    })
    await page.getByRole('heading', { name: 'Team' }).waitFor(WAIT)
    await page.getByRole('cell', { name: owner.email }).waitFor(WAIT)
    const widths = await page.evaluate(() => {
      const root = (globalThis as any).document.documentElement
      return { scroll: root.scrollWidth, client: root.clientWidth }
    })
    expect(widths.scroll).toBeLessThanOrEqual(widths.client)
    await expectAccessible(page, 'team at 390×844')
    expect(problems).toEqual([])
    await context.close()
  }, 90_000)
})
