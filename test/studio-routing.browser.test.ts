import type { Page, Route } from 'playwright-core'
import { expect, it } from 'vitest'
import { joinTenant } from './auth-fixtures.js'
import { call, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  openSignedIn,
  openStudioPage,
  signIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// The tenant of every call and the lists' state in the address (docs/decisions/studio.md "The
// tenant of every call", "Lists in the address"): a member of two tenants switches from one to the
// other while the first one's contents are still being read, and back; neither tenant's contents
// ever show under the other. A list's page and search survive a reload.

const studio = useStudioServer()

const A_TITLES = ['Apricot jam', 'Almond cake'] as const
const B_TITLES = ['Blueberry tart', 'Brioche loaf'] as const

/**
 * Records, in the page, every change of what it shows: the tenant the switcher names and whether
 * the screen holds tenant A's or B's titles (`<tenant name>|A`, `|B`, `|AB` or `|`), at each DOM
 * change and every 10 ms, from the first document on.
 */
async function recordScreens(page: Page) {
  await page.addInitScript(
    ({ a, b }) => {
      const w = globalThis as any
      w.__screens = []
      const sample = () => {
        const text: string = w.document.querySelector('main')?.textContent ?? ''
        const tenant: string = w.document.querySelector('input[aria-label="Tenant"]')?.value ?? ''
        const shows = (titles: readonly string[]) => titles.some((title) => text.includes(title))
        const entry = `${tenant}|${shows(a) ? 'A' : ''}${shows(b) ? 'B' : ''}`
        if (w.__screens.at(-1) !== entry) w.__screens.push(entry)
      }
      new w.MutationObserver(sample).observe(w.document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      })
      w.setInterval(sample, 10)
    },
    { a: A_TITLES, b: B_TITLES },
  )
  return () => page.evaluate(() => (globalThis as any).__screens as string[])
}

/** Picks `name` in the tenant switcher of the header. */
async function switchTo(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Tenant' }).click()
  await page.getByRole('option', { name, exact: true }).click()
}

