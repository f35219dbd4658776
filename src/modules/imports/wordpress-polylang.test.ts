import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
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
