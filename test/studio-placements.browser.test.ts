import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { call, seedMember, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  noNotifications,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's placements (docs/decisions/studio.md "Placement screens"): a placement made in Studio
// with an experience, its rules, a schedule and a weight; the decision explained for a visitor who
// matches and one who does not; events recorded through the public route and seen in the statistics
// chart's table; the API requests chart on the dashboard.

const studio = useStudioServer()
/** The pickers are typed and read in UTC, on a page tall enough for the rules editor. */
const DESKTOP = { viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' }

/** The calendar day's accessible name in Mantine's pickers, e.g. "1 November 2026". */
function dayName(date: Date): string {
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(date)
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`
}

/** Picks a day (and a time) in the date-time picker named `label`. */
async function pickDateTime(page: Page, label: string, day: Date, time: [string, string], nextMonth = false) {
  await page.getByRole('button', { name: label, exact: true }).click()
  if (nextMonth) await page.getByRole('button', { name: 'Next month' }).click()
  await page.getByRole('button', { name: dayName(day), exact: true }).click()
  await page.getByLabel('Hours', { exact: true }).pressSequentially(time[0])
  await page.getByLabel('Minutes', { exact: true }).pressSequentially(time[1])
  await page.getByRole('button', { name: 'Confirm the date and time' }).click()
}

/** The rows of the table named `caption`, as arrays of cell texts. */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption })
  await table.waitFor(WAIT)
  const rows = await table.getByRole('row').all()
  return Promise.all(
    rows.map(async (row) => (await row.locator('th, td').allTextContents()).map((text) => text.trim())),
  )
}

describeStudioJourney('Studio placements and charts in Chromium', () => {
  it('builds a targeted, scheduled placement, explains its decisions and charts its events and the API use', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const { context, page, problems } = await openSignedIn(studio, owner, '/', DESKTOP)
    await page.getByRole('heading', { name: `Tenant ${owner.tenantId}` }).waitFor(WAIT)

    // The list, then a new placement through its dialog.
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Placements' }).click()
    await page.getByText('No placement yet.').waitFor(WAIT)
    await expectAccessible(page, 'placements, empty')
    await page.getByRole('button', { name: 'New placement' }).click()
    const create = page.getByRole('dialog', { name: 'New placement' })
    await create.getByRole('textbox', { name: 'Name' }).fill('Home hero')
    await create.getByRole('textbox', { name: 'Slug' }).fill('home-hero')
    await expectAccessible(page, 'new placement dialog')
    await create.getByRole('button', { name: 'Create the placement' }).click()
    await page.getByRole('heading', { name: 'Home hero', level: 1 }).waitFor(WAIT)
    await page.getByText('No experience yet: add one to show something.').waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'placement editor, no experience')

    // An experience: added, then edited with a weight, rules and a schedule.
    await page.getByRole('button', { name: 'Add an experience' }).click()
    const add = page.getByRole('dialog', { name: 'Add an experience' })
    await add.getByRole('textbox', { name: 'Name' }).fill('Spring sale')
    await expectAccessible(page, 'new experience dialog')
    await add.getByRole('button', { name: 'Add', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Experience “Spring sale”' })
    await drawer.waitFor(WAIT)
    await drawer.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Active' }).click()
    await drawer.getByRole('textbox', { name: 'Weight' }).fill('60')
    await drawer.getByRole('textbox', { name: 'Payload (JSON)' }).fill('{"title": "Spring sale"}')
    const paths = drawer.getByRole('combobox', { name: 'Paths' })
    await paths.fill('/shop/**')
    await paths.press('Enter')
    const countries = drawer.getByRole('combobox', { name: 'Countries (ISO codes)' })
    await countries.fill('TR')
    await countries.press('Enter')
    await drawer.getByRole('checkbox', { name: 'Desktop' }).check()
    const now = new Date()
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 28))
    await page.getByRole('button', { name: 'Starts', exact: true }).click()
    await page.getByRole('button', { name: dayName(start), exact: true }).waitFor(WAIT)
    await expectAccessible(page, 'schedule start picker open')
    await page.getByRole('dialog', { name: 'Starts' }).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog', { name: 'Starts' }).waitFor({ state: 'hidden', ...WAIT })
    await pickDateTime(page, 'Starts', start, ['09', '30'])
    await expect
      .poll(() => drawer.getByRole('button', { name: 'Starts' }).textContent(), WAIT)
      .toContain(':30')
    await pickDateTime(page, 'Ends', end, ['18', '00'], true)
    await expectAccessible(page, 'experience drawer with rules')
    await drawer.getByRole('button', { name: 'Save the experience' }).click()
    await page.getByText('Experience “Spring sale” saved.').waitFor(WAIT)
    await drawer.waitFor({ state: 'hidden', ...WAIT })

    const stored = await call(studio.ctx.app, 'GET', '/api/placements?limit=10', { token: owner.token })
    const placement = stored.data.placements[0]
    const experience = placement.experiences[0]
    const iso = (date: Date, hours: number, minutes: number) =>
      new Date(date.getTime() + (hours * 60 + minutes) * 60_000).toISOString()
    expect(experience).toMatchObject({
      name: 'Spring sale',
      status: 'active',
      weight: 60,
      priority: 50,
      payload: { title: 'Spring sale' },
      rules: {
        paths: ['/shop/**'],
        countries: ['TR'],
        devices: ['desktop'],
        schedule: { startAt: iso(start, 9, 30), endAt: iso(end, 18, 0) },
      },
    })
    expect(Object.keys(experience.rules).sort()).toEqual(['countries', 'devices', 'paths', 'schedule'])
    const row = page.getByRole('row').filter({ hasText: 'Spring sale' })
    await expect.poll(() => row.textContent(), WAIT).toContain('Active')
    expect(await row.locator('td').allTextContents()).toEqual([
      'Spring sale',
      'Active',
      '50',
      '60',
      '4 rules',
      'EditDelete',
    ])
    // The pointer rests where the drawer's save button was, over the confirmation: move it away.
    await page.mouse.move(0, 0)
    await noNotifications(page)
    await expectAccessible(page, 'placement editor with an experience')

    // The decision for a visitor who matches, then for one from another country.
    await page.getByRole('tab', { name: 'Test a decision' }).click()
    const sample = page.getByRole('form', { name: 'Sample visitor' })
    await sample.getByRole('textbox', { name: 'Path' }).fill('/shop/shoes')
    await sample.getByRole('textbox', { name: 'Country code' }).fill('TR')
    await sample.getByRole('combobox', { name: 'Device' }).click()
    await page.getByRole('option', { name: 'Desktop' }).click()
    await sample.getByRole('button', { name: 'Show the decision' }).click()
    await page.getByText('Shows “Spring sale”: it is eligible and was picked for this visitor.').waitFor(WAIT)
    expect(await tableRows(page, 'Every experience, and why it is eligible or not')).toEqual([
      ['Experience', 'Eligible', 'Why'],
      ['Spring sale', 'Yes', 'Every rule matches.'],
    ])
    await expectAccessible(page, 'decision for a matching visitor')
    await sample.getByRole('textbox', { name: 'Country code' }).fill('DE')
    await sample.getByRole('button', { name: 'Show the decision' }).click()
    await page
      .getByText('Shows nothing: no experience is eligible and there is no active fallback.')
      .waitFor(WAIT)
    const rejected = await tableRows(page, 'Every experience, and why it is eligible or not')
    expect(rejected[1]?.slice(0, 2)).toEqual(['Spring sale', 'No'])
    expect(rejected[1]?.[2]).toContain('Country does not match')
    expect(rejected[1]?.[2]).not.toContain('Path does not match')
    await expectAccessible(page, 'decision for a visitor who does not match')

    // Events through the public route: 3 impressions and 2 clicks, all counted today (UTC).
    const today = now.toISOString().slice(0, 10)
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)
    const event = (type: string) => ({
      placementId: placement.id,
      experienceId: experience.id,
      type,
      sessionId: 'visitor-1',
      path: '/shop/shoes',
    })
    const recorded = await call(studio.ctx.app, 'POST', '/api/public/placements/events/batch', {
      headers: { 'x-tenant-id': owner.tenantId },
      body: { events: ['impression', 'impression', 'click', 'impression', 'click'].map(event) },
    })
    expect(recorded.statusCode, recorded.body).toBe(200)
    expect(recorded.data).toEqual({ stored: 5, rejected: [] })

    await page.getByRole('tab', { name: 'Statistics' }).click()
    const figure = page.getByRole('figure', { name: 'Daily events, all experiences' })
    await figure.locator('.recharts-surface').waitFor(WAIT)
    expect(await figure.getByRole('listitem').allTextContents()).toEqual([
      'Impressions',
      'Views',
      'Clicks',
      'Conversions',
    ])
    await figure.getByRole('button', { name: 'Show as table' }).click()
    const daily = await tableRows(page, 'Daily events, all experiences')
    expect(daily[0]).toEqual(['Day (UTC)', 'Impressions', 'Views', 'Clicks', 'Conversions'])
    expect(daily).toHaveLength(31)
    expect(daily.find(([day]) => day === today)).toEqual([today, '3', '0', '2', '0'])
    expect(daily.find(([day]) => day === yesterday)).toEqual([yesterday, '0', '0', '0', '0'])
    expect(daily.slice(1).filter((cells) => cells.slice(1).some((cell) => cell !== '0'))).toHaveLength(1)
    expect(await tableRows(page, 'Totals per experience')).toEqual([
      ['Experience', 'Impressions', 'Views', 'Clicks', 'Conversions'],
      ['Spring sale', '3', '0', '2', '0'],
    ])
    await expectAccessible(page, 'placement statistics with the table')

    // Default rules, inherited by every experience, on the settings tab.
    await page.getByRole('tab', { name: 'Settings' }).click()
    const defaults = page.getByRole('form', { name: 'Default rules' })
    const locales = defaults.getByRole('combobox', { name: 'Locales' })
    await locales.fill('tr')
    await locales.press('Enter')
    await expectAccessible(page, 'placement settings with default rules')
    await defaults.getByRole('button', { name: 'Save the default rules' }).click()
    await page.getByText('Default rules of “Home hero” saved.').waitFor(WAIT)
    const withDefaults = await call(studio.ctx.app, 'GET', `/api/placements/${placement.id}`, {
      token: owner.token,
    })
    expect(withDefaults.data.placement.defaultRules).toEqual({ locales: ['tr'] })
    await page.mouse.move(0, 0)
    await noNotifications(page)

    // Deleting asks first (the shared confirmation); cancelled here.
    await page.getByRole('button', { name: 'Delete the placement' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete “Home hero”?' })
    await confirm.waitFor(WAIT)
    await expectAccessible(page, 'delete placement confirmation')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'hidden', ...WAIT })

    // The dashboard's API requests chart: its table holds the numbers the API answered.
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/dashboard/api-stats',
    )
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}`)
    const stats = await (await answer).json()
    const usage = page.getByRole('figure', { name: 'API requests per day this month' })
    await usage.locator('.recharts-surface').waitFor(WAIT)
    await usage.getByRole('button', { name: 'Show as table' }).click()
    const format = (value: number) => new Intl.NumberFormat('en-US').format(value)
    const day = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' })
    expect(await tableRows(page, 'API requests per day this month')).toEqual([
      ['Day', 'Public delivery (/api/public)', 'Admin API (Studio and API tokens)', 'All requests'],
      ...stats.days.map((point: { date: string; public: number; admin: number; requests: number }) => [
        day.format(new Date(`${point.date}T00:00:00Z`)),
        format(point.public),
        format(point.admin),
        format(point.requests),
      ]),
    ])
    expect(stats.days.at(-1).requests).toBe(stats.today)
    expect(stats.today).toBeGreaterThan(0)
    await expectAccessible(page, 'dashboard with the API requests table')

    expect(problems).toEqual([])
    await context.close()
  }, 150_000)

  it('shows a viewer the placement to read and test, without the controls that change it', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const viewer = await seedMember(studio.ctx.db, owner.tenantId, 'viewer')
    const created = await call(studio.ctx.app, 'POST', '/api/placements', {
      token: owner.token,
      body: {
        slug: 'footer-note',
        name: 'Footer note',
        experiences: [{ name: 'Everyone', status: 'active', contentType: 'text' }],
      },
    })
    expect(created.statusCode, created.body).toBe(200)
    const { context, page, problems } = await openSignedIn(studio, viewer, '/', DESKTOP)
    await page.getByRole('heading', { name: `Tenant ${owner.tenantId}` }).waitFor(WAIT)
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Placements' }).click()
    expect(await page.getByRole('button', { name: 'New placement' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Footer note' }).click()
    await page.getByRole('heading', { name: 'Footer note', level: 1 }).waitFor(WAIT)
    await page.getByRole('cell', { name: 'Everyone' }).waitFor(WAIT)
    expect(await page.getByRole('button', { name: 'Add an experience' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Edit Everyone' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Delete the placement' }).count()).toBe(0)
    await page.getByRole('tab', { name: 'Settings' }).click()
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Save the default rules' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Save the settings' }).count()).toBe(0)
    await page.getByRole('tab', { name: 'Test a decision' }).click()
    await page.getByRole('button', { name: 'Show the decision' }).click()
    await page.getByText('Shows “Everyone”: it is eligible and was picked for this visitor.').waitFor(WAIT)
    await expectAccessible(page, 'placement of a viewer')
    expect(problems).toEqual([])
    await context.close()
  }, 90_000)
})
