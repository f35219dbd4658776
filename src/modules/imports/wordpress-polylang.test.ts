import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { postExport, waitForImport } from '../../../test/import-fixtures.js'
import { putSettings, settingsOf } from '../../../test/settings-fixtures.js'
import type { Import } from './schemas.js'

// A Polylang site imported (docs/decisions/imports.md "Polylang sites keep their languages"): its
// languages become the tenant's locales, each post and page keeps its language, translations stay
// linked, and a second run changes nothing.

const ctx = useTestContext()

const POLYLANG_EXPORT = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/wordpress/polylang.wordpress.xml', import.meta.url)),
  'utf8',
)

async function runImport(owner: SeededMember, xml = POLYLANG_EXPORT, query = ''): Promise<Import> {
  const started = await postExport(ctx.app, owner.token, xml, query)
  expect(started.statusCode, started.body).toBe(202)
  const done = await waitForImport(ctx.app, owner.token, started.data.import.id)
  expect(done.status, done.error ?? '').toBe('succeeded')
  return done
}

async function setLocales(owner: SeededMember, locales: unknown): Promise<void> {
  const response = await putSettings(ctx, owner, { locales })
  expect(response.statusCode, response.body).toBe(200)
}

/** The export without the items in `languages` (their terms stay declared). */
function withoutItemsIn(...languages: string[]): string {
  return POLYLANG_EXPORT.replace(/\s*<item>[\s\S]*?<\/item>/g, (item) =>
    languages.some((language) => item.includes(`<category domain="language" nicename="${language}">`))
      ? ''
      : item,
  )
}

interface ListedContent {
  id: string
  slug: string
  locale: string
  translationGroupId: string
  type: string
  featuredMediaId: string | null
  categories: string[]
}

/** Every content of the tenant (all locales). */
async function contentsOf(owner: SeededMember): Promise<ListedContent[]> {
  const response = await call(ctx.app, 'GET', '/api/contents?limit=100&view=summary', { token: owner.token })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.contents
}