/** A content's title in the contents list (a link to its editor). */
const titleLink = (page: Page, title: string) =>
  page.getByRole('table').getByRole('link', { name: title, exact: true })

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describeStudioJourney('Studio routing in Chromium', () => {
  it('never shows one tenant’s contents under another while switching mid-load', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const tenantA = owner.tenantId
    const tenantB = await joinTenant(studio.ctx.db, owner.userId, 'owner')
    const nameA = `Tenant ${tenantA}`
    const nameB = `Other ${tenantB}`
    for (const [tenantId, titles] of [
      [tenantA, A_TITLES],
      [tenantB, B_TITLES],
    ] as const) {
      for (const title of titles) {
        const created = await call(studio.ctx.app, 'POST', '/api/contents', {
          token: owner.token,
          headers: { 'x-tenant-id': tenantId },
          body: { title, status: 'draft' },
        })
        expect(created.statusCode, created.body).toBe(200)
      }
    }

    // Every read of the contents list is slow; tenant A's first one fails after 1.5 s (a 503,
    // which Studio asks again a second later), so A's contents are still being read well after
    // the switch to B. B's dashboard is slow to load too (its script, 3 s), so the switch is under
    // way while A's retry goes out: a client whose tenant is set for the whole app would send it
    // as B's and keep B's contents as A's.
    const problems: string[] = []
    const { context, page } = await openStudioPage(studio, problems, { expected: [/^503 \/api\/contents\?/] })
    const screens = await recordScreens(page)
    const reads: string[] = []
    let failedOnce = false
    await page.route(
      (url) => url.pathname === '/api/contents',
      async (route: Route) => {
        const tenant = route.request().headers()['x-tenant-id'] ?? 'none'
        reads.push(tenant)
        if (tenant === tenantA && !failedOnce) {
          failedOnce = true
          await delay(1500)
          await route.fulfill({ status: 503, json: { error: 'ServiceUnavailable', message: 'Busy.' } })
          return
        }
        await delay(700)
        await route.continue()
      },
    )
    let dashboardLoaded = false
    await page.route(
      (url) => /^\/admin\/assets\/dashboard-[\w-]+\.js$/.test(url.pathname),
      async (route: Route) => {
        if (!dashboardLoaded) await delay(3000)
        dashboardLoaded = true
        await route.continue()
      },
    )
    let answers = 0
    page.on('response', (answer) => {
      if (new URL(answer.url()).pathname === '/api/contents') answers += 1
    })

    await page.goto(`${studio.origin}/admin/t/${tenantA}/contents`)
    await signIn(page, owner.email, owner.password)
    await expect.poll(() => reads.includes(tenantA), WAIT).toBe(true)
    // While A's first read is under way: to B, its dashboard, then its contents.
    await switchTo(page, nameB)
    await page.getByRole('heading', { name: nameB, level: 1 }).waitFor(WAIT)
    await page.getByRole('navigation').getByRole('link', { name: 'Contents' }).click()
    await page.getByRole('heading', { name: 'Contents', level: 1 }).waitFor(WAIT)
    await titleLink(page, B_TITLES[0]).waitFor(WAIT)
    // A's second read (the retry) answers while B's list is on screen.
    await expect.poll(() => answers, WAIT).toBe(3)
    await delay(300)
    expect(await titleLink(page, B_TITLES[1]).count()).toBe(1)

    // Back to A: its contents, read for A, never B's.
    await switchTo(page, nameA)
    await page.getByRole('heading', { name: nameA, level: 1 }).waitFor(WAIT)
    await page.getByRole('navigation').getByRole('link', { name: 'Contents' }).click()
    await page.getByRole('heading', { name: 'Contents', level: 1 }).waitFor(WAIT)
    await page.getByRole('table').waitFor(WAIT)
    await delay(1000)
    expect(new URL(page.url()).pathname).toBe(`/admin/t/${tenantA}/contents`)

    const seen = await screens()
    expect(seen.filter((entry) => entry.endsWith('AB'))).toEqual([])
    expect(seen.filter((entry) => entry.startsWith(`${nameB}|`) && entry.includes('A'))).toEqual([])
    expect(seen.filter((entry) => entry.startsWith(`${nameA}|`) && entry.includes('B'))).toEqual([])
    expect(seen).toContain(`${nameA}|A`)
    expect(seen).toContain(`${nameB}|B`)
    expect(await titleLink(page, A_TITLES[0]).count()).toBe(1)
    expect(await titleLink(page, A_TITLES[1]).count()).toBe(1)
    // Every read named its tenant: A's twice (the failed read and its retry, whose answer the list
    // opened again shows), B's once.
    expect([...reads].sort()).toEqual([tenantA, tenantA, tenantB].sort())
    expect(problems).toEqual([])
    await context.close()
  }, 60_000)

  it('keeps a list’s search and page in the address across a reload, and opens a bad address at its defaults', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const topics = Array.from({ length: 25 }, (_, index) => `Topic ${String(index + 1).padStart(2, '0')}`)
    for (const title of [...topics, 'Weather', 'Zoology']) {
      const created = await call(studio.ctx.app, 'POST', '/api/tags', { token: owner.token, body: { title } })
      expect(created.statusCode, created.body).toBe(200)
    }
    const { context, page, problems } = await openSignedIn(studio, owner, '/tags')
    await page.getByRole('cell', { name: 'Topic 01', exact: true }).waitFor(WAIT)
    const rows = () => page.getByRole('table').getByRole('row').allTextContents()

    await page.getByRole('searchbox', { name: 'Search tags' }).fill('Topic')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('search'), WAIT).toBe('Topic')
    await page.getByRole('button', { name: 'Page 2', exact: true }).click()
    await page.getByRole('cell', { name: 'Topic 21', exact: true }).waitFor(WAIT)
    const address = new URL(page.url())
    expect([address.searchParams.get('search'), address.searchParams.get('page')]).toEqual(['Topic', '2'])
    const pageTwo = await rows()
    expect(pageTwo.some((row) => row.includes('Topic 25'))).toBe(true)
    expect(pageTwo.some((row) => row.includes('Topic 20') || row.includes('Weather'))).toBe(false)

    await page.reload()
    await page.getByRole('cell', { name: 'Topic 21', exact: true }).waitFor(WAIT)
    expect(await rows()).toEqual(pageTwo)
    expect(await page.getByRole('searchbox', { name: 'Search tags' }).inputValue()).toBe('Topic')
    expect(await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    )

    // Back leaves page 2 for page 1 of the same search.
    await page.goBack()
    await page.getByRole('cell', { name: 'Topic 01', exact: true }).waitFor(WAIT)
    expect(new URL(page.url()).searchParams.get('page')).toBeNull()

    // An address the schema refuses opens the list at its defaults: every tag, page 1.
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/tags?page=-3&search=%20%20`)
    await page.getByRole('cell', { name: 'Topic 01', exact: true }).waitFor(WAIT)
    expect(await page.getByRole('searchbox', { name: 'Search tags' }).inputValue()).toBe('')
    expect(problems).toEqual([])
    await context.close()
  }, 60_000)
})
