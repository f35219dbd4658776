import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Frame, Page } from 'playwright-core'
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
import { call, createTestContext, type SeededMember, seedTenant, type TestContext } from './helpers.js'
import { menuFixtures } from './menu-fixtures.js'

// The example site (examples/website/) with Folio's browser helpers, in Chromium: live updates from
// the public change stream, and previews (a preview token's draft; Studio's unsaved content posted
// into the site's frame). Studio's origin is Folio's, so a page of Folio's origin stands in for it.
const WAIT = { timeout: 10_000 }
/** How soon a published change shows on an open page. */
const LIVE = { timeout: 1_000, interval: 20 }
/** How soon what an editor types shows in the preview. */
const TYPED = { timeout: 500, interval: 20 }

let ctx: TestContext
let api: string
let browser: Browser
let owner: SeededMember
/** The example site, on an origin the tenant allows. */
let site: Server
/** A page of another origin, which frames the site and posts to it. */
let other: Server
/** The header menu's id. */
let menuId: string

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

async function serveBlankPage(): Promise<Server> {
  const server = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Another site</title>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

beforeAll(async () => {
  const port = await freePort()
  api = `http://127.0.0.1:${port}`
  ctx = await createTestContext({ env: { PUBLIC_URL: api }, browserClientFile: compileBrowserHelpers() })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  site = await serveWebsiteExample(() => ({
    api,
    tenant: owner.tenantId,
    menu: { location: 'header' },
    contactForm: 'contact',
  }))
  other = await serveBlankPage()
  owner = await seedTenant(ctx.db)
  const policy = await call(ctx.app, 'PUT', '/api/tenant-settings', {
    token: owner.token,
    body: { edgeGateway: { publicReadEnabled: true, allowedOrigins: [originOf(site)] } },
  })
  expect(policy.statusCode, policy.body).toBe(200)
  // The template of README "Your first website", on this test's site.
  const template = await call(ctx.app, 'PUT', '/api/tenant-settings', {
    token: owner.token,
    body: { preview: { urls: { post: `${originOf(site)}/?preview={token}&lang={locale}#/post/{slug}` } } },
  })
  expect(template.statusCode, template.body).toBe(200)
  const { createMenu, addItem } = menuFixtures(ctx)
  const menu = await createMenu(owner.token, { name: 'Main', location: 'header', status: 'active' })
  menuId = menu.id
  await addItem(owner.token, menuId, { title: 'Home', type: 'custom', url: '#/' })
  browser = await workerBrowser()
}, 60_000)
afterAll(async () => {
  await closeContexts(browser)
  for (const server of [site, other]) {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  }
  await ctx?.close()
})

/** A new page that collects console errors and uncaught exceptions into `problems`. */
async function openPage(problems: string[]): Promise<Page> {
  const page = await browser.newPage({ locale: 'en-US' })
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return page
}

const titles = (page: Page) =>
  page.$$eval('main h2 a', (links: any[]) => links.map((link) => link.textContent))

/** The site's frame in `page` (the one `iframe` the test put there). */
async function siteFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().length, WAIT).toBe(2)
  return page.frames()[1]!
}

// Functions given to `evaluate` run in the page, whose globals the tests' TypeScript (no DOM
// library) reaches through `globalThis`.

/** Puts the site at `url` into a frame of `page`. */
function frameSite(page: Page, url: string): Promise<unknown> {
  return page.evaluate((src) => {
    const { document } = globalThis as any
    const frame = document.createElement('iframe')
    frame.src = src
    frame.width = '800'
    frame.height = '600'
    document.body.append(frame)
  }, url)
}

/** Posts `data` from `page` to the site in its frame, addressed to the site's origin. */
function postToFrame(page: Page, data: unknown): Promise<unknown> {
  return page.evaluate(
    ([message, target]) =>
      (globalThis as any).document.querySelector('iframe').contentWindow.postMessage(message, target),
    [data, originOf(site)] as const,
  )
}

