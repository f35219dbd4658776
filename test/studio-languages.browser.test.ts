import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { createContent } from './content-fixtures.js'
import { call, seedMember, seedTenant } from './helpers.js'
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

  it('writes a content, translates it beside its source, and lists both with their translations', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const { context, page, problems } = await openSignedIn(studio, owner, '/settings')

    // Two locales, set on the Languages tab.
    await page.getByRole('tab', { name: 'Languages' }).click()
    const add = page.getByRole('textbox', { name: 'Add a language' })
    await add.fill('tr')
    await add.press('Enter')
    await page.getByRole('button', { name: 'Save: Languages' }).click()
    await page.getByText('Languages saved.').waitFor(WAIT)

    // A content written in the default locale.
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Contents' }).click()
    await page.getByRole('link', { name: 'New content' }).click()
    await page.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
    expect(await page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en (English)')
    await page.getByLabel('Title').fill('Spring menu')
    await page.getByRole('textbox', { name: 'Body' }).click()
    await page.keyboard.type('Asparagus and wild garlic.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const translations = page.getByRole('group', { name: 'Translations' })
    await translations.getByRole('button', { name: 'Translate to tr' }).waitFor(WAIT)
    const english = (await call(studio.ctx.app, 'GET', '/api/contents', { token: owner.token })).data
      .contents[0]
    expect(english).toMatchObject({ title: 'Spring menu', locale: 'en', translationGroupId: english.id })
    await expectAccessible(page, 'editor of a content with a translation to make')

    // Translated: the translation opens, its source read-only beside it.
    await translations.getByRole('button', { name: 'Translate to tr' }).click()
    const source = page.getByRole('complementary', { name: 'Source: en (English)' })
    await source.waitFor(WAIT)
    expect(await source.getByText('Spring menu').count()).toBe(1)
    await expect.poll(() => page.getByLabel('Title').inputValue(), WAIT).toBe('Spring menu')
    expect(page.url()).toContain(`source=${english.id}`)
    await page.getByLabel('Title').fill('Bahar menüsü')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    await expectAccessible(page, 'translation beside its source')
    const turkish = (await call(studio.ctx.app, 'GET', '/api/contents?locale=tr', { token: owner.token }))
      .data.contents
    expect(turkish).toHaveLength(1)
    expect(turkish[0]).toMatchObject({
      title: 'Bahar menüsü',
      locale: 'tr',
      translationGroupId: english.id,
      status: 'draft',
    })
    // Back to the source through the translations of the document.
    await page.getByRole('group', { name: 'Translations' }).getByRole('link', { name: /^en/ }).waitFor(WAIT)

    // Both in the list, each showing the document's translations; filtered by locale.
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Contents' }).click()
    const table = page.getByRole('region', { name: 'Contents' })
    await table.getByRole('link', { name: 'Bahar menüsü', exact: true }).waitFor(WAIT)
    await table.getByRole('link', { name: 'Spring menu', exact: true }).waitFor(WAIT)
    const englishRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Spring menu', exact: true }) })
    await englishRow.getByRole('link', { name: /^tr — Turkish: open “Bahar menüsü”$/ }).waitFor(WAIT)
    await expectAccessible(page, 'contents in two locales')
    await page.getByRole('combobox', { name: 'Language' }).click()
    await page.getByRole('option', { name: 'tr (Turkish)' }).click()
    await expect.poll(() => table.getByRole('row').count(), WAIT).toBe(2)
    await table.getByRole('link', { name: 'Bahar menüsü', exact: true }).waitFor(WAIT)
    expect(page.url()).toContain('locale=tr')
    // Nothing of the document misses Turkish any more.
    await page.getByRole('combobox', { name: 'Language' }).click()
    await page.getByRole('option', { name: 'en (English)' }).click()
    await page.getByRole('combobox', { name: 'Missing in' }).click()
    await page.getByRole('option', { name: 'tr (Turkish)' }).click()
    await page.getByText('No contents match.').waitFor(WAIT)

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it('keeps a collection field per locale: marked in the schema, written per locale in an entry', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const locales = await call(studio.ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { locales: { default: 'en', available: ['en', 'tr'] } },
    })
    expect(locales.statusCode, locales.body).toBe(200)
    const { context, page, problems } = await openSignedIn(studio, owner, '/collections/new')

    // The schema: a translated name beside a shared price.
    await page.getByRole('textbox', { name: 'Key', exact: true }).fill('dishes')
    await page.getByRole('textbox', { name: 'Name (en)' }).fill('Dishes')
    const first = page.getByRole('region', { name: /^Field / }).first()
    await first.getByRole('textbox', { name: 'Field key' }).fill('name')
    await first.getByRole('textbox', { name: 'Label (en)' }).fill('Name')
    await first.getByRole('checkbox', { name: 'Required' }).check()
    await first.getByRole('checkbox', { name: 'Translated' }).check()
    await page.getByRole('button', { name: 'Add a field' }).click()
    const second = page.getByRole('region', { name: /^Field / }).nth(1)
    await second.getByRole('combobox', { name: 'Field type', exact: true }).click()
    await page.getByRole('option', { name: 'Number', exact: true }).click()
    await second.getByRole('textbox', { name: 'Field key' }).fill('price')
    await second.getByRole('textbox', { name: 'Label (en)' }).fill('Price')
    expect(await second.getByRole('checkbox', { name: 'Translated' }).count()).toBe(0)
    await expectAccessible(page, 'schema builder with a translated field')
    await page.getByRole('button', { name: 'Create collection' }).click()
    await page.getByRole('heading', { name: 'Dishes', exact: true }).waitFor(WAIT)
    const schema = await call(studio.ctx.app, 'GET', '/api/collections/dishes', { token: owner.token })
    expect(schema.data.collection.fields).toMatchObject([
      { key: 'name', type: 'string', localized: true },
      { key: 'price', type: 'number' },
    ])
    expect(schema.data.collection.fields[1].localized).not.toBe(true)

    // An entry: the name in each locale, the price once.
    await page.getByRole('link', { name: 'New entry' }).click()
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lentil soup')
    await page.getByRole('textbox', { name: 'Name (tr)' }).fill('Mercimek çorbası')
    expect(await page.getByRole('textbox', { name: 'Price (tr)' }).count()).toBe(0)
    await page.getByRole('textbox', { name: 'Price' }).fill('6')
    await expectAccessible(page, 'entry with a translated field')
    await page.getByRole('button', { name: 'Create entry' }).click()
    await page.waitForURL(/\/entries\/[0-9a-f]{24}$/, WAIT)
    const entries = async () =>
      (await call(studio.ctx.app, 'GET', '/api/collections/dishes/entries', { token: owner.token })).data
        .entries
    expect(await entries()).toMatchObject([
      { data: { name: 'Lentil soup', price: 6 }, translations: { tr: { name: 'Mercimek çorbası' } } },
    ])

    // Emptied, the Turkish name goes: the entry then reads the default's in Turkish.
    await page.getByRole('textbox', { name: 'Name (tr)' }).fill('')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(async () => (await entries())[0].translations, WAIT).toEqual({})

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it("writes a form's texts in the tenant's locales, a dropped locale's text shown to be emptied", async () => {
    const owner = await seedTenant(studio.ctx.db)
    // Written before the tenant had locales: any language was taken then.
    const created = await call(studio.ctx.app, 'POST', '/api/forms', {
      token: owner.token,
      body: { title: { en: 'Enquiry', fr: 'Demande' } },
    })
    expect(created.statusCode, created.body).toBeLessThan(300)
    const form = created.data.form
    const locales = await call(studio.ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { locales: { default: 'en', available: ['en', 'de'] } },
    })
    expect(locales.statusCode, locales.body).toBe(200)
    const { context, page, problems } = await openSignedIn(studio, owner, `/forms/${form.id}`, {
      expected: [`400 /api/forms/${form.id}`],
    })
    await page.getByRole('tab', { name: 'Settings' }).click()
    await page.getByRole('textbox', { name: 'Title (German)' }).waitFor(WAIT)
    expect(await page.getByRole('textbox', { name: 'Title (Turkish)' }).count()).toBe(0)
    expect(await page.getByRole('textbox', { name: 'Title (French)' }).inputValue()).toBe('Demande')
    await page.getByRole('textbox', { name: 'Title (German)' }).fill('Anfrage')

    // The French text is the API's to refuse, naming it; emptied, the form saves.
    await page.getByRole('button', { name: 'Save draft' }).click()
    expect(await errorOf(page, 'textbox', 'Title (English)')).toContain('fr')
    await page.getByRole('textbox', { name: 'Title (French)' }).fill('')
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Draft saved.').waitFor(WAIT)
    const saved = await call(studio.ctx.app, 'GET', `/api/forms/${form.id}`, { token: owner.token })
    expect(saved.data.form.title).toEqual({ en: 'Enquiry', de: 'Anfrage' })
    // Its input stays until the builder opens again, so the focus is not lost while emptying it.
    expect(await page.getByRole('textbox', { name: 'Title (French)' }).count()).toBe(1)
    // The preview speaks the tenant's locales.
    const preview = page.getByRole('region', { name: 'Live preview' })
    await preview.getByText('German', { exact: true }).click()
    await preview.getByRole('heading', { name: 'Anfrage' }).waitFor(WAIT)
    await expectAccessible(page, 'form builder in the tenant locales')

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it('names categories, tags and menu items per locale, the default name required', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const seed = async (url: string, body: Record<string, unknown>, method = 'POST') => {
      const answer = await call(studio.ctx.app, method, url, { token: owner.token, body })
      expect(answer.statusCode, answer.body).toBeLessThan(300)
      return answer.data
    }
    await seed('/api/tenant-settings', { locales: { default: 'en', available: ['en', 'tr'] } }, 'PUT')
    const menu = (await seed('/api/menus', { name: 'Header' })).menu
    await seed(`/api/menus/${menu.id}/items`, { title: 'About us', type: 'custom', url: '/about' })
    await seed('/api/tags', { title: 'Street food' })
    const { context, page, problems } = await openSignedIn(studio, owner, '/categories', {
      expected: ['409 /api/categories'],
    })

    // A category with its Turkish name and slug.
    await page.getByRole('button', { name: 'New category' }).click()
    const dialog = page.getByRole('dialog', { name: 'New category' })
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Travel')
    await dialog.getByRole('textbox', { name: 'Name (tr)' }).fill('Seyahat')
    await dialog.getByRole('textbox', { name: 'Slug (tr)' }).fill('seyahat')
    await expectAccessible(page, 'new category in two locales')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await page.getByText('Category Travel created.').waitFor(WAIT)
    const categories = async () =>
      (await call(studio.ctx.app, 'GET', '/api/categories?flat=true', { token: owner.token })).data.categories
    expect(await categories()).toMatchObject([
      { name: 'Travel', slug: 'travel', translations: { tr: { name: 'Seyahat', slug: 'seyahat' } } },
    ])

    // A Turkish slug taken in Turkish is refused at that very field; the default name stays required.
    await page.getByRole('button', { name: 'New category' }).click()
    await dialog.getByRole('textbox', { name: 'Name (tr)' }).fill('Yolculuklar')
    await dialog.getByRole('button', { name: 'Create' }).click()
    // The browser holds the form back: the default's name is required, the others are not.
    const defaultName = dialog.getByRole('textbox', { name: 'Name', exact: true })
    expect(await defaultName.evaluate((input: any) => input.validity.valueMissing)).toBe(true)
    expect(await dialog.getByRole('textbox', { name: 'Name (tr)' }).getAttribute('required')).toBeNull()
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Journeys')
    await dialog.getByRole('textbox', { name: 'Slug (tr)' }).fill('seyahat')
    await dialog.getByRole('button', { name: 'Create' }).click()
    expect(await errorOf(page, 'textbox', 'Slug (tr)')).toContain('seyahat')
    await expectAccessible(page, 'category with a taken Turkish slug')
    await dialog.getByRole('textbox', { name: 'Slug (tr)' }).fill('yolculuklar')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await page.getByText('Category Journeys created.').waitFor(WAIT)
    expect((await categories()).map((category: any) => category.translations.tr.slug).sort()).toEqual([
      'seyahat',
      'yolculuklar',
    ])

    // A tag renamed in Turkish.
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Tags' }).click()
    await page.getByRole('button', { name: 'Rename Street food' }).click()
    const rename = page.getByRole('dialog', { name: 'Rename Street food' })
    await rename.getByRole('textbox', { name: 'Title (tr)' }).fill('Sokak lezzetleri')
    await rename.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Tag renamed to Street food.').waitFor(WAIT)
    const tags = await call(studio.ctx.app, 'GET', '/api/tags', { token: owner.token })
    expect(tags.data.tags[0].translations).toEqual({ tr: { title: 'Sokak lezzetleri' } })

    // A menu item's Turkish title.
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/menus/${menu.id}`)
    await page.getByRole('button', { name: 'Edit About us' }).click()
    await page.getByRole('textbox', { name: 'Label (tr)' }).fill('Hakkımızda')
    await expectAccessible(page, 'menu item in two locales')
    await page.getByRole('button', { name: 'Save the menu' }).click()
    await page.getByText('Menu saved.').waitFor(WAIT)
    const stored = await call(studio.ctx.app, 'GET', `/api/menus/${menu.id}`, { token: owner.token })
    expect(stored.data.menu.items[0]).toMatchObject({
      title: 'About us',
      translations: { tr: { title: 'Hakkımızda' } },
    })

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)

  it("shows an author, who may not read the settings, the tenant's locales from the public route", async () => {
    const owner = await seedTenant(studio.ctx.db)
    const author = await seedMember(studio.ctx.db, owner.tenantId, 'author')
    const locales = await call(studio.ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { locales: { default: 'en', available: ['en', 'tr'] } },
    })
    expect(locales.statusCode, locales.body).toBe(200)
    const content = await createContent(studio.ctx, owner.token, { title: 'Opening hours' })
    const { context, page, problems } = await openSignedIn(studio, author, `/contents/${content.id}`)
    const translations = page.getByRole('group', { name: 'Translations' })
    await translations.getByRole('button', { name: 'Translate to tr' }).waitFor(WAIT)
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Contents' }).click()
    const table = page.getByRole('region', { name: 'Contents' })
    await table.getByText(/^tr — Turkish: not translated yet$/).waitFor(WAIT)
    await expectAccessible(page, 'contents of an author in two locales')
    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
