import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { call, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  noNotifications,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio for a bilingual site (docs/decisions/studio.md "Languages"): the tenant's locales in the
// settings, driven in Chromium and checked against what the API then holds.

const studio = useStudioServer()

/** The error text Mantine wires to a control through `aria-describedby` (what a screen reader reads). */
async function errorOf(page: Page, role: 'textbox' | 'combobox', label: string): Promise<string> {
  const field = page.getByRole(role, { name: label, exact: true })
  await expect.poll(() => field.getAttribute('aria-invalid'), WAIT).toBe('true')
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))
  return texts.join(' ')
}

/** The tenant's locales as the API holds them. */
async function localesOf(token: string) {
  const answer = await call(studio.ctx.app, 'GET', '/api/tenant-settings', { token })
  return answer.data.settings.locales
}

describeStudioJourney('Studio for a bilingual site in Chromium', () => {
  it('sets the languages: added by tag, ordered, a default and fallbacks, refusals at their member', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const { context, page, problems } = await openSignedIn(studio, owner, '/settings', {
      expected: ['400 /api/tenant-settings'],
    })
    await page.getByRole('tab', { name: 'Languages' }).click()
    const add = page.getByRole('textbox', { name: 'Add a language' })
    await add.waitFor(WAIT)
    await expectAccessible(page, 'settings, languages')

    // A tag is checked as it is added, and added as the API stores it.
    await add.fill('en_GB')
    await add.press('Enter')
    expect(await errorOf(page, 'textbox', 'Add a language')).toContain('Not a language tag')
    await add.fill('TR')
    await page.getByText('Adds tr (Turkish).').waitFor(WAIT)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    for (const tag of ['de', 'de-at']) {
      await add.fill(tag)
      await add.press('Enter')
    }
    await add.fill('tr')
    await add.press('Enter')
    expect(await errorOf(page, 'textbox', 'Add a language')).toContain('tr is already in the list')
    await add.fill('')

    // Fallbacks, with the chain each makes; a cycle is the API's to refuse, at the member it names.
    const fallbackOf = (locale: string) =>
      page.getByRole('combobox', { name: `Fallback of ${locale}`, exact: true })
    await fallbackOf('de-AT').selectOption('de')
    await page.getByText('Read in this order: de-AT → de → en').waitFor(WAIT)
    await fallbackOf('de').selectOption('de-AT')
    await page.getByRole('button', { name: 'Save: Languages' }).click()
    // The API names the cycle where it starts: the first step sent.
    expect(await errorOf(page, 'combobox', 'Fallback of de-AT')).toContain(
      'makes a cycle: de-AT → de → de-AT',
    )
    await expectAccessible(page, 'settings, languages with an error')
    expect((await localesOf(owner.token)).available).toEqual(['en'])
    await fallbackOf('de').selectOption('')

    // Ordered from the keyboard: the focus stays with the moved language.
    await page.getByRole('button', { name: 'Move de-AT up' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('aria-label')))
      .toBe('Move de-AT up')
    await page.getByRole('combobox', { name: 'Default language' }).selectOption('tr')
    await page.getByRole('button', { name: 'Save: Languages' }).click()
    await page.getByText('Languages saved.').waitFor(WAIT)
    expect(await localesOf(owner.token)).toEqual({
      default: 'tr',
      available: ['en', 'tr', 'de-AT', 'de'],
      fallbacks: { 'de-AT': 'de' },
    })

    // The default is not removed; removing a locale removes the steps to it.
    expect(await page.getByRole('button', { name: 'Remove tr' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Remove de', exact: true }).click()
    await page.getByText('Read in this order: de-AT → tr').waitFor(WAIT)
    await page.getByRole('button', { name: 'Save: Languages' }).click()
    await expect
      .poll(() => localesOf(owner.token), WAIT)
      .toEqual({
        default: 'tr',
        available: ['en', 'tr', 'de-AT'],
        fallbacks: {},
      })
    await noNotifications(page)

    // On a phone's width the rows wrap inside the page.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect
      .poll(() => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth), WAIT)
      .toBeLessThanOrEqual(390)
    await expectAccessible(page, 'settings, languages on a phone')
    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