describeInBrowser('the example site with live updates and previews, in Chromium', () => {
  it('shows a published change on the open article and the list within a second, without a reload', async () => {
    const post = await createContent(ctx, owner.token, {
      title: 'Morning news',
      html: '<p>First version.</p>',
      status: 'published',
    })
    const problems: string[] = []
    const page = await openPage(problems)
    const stream = page.waitForResponse((response) => response.url().startsWith(`${api}/api/public/events`))
    await page.goto(`${originOf(site)}/#/post/${post.slug}`)
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Morning news')
    const answer = await stream
    expect([answer.status(), answer.headers()['content-type']]).toEqual([
      200,
      'text/event-stream; charset=utf-8',
    ])
    expect(new URL(answer.url()).searchParams.get('tenant')).toBe(owner.tenantId)
    // Survives only if the page is never reloaded.
    await page.evaluate('window.liveMarker = "kept"')

    const updated = await call(ctx.app, 'PUT', `/api/contents/${post.id}`, {
      token: owner.token,
      body: { title: 'Evening news', html: '<p>Second version.</p>' },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    await expect.poll(() => page.textContent('main h1'), LIVE).toBe('Evening news')
    expect(await page.textContent('main .content-body')).toBe('Second version.')
    expect(await page.evaluate('window.liveMarker')).toBe('kept')

    // The menu: an item added shows in the header.
    await expect.poll(() => page.locator('#menu a').allTextContents(), WAIT).toEqual(['Home'])
    await menuFixtures(ctx).addItem(owner.token, menuId, {
      title: 'Contact',
      type: 'custom',
      url: '#/contact',
    })
    await expect.poll(() => page.locator('#menu a').allTextContents(), LIVE).toEqual(['Home', 'Contact'])

    // The list: a post published meanwhile comes in first.
    await page.getByRole('link', { name: 'Example site' }).click()
    await expect.poll(() => titles(page), WAIT).toEqual(['Evening news'])
    await createContent(ctx, owner.token, { title: 'Breaking', html: '<p>Now.</p>', status: 'published' })
    await expect.poll(() => titles(page), LIVE).toEqual(['Breaking', 'Evening news'])

    // Unpublished while open: the article goes.
    await page.getByRole('link', { name: 'Evening news' }).click()
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Evening news')
    const unpublished = await call(ctx.app, 'PUT', `/api/contents/${post.id}`, {
      token: owner.token,
      body: { status: 'draft' },
    })
    expect(unpublished.statusCode, unpublished.body).toBe(200)
    await expect.poll(() => page.textContent('main h1'), LIVE).toBe('Not found')
    expect(await page.evaluate('window.liveMarker')).toBe('kept')
    expect(problems).toEqual([expect.stringContaining('status of 404')])
    await page.close()
  })

  it('previews a published content’s pending draft with its token, marked and not indexed', async () => {
    const post = await createContent(ctx, owner.token, {
      title: 'Launch plans',
      summary: 'What goes out.',
      html: '<p>Live text.</p>',
      status: 'published',
    })
    const draft = await call(ctx.app, 'PUT', `/api/contents/${post.id}/draft`, {
      token: owner.token,
      body: { title: 'Launch plans, revised', html: '<p>Draft text.</p>' },
    })
    expect(draft.statusCode, draft.body).toBe(200)
    const made = await call(ctx.app, 'POST', `/api/contents/${post.id}/preview-token`, {
      token: owner.token,
      body: {},
    })
    expect(made.statusCode, made.body).toBe(201)
    const { token, url } = made.data
    expect(url).toBe(`${originOf(site)}/?preview=${token}&lang=en#/post/${post.slug}`)

    const problems: string[] = []
    const page = await openPage(problems)
    await page.goto(url)
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Launch plans, revised')
    expect(await page.textContent('main .content-body')).toBe('Draft text.')
    expect(await page.textContent('main .summary')).toBe('What goes out.')
    expect(await page.$$eval('meta[name="robots"]', (metas: any[]) => metas.map((m) => m.content))).toEqual([
      'noindex',
    ])
    expect(await page.textContent('.preview-banner')).toBe(
      'Preview: a draft, as visitors will see it once it is published. See the published page',
    )
    expect(await page.getAttribute('.preview-banner a', 'href')).toBe(
      `${originOf(site)}/?lang=en#/post/${post.slug}`,
    )
    expect(problems).toEqual([])

    // Visitors still see the published text, indexable.
    await page.goto(`${originOf(site)}/#/post/${post.slug}`)
    await page.reload()
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('Launch plans')
    expect(await page.textContent('main .content-body')).toBe('Live text.')
    expect(await page.$$('meta[name="robots"], .preview-banner')).toHaveLength(0)

    // A token that does not open it: the page says so.
    await page.goto(`${originOf(site)}/?preview=fpv_${'A'.repeat(43)}#/post/${post.slug}`)
    await expect.poll(() => page.textContent('main h1'), WAIT).toBe('This page could not be loaded')
    expect(await page.textContent('main [role="alert"]')).toBe(
      'The preview token is unknown, expired or revoked: ask Studio for a new preview.',
    )
    await page.close()
  })

  it('applies the unsaved content Studio posts into its frame, and ignores posts from any other origin', async () => {
    const post = await createContent(ctx, owner.token, {
      title: 'Typing test',
      html: '<p>Saved text.</p>',
      status: 'published',
    })
    const made = await call(ctx.app, 'POST', `/api/contents/${post.id}/preview-token`, {
      token: owner.token,
      body: {},
    })
    expect(made.statusCode, made.body).toBe(201)
    const typed = {
      type: 'folio:preview',
      version: 1,
      content: {
        id: post.id,
        title: 'Typed title',
        summary: 'Typed summary',
        html: '<p>Typed <em>text</em>.</p><img src="x.png" onerror="window.hacked = 1"><a href="javascript:window.hacked = 2">link</a>',
      },
    }

    // Another site framing the preview: its messages change nothing, and it hears nothing back.
    const intruder = await openPage([])
    await intruder.goto(`${originOf(other)}/`)
    await frameSite(intruder, made.data.url)
    const framedThere = await siteFrame(intruder)
    await expect.poll(() => framedThere.textContent('main h1'), WAIT).toBe('Typing test')
    await postToFrame(intruder, { ...typed, content: { ...typed.content, title: 'Forged title' } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await framedThere.textContent('main h1')).toBe('Typing test')
    await intruder.close()

    // Studio (Folio's origin) framing it: the site says it listens, then shows what is typed.
    const studio = await openPage([])
    await studio.goto(`${api}/health`)
    await studio.evaluate(() => {
      const page = globalThis as any
      page.heard = []
      page.addEventListener('message', (event: any) => page.heard.push([event.origin, event.data]))
    })
    await frameSite(studio, made.data.url)
    const frame = await siteFrame(studio)
    await expect
      .poll(() => studio.evaluate('window.heard'), WAIT)
      .toEqual([[originOf(site), { type: 'folio:preview-ready' }]])
    expect(await frame.textContent('main h1')).toBe('Typing test')

    await postToFrame(studio, typed)
    await expect.poll(() => frame.textContent('main h1'), TYPED).toBe('Typed title')
    expect(await frame.textContent('main .summary')).toBe('Typed summary')
    expect(await frame.textContent('main .content-body')).toBe('Typed text.link')
    expect(await frame.$$('main .content-body [onerror], main .content-body a[href]')).toHaveLength(0)
    expect(await frame.evaluate('window.hacked')).toBeUndefined()
    expect(await frame.evaluate('document.title')).toBe('Typed title · Example site')

    // Another content's form (another tab of Studio) leaves this article as it is.
    await postToFrame(studio, { ...typed, content: { ...typed.content, id: 'f'.repeat(24), title: 'Other' } })
    await postToFrame(studio, { ...typed, content: { ...typed.content, title: 'Typed again' } })
    await expect.poll(() => frame.textContent('main h1'), TYPED).toBe('Typed again')
    await studio.close()
  })
})
