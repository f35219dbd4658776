import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  closeContexts,
  compileBrowserHelpers,
  describeInBrowser,
  freePort,
  serveWebsiteExample,
  workerBrowser,
} from './browser.js'
import { createContent } from './content-fixtures.js'
import { createForm } from './form-fixtures.js'
import { call, createTestContext, type SeededMember, seedTenant, type TestContext } from './helpers.js'
import { jpegBytes, uploadMedia, waitForVariants } from './media-fixtures.js'
import { menuFixtures } from './menu-fixtures.js'

// The static example of README "Your first website" (examples/website/), served from other origins
// than Folio's and driven in Chromium: what a visitor sees, and what Folio then holds.
const WAIT = { timeout: 10_000 }

let ctx: TestContext
let api: string
let browser: Browser
let owner: SeededMember
/** The example on an origin the tenant allows, and on one it does not. */
let allowed: Server
let refused: Server
const seeded: Record<string, any> = {}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

/** examples/website/, pointed at this test's Folio and tenant. */
function serveExample(): Promise<Server> {
  return serveWebsiteExample(() => ({
    api,
    tenant: owner.tenantId,
    menu: { location: 'header' },
    contactForm: 'contact',
  }))
}

/** Through the admin API, as an editor would: posts (one with an uploaded image), pages, a menu, a form. */
async function seed() {
  owner = await seedTenant(ctx.db)
  const token = owner.token
  const policy = await call(ctx.app, 'PUT', '/api/tenant-settings', {
    token,
    body: { edgeGateway: { publicReadEnabled: true, allowedOrigins: [originOf(allowed)] } },
  })
  expect(policy.statusCode, policy.body).toBe(200)
  const uploaded = await uploadMedia(ctx.app, token, await jpegBytes(800, 500), 'image/jpeg', {
    altText: 'A blue sky',
  })
  seeded.media = await waitForVariants(ctx.app, token, uploaded.id)
  const category = await call(ctx.app, 'POST', '/api/categories', { token, body: { name: 'Travel' } })
  expect(category.statusCode, category.body).toBe(200)
  seeded.category = category.data.category
  await createContent(ctx, token, {
    title: 'An older post',
    summary: 'From last week.',
    html: '<p>Older news.</p>',
    status: 'published',
  })
  seeded.post = await createContent(ctx, token, {
    title: 'Hello <world> & friends',
    summary: 'A first post, with a picture.',
    html: '<p onclick="window.hacked = 1">Welcome to <strong>the site</strong>.</p><script>window.hacked = 2</script>',
    status: 'published',
    authorName: 'Ada',
    featuredMediaId: uploaded.id,
    categories: [seeded.category.id],
  })
  const page = (body: Record<string, unknown>) =>
    createContent(ctx, token, { type: 'page', status: 'published', ...body })
  seeded.about = await page({ title: 'About', html: '<p>Who we are.</p>', order: 0 })
  seeded.team = await page({ title: 'Team', html: '<p>The people.</p>', parentId: seeded.about.id })
  await page({ title: 'Imprint', html: '<p>Legal.</p>', order: 1 })
  await page({ title: 'Unfinished', status: 'draft', parentId: seeded.about.id })
  seeded.form = await createForm(ctx.app, token, {
    slug: 'contact',
    settings: { browserSubmission: true, antiSpam: { minFillSeconds: 0 } },
  })
  const { createMenu, addItem } = menuFixtures(ctx)
  const menu = await createMenu(token, { name: 'Main', location: 'header', status: 'active' })
  await addItem(token, menu.id, { title: 'Home', type: 'custom', url: '#/' })
  const about = await addItem(token, menu.id, {
    title: 'About us',
    type: 'content',
    referenceId: seeded.about.id,
  })
  await addItem(token, menu.id, {
    title: 'Our team',
    type: 'content',
    referenceId: seeded.team.id,
    parentId: about.id,
  })
  await addItem(token, menu.id, { title: 'Travel', type: 'category', referenceId: seeded.category.id })
  await addItem(token, menu.id, { title: 'Write to us', type: 'form', referenceId: seeded.form.id })
  await addItem(token, menu.id, {
    title: 'Folio',
    type: 'external',
    url: 'https://folio.example/',
    target: '_blank',
  })
}

beforeAll(async () => {
  const port = await freePort()
  api = `http://127.0.0.1:${port}`
  ctx = await createTestContext({ env: { PUBLIC_URL: api }, browserClientFile: compileBrowserHelpers() })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  allowed = await serveExample()
  refused = await serveExample()
  await seed()
  browser = await workerBrowser()
}, 60_000)
afterAll(async () => {
  await closeContexts(browser)
  for (const server of [allowed, refused]) {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  }
  await ctx?.close()
})

/** A list of links (`ul > li > a`, nested) as `text(children…)` strings. */
function outline(page: Page, selector: string): Promise<string[]> {
  return page.$eval(selector, (list: any) => {
    const walk = (ul: any): string[] =>
      [...ul.children].map((li: any) => {
        const text = li.querySelector(':scope > a, :scope > span').textContent
        const sub = li.querySelector(':scope > ul')
        return sub === null ? text : `${text}(${walk(sub).join(',')})`
      })
    return walk(list)
  })
}