/** The content with `slug` in `locale`. */
async function contentIn(owner: SeededMember, slug: string, locale: string): Promise<ListedContent> {
  const response = await call(ctx.app, 'GET', `/api/contents/slug/${slug}?locale=${locale}`, {
    token: owner.token,
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.data.content.locale).toBe(locale)
  return response.data.content
}

/** `GET /api/contents/{id}/translations` as `[locale, slug]`, by locale. */
async function translationsOf(owner: SeededMember, id: string): Promise<string[][]> {
  const response = await call(ctx.app, 'GET', `/api/contents/${id}/translations`, { token: owner.token })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.translations.map((translation: { locale: string; slug: string }) => [
    translation.locale,
    translation.slug,
  ])
}

/** Each content as `slug locale` with the `slug locale` of the first content of its document. */
async function documentsOf(owner: SeededMember): Promise<Record<string, string>> {
  const contents = await contentsOf(owner)
  const byId = new Map(contents.map((content) => [content.id, `${content.slug} ${content.locale}`]))
  return Object.fromEntries(
    contents.map((content) => [
      `${content.slug} ${content.locale}`,
      byId.get(content.translationGroupId) ?? 'a deleted content',
    ]),
  )
}

/** What the Polylang fixture becomes: each content by its document's first content. */
const FIXTURE_DOCUMENTS = {
  'a-weekend-in-istanbul en': 'a-weekend-in-istanbul en',
  'istanbulda-bir-hafta-sonu tr': 'a-weekend-in-istanbul en',
  'packing-for-the-alps en': 'packing-for-the-alps en',
  'um-domingo-em-lisboa pt-BR': 'um-domingo-em-lisboa pt-BR',
  'about en': 'about en',
  'about tr': 'about en',
  'ueber-uns de': 'about en',
}

describe('importing a Polylang site: locales', () => {
  it("gives a tenant with the one locale it started with the site's languages, the default the one with most contents", async () => {
    const owner = await seedTenant(ctx.db)
    const done = await runImport(owner)
    expect((await settingsOf(ctx, owner)).locales).toEqual({
      default: 'en',
      available: ['en', 'tr', 'de', 'pt-BR'],
      fallbacks: {},
    })
    expect(done.problems).toEqual([])
    expect(done.counts.posts).toEqual({ created: 4, existing: 0, updated: 0, skipped: 0 })
    expect(done.counts.pages).toEqual({ created: 3, existing: 0, updated: 0, skipped: 0 })
    expect(done.counts.media).toEqual({ created: 1, existing: 0, updated: 0, skipped: 0 })
    // Polylang files categories per language; they arrive as the categories they are.
    expect(done.counts.categories).toEqual({ created: 2, existing: 0, updated: 0, skipped: 0 })
  })

  it('keeps the default and order of a tenant that chose its locales, adding the languages it lacks', async () => {
    const owner = await seedTenant(ctx.db)
    await setLocales(owner, { default: 'tr', available: ['tr', 'en'], fallbacks: { en: 'tr' } })
    await runImport(owner)
    expect((await settingsOf(ctx, owner)).locales).toEqual({
      default: 'tr',
      available: ['tr', 'en', 'de', 'pt-BR'],
      fallbacks: { en: 'tr' },
    })
  })

  it('stops at 30 locales: the languages with fewest contents are left out, reported, and their items passed over', async () => {
    const owner = await seedTenant(ctx.db)
    const others = Array.from(
      { length: 28 },
      (_, index) => `x${String.fromCharCode(97 + (index % 26))}${index >= 26 ? 'x' : ''}`,
    )
    await setLocales(owner, { available: ['en', ...others] })
    const done = await runImport(owner)
    const locales = (await settingsOf(ctx, owner)).locales
    expect(locales.available).toEqual(['en', ...others, 'tr'])
    expect(locales.default).toBe('en')
    expect(done.problems).toEqual([
      {
        key: 'language:de',
        message:
          'Not imported: the 1 posts and pages in Deutsch (de): the tenant has 30 locales, the most it may have, and "de" is not one of them.',
      },
      {
        key: 'language:pt-br',
        message:
          'Not imported: the 1 posts and pages in Português do Brasil (pt-br): the tenant has 30 locales, the most it may have, and "pt-BR" is not one of them.',
      },
    ])
    expect(done.counts.posts).toEqual({ created: 3, existing: 0, updated: 0, skipped: 1 })
    expect(done.counts.pages).toEqual({ created: 2, existing: 0, updated: 0, skipped: 1 })
    expect(done.skipped).toEqual({ 'language de without a locale': 1, 'language pt-br without a locale': 1 })
  })

  it('a dry run changes no locale', async () => {
    const owner = await seedTenant(ctx.db)
    const done = await runImport(owner, POLYLANG_EXPORT, '?dryRun=true')
    expect(done.counts.posts.created).toBe(4)
    expect((await settingsOf(ctx, owner)).locales).toEqual({
      default: 'en',
      available: ['en'],
      fallbacks: {},
    })
  })

  it('an export without Polylang changes no locale', async () => {
    const owner = await seedTenant(ctx.db)
    const plain = POLYLANG_EXPORT.replace(/\s*<wp:term>[\s\S]*?<\/wp:term>/g, '').replace(
      /\s*<category domain="(?:language|post_translations)"[^>]*>.*?<\/category>/g,
      '',
    )
    expect(plain).not.toContain('domain="language"')
    expect(plain).not.toContain('pll_')
    const done = await runImport(owner, plain)
    expect(done.counts.posts.created).toBe(4)
    expect((await settingsOf(ctx, owner)).locales).toEqual({
      default: 'en',
      available: ['en'],
      fallbacks: {},
    })
  })
})

describe('importing a Polylang site: contents', () => {
  it('creates each post and page in its language, translations in one document, slugs kept per locale', async () => {
    const owner = await seedTenant(ctx.db)
    await runImport(owner)
    expect(await documentsOf(owner)).toEqual(FIXTURE_DOCUMENTS)

    const post = await contentIn(owner, 'a-weekend-in-istanbul', 'en')
    expect(await translationsOf(owner, post.id)).toEqual([
      ['en', 'a-weekend-in-istanbul'],
      ['tr', 'istanbulda-bir-hafta-sonu'],
    ])
    // Polylang let the English and Turkish pages share `about`; Folio's slugs are per locale.
    const about = await contentIn(owner, 'about', 'en')
    const hakkimizda = await contentIn(owner, 'about', 'tr')
    expect(hakkimizda.id).not.toBe(about.id)
    expect(hakkimizda.translationGroupId).toBe(about.id)
    expect(await translationsOf(owner, hakkimizda.id)).toEqual([
      ['de', 'ueber-uns'],
      ['en', 'about'],
      ['tr', 'about'],
    ])
    // Each translation keeps its own links: the shared featured image, its language's category.
    const turkish = await contentIn(owner, 'istanbulda-bir-hafta-sonu', 'tr')
    expect(turkish.featuredMediaId).not.toBeNull()
    expect(turkish.featuredMediaId).toBe(post.featuredMediaId)
    const categories = await call(ctx.app, 'GET', '/api/categories?limit=100', { token: owner.token })
    const slugOf = new Map(
      categories.data.categories.map((category: { id: string; slug: string }) => [
        category.id,
        category.slug,
      ]),
    )
    expect(post.categories.map((id) => slugOf.get(id))).toEqual(['news'])
    expect(turkish.categories.map((id) => slugOf.get(id))).toEqual(['haberler'])
    const lisboa = await contentIn(owner, 'um-domingo-em-lisboa', 'pt-BR')
    expect(await translationsOf(owner, lisboa.id)).toEqual([['pt-BR', 'um-domingo-em-lisboa']])
  })

  it('a second run creates nothing and keeps every document', async () => {
    const owner = await seedTenant(ctx.db)
    await runImport(owner)
    const before = await contentsOf(owner)
    const again = await runImport(owner)
    expect(again.counts.posts).toEqual({ created: 0, existing: 4, updated: 0, skipped: 0 })
    expect(again.counts.pages).toEqual({ created: 0, existing: 3, updated: 0, skipped: 0 })
    expect(again.counts.media).toEqual({ created: 0, existing: 1, updated: 0, skipped: 0 })
    expect(again.counts.categories).toEqual({ created: 0, existing: 2, updated: 0, skipped: 0 })
    expect(again.problems).toEqual([])
    expect(await contentsOf(owner)).toEqual(before)
    expect(await documentsOf(owner)).toEqual(FIXTURE_DOCUMENTS)
    expect((await settingsOf(ctx, owner)).locales).toEqual({
      default: 'en',
      available: ['en', 'tr', 'de', 'pt-BR'],
      fallbacks: {},
    })
  })

  it('joins the translations a later run brings to the documents an earlier run made', async () => {
    const owner = await seedTenant(ctx.db)
    const first = await runImport(owner, withoutItemsIn('tr', 'de'))
    expect(first.counts.posts.created).toBe(3)
    expect(first.counts.pages.created).toBe(1)
    const done = await runImport(owner)
    expect(done.counts.posts).toEqual({ created: 1, existing: 3, updated: 0, skipped: 0 })
    expect(done.counts.pages).toEqual({ created: 2, existing: 1, updated: 0, skipped: 0 })
    expect(done.problems).toEqual([])
    expect(await documentsOf(owner)).toEqual(FIXTURE_DOCUMENTS)
  })

  it('imports on its own, and reports, a translation whose locale its document has already', async () => {
    const owner = await seedTenant(ctx.db)
    await runImport(owner, withoutItemsIn('tr', 'de'))
    // An editor translates the English post into Turkish before the Turkish items are imported.
    const post = await contentIn(owner, 'a-weekend-in-istanbul', 'en')
    const made = await call(ctx.app, 'POST', `/api/contents/${post.id}/translations`, {
      token: owner.token,
      body: { locale: 'tr' },
    })
    expect(made.statusCode, made.body).toBe(201)
    const done = await runImport(owner)
    expect(done.counts.posts).toEqual({ created: 1, existing: 3, updated: 0, skipped: 0 })
    expect(done.problems).toEqual([
      {
        key: 'post:11',
        message:
          'Imported on its own, not linked to its translations: their document has its locale already.',
      },
    ])
    expect(await translationsOf(owner, post.id)).toEqual([
      ['en', 'a-weekend-in-istanbul'],
      ['tr', 'a-weekend-in-istanbul'],
    ])
    const imported = await contentIn(owner, 'istanbulda-bir-hafta-sonu', 'tr')
    expect(imported.translationGroupId).toBe(imported.id)
    // The pages were not held up by it.
    const about = await contentIn(owner, 'about', 'en')
    expect((await translationsOf(owner, about.id)).map(([locale]) => locale)).toEqual(['de', 'en', 'tr'])
  })
})