/** The size an image decoded to (0 until it loaded), and the URL it was loaded from. */
function loaded(page: Page, selector: string) {
  return page.$eval(selector, (img: any) => ({
    width: img.complete ? img.naturalWidth : 0,
    src: img.currentSrc,
  }))
}

const focused = (page: Page) =>
  page.evaluate('document.activeElement?.tagName + " " + document.activeElement?.textContent')

describeInBrowser('the "Your first website" example in Chromium', () => {
  it('lists posts, shows one with its image, renders the page tree and the menu, and submits the form', async () => {
    const page = await browser.newPage({ locale: 'en-US' })
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    const variant = (name: string) => seeded.media.variants.find((v: any) => v.name === name).url
    await page.goto(`${originOf(allowed)}/`)

    // The post list: newest first, titles as text, the thumbnail variant loaded.
    await expect
      .poll(() => page.$$eval('main h2 a', (links: any[]) => links.map((link) => link.textContent)), WAIT)
      .toEqual(['Hello <world> & friends', 'An older post'])
    expect(await page.textContent('main h1')).toBe('Posts')
    expect(await page.getAttribute('main .thumbnail', 'src')).toBe(variant('thumbnail'))
    await expect
      .poll(() => loaded(page, 'main .thumbnail'), WAIT)
      .toEqual({ width: 150, src: variant('thumbnail') })

    // The page tree (the draft page left out) and the menu, each item linking into the site.
    await expect.poll(() => outline(page, '#pages > ul'), WAIT).toEqual(['About(Team)', 'Imprint'])
    await expect
      .poll(() => outline(page, '#menu > ul'), WAIT)
      .toEqual(['Home', 'About us(Our team)', 'Travel', 'Write to us', 'Folio'])
    expect(
      await page.$$eval('#menu a', (links: any[]) =>
        links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')]),
      ),
    ).toEqual([
      ['Home', '#/', null],
      ['About us', '#/page/about', null],
      ['Our team', '#/page/team', null],
      ['Travel', `#/category/${seeded.category.id}/${seeded.category.slug}`, null],
      ['Write to us', '#/form/contact', null],
      ['Folio', 'https://folio.example/', '_blank'],
    ])

    // One post by slug: its sanitized html, its meta, its featured image from a variant URL, loaded.
    await page.getByRole('link', { name: 'Hello <world> & friends' }).click()
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Hello <world> & friends')
    expect(page.url()).toBe(`${originOf(allowed)}/#/post/${seeded.post.slug}`)
    expect(await focused(page)).toBe('H1 Hello <world> & friends')
    expect(await page.textContent('main .content-body')).toBe('Welcome to the site.')
    expect(await page.$$('main .content-body script, main .content-body [onclick]')).toHaveLength(0)
    expect(await page.evaluate('window.hacked')).toBeUndefined()
    expect(await page.textContent('main .meta')).toMatch(/^\w+ \d+, \d{4} · Ada · Travel$/)
    expect(await page.getAttribute('main .featured img', 'src')).toBe(variant('large'))
    expect(await page.getAttribute('main .featured img', 'alt')).toBe('A blue sky')
    await expect.poll(async () => (await loaded(page, 'main .featured img')).width, WAIT).toBeGreaterThan(0)
    expect((await loaded(page, 'main .featured img')).src).toMatch(
      new RegExp(`^${api}/media/${owner.tenantId}/.*/variants/(small|medium|large)\\.jpg$`),
    )

    // A child page from the tree, marked as the current one.
    await page.locator('#pages').getByRole('link', { name: 'Team' }).click()
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Team')
    expect(await page.textContent('main .content-body')).toBe('The people.')
    expect(await page.getAttribute('#pages a[aria-current="page"]', 'href')).toBe('#/page/team')
    expect(await page.$$('main .meta')).toHaveLength(0)

    // A category from the menu: its posts only, titled by its name.
    await page.locator('#menu').getByRole('link', { name: 'Travel' }).click()
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Travel')
    expect(await page.$$eval('main h2 a', (links: any[]) => links.map((link) => link.textContent))).toEqual([
      'Hello <world> & friends',
    ])

    // The form from the menu, submitted from the browser without a token.
    await page.locator('#menu').getByRole('link', { name: 'Write to us' }).click()
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Contact')
    expect(await focused(page)).toBe('H1 Contact')
    await page.getByLabel('Name (required)').fill('Grace')
    await page.getByLabel('E-mail (required)').fill('grace@example.com')
    await page.getByLabel('Topic').selectOption('support')
    await page.getByLabel('age', { exact: true }).fill('36')
    await page.click('main button[type="submit"]')
    await expect
      .poll(() => page.textContent('main .success'), WAIT)
      .toBe('Thank you, your answers were received.')
    expect(await focused(page)).toBe('P Thank you, your answers were received.')
    expect(problems).toEqual([])

    const responses = await call(ctx.app, 'GET', `/api/forms/${seeded.form.id}/responses`, {
      token: owner.token,
    })
    expect(responses.statusCode, responses.body).toBe(200)
    expect(responses.data.items).toHaveLength(1)
    expect(responses.data.items[0]).toMatchObject({
      data: { name: 'Grace', email: 'grace@example.com', topic: 'support', age: 36 },
      status: 'pending',
      flaggedAsSpam: false,
      source: 'web',
    })

    // A refused answer: Folio's message and the field it names, and nothing stored.
    await page.goto(`${originOf(allowed)}/#/contact`)
    await page.getByLabel('Name (required)').fill('Bob')
    await page.getByLabel('E-mail (required)').fill('bob@example.com')
    await page.getByLabel('code', { exact: true }).fill('abc')
    await page.click('main button[type="submit"]')
    await expect
      .poll(() => page.textContent('main [role="alert"]'), WAIT)
      .toBe('The submission is invalid: code does not match the pattern ^[A-Z]{3}-\\d{2}$.')
    expect(await page.getAttribute('#field-code', 'aria-invalid')).toBe('true')
    expect(await page.textContent('#field-code-error')).toBe(
      'code does not match the pattern ^[A-Z]{3}-\\d{2}$',
    )
    expect(problems).toEqual([expect.stringContaining('status of 400')])
    const after = await call(ctx.app, 'GET', `/api/forms/${seeded.form.id}/responses`, { token: owner.token })
    expect(after.data.pagination.total).toBe(1)
    await page.close()
  })

  it('in two languages: the browser’s language first, a switcher, hreflang links, each article in its language', async () => {
    const token = owner.token
    const locales = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token,
      body: { locales: { default: 'en', available: ['en', 'tr'] } },
    })
    expect(locales.statusCode, locales.body).toBe(200)
    const made = await call(ctx.app, 'POST', `/api/contents/${seeded.post.id}/translations`, {
      token,
      body: { locale: 'tr' },
    })
    expect(made.statusCode, made.body).toBe(201)
    const turkish = made.data.content
    const saved = await call(ctx.app, 'PUT', `/api/contents/${turkish.id}`, {
      token,
      body: {
        title: 'Merhaba dünya',
        slug: 'merhaba',
        html: '<p>Siteye hoş geldiniz.</p>',
        status: 'published',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)

    // A Turkish browser: the Turkish translation where there is one, the English post where not.
    const page = await browser.newPage({ locale: 'tr-TR' })
    await page.goto(`${originOf(allowed)}/`)
    await expect
      .poll(() => page.$$eval('main h2 a', (links: any[]) => links.map((link) => link.textContent)), WAIT)
      .toEqual(['Merhaba dünya', 'An older post'])
    expect(await page.getAttribute('html', 'lang')).toBe('tr')
    const switcher = page.getByRole('navigation', { name: 'Languages' })
    expect(await switcher.getByRole('link').allTextContents()).toEqual(['English', 'Türkçe'])
    expect(await switcher.locator('a[aria-current="true"]').textContent()).toBe('Türkçe')

    // The Turkish article names its English original for search engines and for the switcher.
    await page.getByRole('link', { name: 'Merhaba dünya' }).click()
    await expect.poll(() => page.textContent('main .content-body'), WAIT).toBe('Siteye hoş geldiniz.')
    const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links: any[]) =>
      links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
    )
    expect(alternates).toEqual([
      ['tr', `${originOf(allowed)}/?lang=tr#/post/merhaba`],
      ['en', `${originOf(allowed)}/?lang=en#/post/${seeded.post.slug}`],
    ])

    // Switching to English opens the English original, and keeps English on the next reads.
    await switcher.getByRole('link', { name: 'English' }).click()
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Hello <world> & friends')
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    await page.getByRole('link', { name: 'Example site' }).click()
    await expect
      .poll(() => page.$$eval('main h2 a', (links: any[]) => links.map((link) => link.textContent)), WAIT)
      .toEqual(['Hello <world> & friends', 'An older post'])

    // An English slug asked for in Turkish goes to the Turkish translation.
    await page.goto(`${originOf(allowed)}/?lang=tr#/post/${seeded.post.slug}`)
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Merhaba dünya')
    expect(new URL(page.url()).hash).toBe('#/post/merhaba')
    await page.close()
  })

  it('on an origin the tenant does not allow, says so instead of showing contents', async () => {
    const page = await browser.newPage()
    await page.goto(`${originOf(refused)}/`)
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('This page could not be loaded')
    expect(await page.textContent('main [role="alert"]')).toBe(
      `Folio at ${api} answered, but does not let this page read its answers (CORS). Either the tenant id in config.js is not a tenant's, or the tenant does not allow this page's origin, ${originOf(refused)}: add it to the tenant's edgeGateway.allowedOrigins (README "Your first website").`,
    )
    expect(await page.$$('#menu a, #pages a')).toHaveLength(0)
    await page.close()
  })
})
