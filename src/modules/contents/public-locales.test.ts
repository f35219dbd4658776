import { describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { putSettings } from '../../../test/settings-fixtures.js'

const ctx = useTestContext()

/** A tenant serving en (default), tr, de and de-AT, de-AT falling back to de. */
async function multilingual(): Promise<SeededMember> {
  const owner = await seedTenant(ctx.db)
  const saved = await putSettings(ctx, owner, {
    locales: { available: ['en', 'tr', 'de', 'de-AT'], fallbacks: { 'de-AT': 'de' } },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return owner
}

const read = (tenantId: string, path: string, headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', `/api/public/contents${path}`, { headers: { 'x-tenant-id': tenantId, ...headers } })

/**
 * Translates `source` into `locale` and publishes the translation under `title` (slug from it), at
 * the source's publication time.
 */
async function publishTranslation(
  owner: SeededMember,
  source: { id: string; publishedAt: string | null },
  locale: string,
  title: string,
) {
  const made = await call(ctx.app, 'POST', `/api/contents/${source.id}/translations`, {
    token: owner.token,
    body: { locale },
  })
  expect(made.statusCode, made.body).toBe(201)
  const slug = title.toLowerCase().replaceAll(' ', '-')
  const published = await call(ctx.app, 'PUT', `/api/contents/${made.data.content.id}`, {
    token: owner.token,
    body: { title, slug, status: 'published', publishAt: source.publishedAt },
  })
  expect(published.statusCode, published.body).toBe(200)
  return published.data.content as { id: string; slug: string }
}

const published = (owner: SeededMember, body: Record<string, unknown>) =>
  createContent(ctx, owner.token, { status: 'published', ...body })

/** `[locale, slug]` of each listed content, in list order. */
const listed = (response: { data: { contents: { locale: string; slug: string }[] } }) =>
  response.data.contents.map((content) => [content.locale, content.slug])

/**
 * Three documents, newest first: `news` (en, de), `about` (en, de-AT, a tr draft) and `home` (en
 * only), and a German-only `impressum`, the newest of all.
 */
async function site(owner: SeededMember) {
  const home = await published(owner, { title: 'Home', publishAt: '2024-01-01T00:00:00.000Z' })
  const about = await published(owner, { title: 'About', publishAt: '2024-02-01T00:00:00.000Z' })
  const news = await published(owner, { title: 'News', publishAt: '2024-03-01T00:00:00.000Z' })
  const impressum = await published(owner, {
    title: 'Impressum',
    locale: 'de',
    publishAt: '2024-04-01T00:00:00.000Z',
  })
  const nachrichten = await publishTranslation(owner, news, 'de', 'Nachrichten')
  const ueber = await publishTranslation(owner, about, 'de-AT', 'Ueber uns')
  const draft = await call(ctx.app, 'POST', `/api/contents/${about.id}/translations`, {
    token: owner.token,
    body: { locale: 'tr' },
  })
  expect(draft.statusCode).toBe(201)
  return { home, about, news, impressum, nachrichten, ueber }
}

describe('public contents in the reader’s language', () => {
  it('lists each document once, in the best locale of the chain (de-AT → de → en)', async () => {
    const owner = await multilingual()
    await site(owner)
    const austrian = await read(owner.tenantId, '?locale=de-AT')
    expect(austrian.statusCode, austrian.body).toBe(200)
    expect(listed(austrian)).toEqual([
      ['de', 'impressum'],
      ['de', 'nachrichten'],
      ['de-AT', 'ueber-uns'],
      ['en', 'home'],
    ])
    expect(austrian.data.pagination.total).toBe(4)
    expect(austrian.headers['content-language']).toBe('de-AT')

    const german = await read(owner.tenantId, '?locale=de')
    expect(listed(german)).toEqual([
      ['de', 'impressum'],
      ['de', 'nachrichten'],
      ['en', 'about'],
      ['en', 'home'],
    ])
    // A draft translation is no answer: Turkish readers get the English text.
    const turkish = await read(owner.tenantId, '?locale=tr')
    expect(listed(turkish)).toEqual([
      ['en', 'news'],
      ['en', 'about'],
      ['en', 'home'],
    ])
    const english = await read(owner.tenantId, '')
    expect(listed(english)).toEqual([
      ['en', 'news'],
      ['en', 'about'],
      ['en', 'home'],
    ])
    expect(english.headers['content-language']).toBe('en')
  })

  it('fallback=false keeps the asked locale only', async () => {
    const owner = await multilingual()
    await site(owner)
    const exact = await read(owner.tenantId, '?locale=de-AT&fallback=false')
    expect(listed(exact)).toEqual([['de-AT', 'ueber-uns']])
    expect(exact.data.pagination.total).toBe(1)
    expect(listed(await read(owner.tenantId, '?locale=tr&fallback=false'))).toEqual([])
  })

  it('negotiates Accept-Language when no locale is asked, and refuses a locale the tenant lacks', async () => {
    const owner = await multilingual()
    await site(owner)
    const negotiated = await read(owner.tenantId, '', { 'accept-language': 'fr;q=0.9, de-AT, en;q=0.5' })
    expect(negotiated.headers['content-language']).toBe('de-AT')
    expect(listed(negotiated)[2]).toEqual(['de-AT', 'ueber-uns'])
    // `de-CH` finds `de` by prefix; the locale parameter wins over the header.
    const swiss = await read(owner.tenantId, '', { 'accept-language': 'de-CH' })
    expect(swiss.headers['content-language']).toBe('de')
    const asked = await read(owner.tenantId, '?locale=en', { 'accept-language': 'de' })
    expect(asked.headers['content-language']).toBe('en')
    expect(listed(asked)[0]).toEqual(['en', 'news'])

    const refused = await read(owner.tenantId, '?locale=fr')
    expect(refused.statusCode).toBe(400)
    expect(refused.data.error).toBe('ValidationFailed')
    expect(refused.data.message).toBe(
      'The query parameter "locale" must be one of the tenant\'s locales (en, tr, de, de-AT); "fr" is not.',
    )
  })

  it('answers Vary: Accept-Language, and keeps one delivery cache entry per negotiated locale', async () => {
    const owner = await multilingual()
    await site(owner)
    const first = await read(owner.tenantId, '?limit=2', { 'accept-language': 'de' })
    expect(first.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    expect(first.headers['x-cache']).toBe('MISS')
    const again = await read(owner.tenantId, '?limit=2', { 'accept-language': 'de' })
    expect(again.headers['x-cache']).toBe('HIT')
    expect(again.body).toBe(first.body)
    // Another spelling of the same negotiated locale is the same entry.
    const spelled = await read(owner.tenantId, '?limit=2', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.1' })
    expect(spelled.headers['content-language']).toBe('de')
    expect(spelled.headers['x-cache']).toBe('HIT')
    expect(spelled.body).toBe(first.body)
    // Another locale is another entry, with its own text.
    const english = await read(owner.tenantId, '?limit=2', { 'accept-language': 'en' })
    expect(english.headers['x-cache']).toBe('MISS')
    expect(english.headers['content-language']).toBe('en')
    expect(listed(english)).toEqual([
      ['en', 'news'],
      ['en', 'about'],
    ])
    expect((await read(owner.tenantId, '?limit=2', { 'accept-language': 'en-US' })).headers['x-cache']).toBe(
      'HIT',
    )
  })

  it('carries each content’s locale and alternates (the other published translations)', async () => {
    const owner = await multilingual()
    const { news, nachrichten } = await site(owner)
    const english = await read(owner.tenantId, '/slug/news?locale=en')
    expect(english.data.content).toMatchObject({
      id: news.id,
      locale: 'en',
      alternates: [{ locale: 'de', slug: 'nachrichten' }],
    })
    const german = await read(owner.tenantId, '/slug/nachrichten?locale=de')
    expect(german.data.content).toMatchObject({
      id: nachrichten.id,
      locale: 'de',
      alternates: [{ locale: 'en', slug: 'news' }],
    })
    // The tr draft of `about` is no alternate.
    const about = await read(owner.tenantId, '/slug/about')
    expect(about.data.content.alternates).toEqual([{ locale: 'de-AT', slug: 'ueber-uns' }])
    const list = await read(owner.tenantId, '?locale=de&view=summary')
    expect(list.data.contents.map((content: { alternates: unknown }) => content.alternates)).toEqual([
      [],
      [{ locale: 'en', slug: 'news' }],
      [{ locale: 'de-AT', slug: 'ueber-uns' }],
      [],
    ])
  })

  it('finds a slug in the chain first, and answers a slug of another locale with that translation', async () => {
    const owner = await multilingual()
    const { about, ueber } = await site(owner)
    // The same slug in two locales: each reader gets their own.
    const turkishHome = await published(owner, { title: 'Ev', slug: 'home', locale: 'tr' })
    const turkish = await read(owner.tenantId, '/slug/home?locale=tr')
    expect(turkish.data.content).toMatchObject({ id: turkishHome.id, locale: 'tr' })
    expect((await read(owner.tenantId, '/slug/home?locale=en')).data.content.locale).toBe('en')
    // de-AT → de → en: the English slug serves the English text, whose alternates name de-AT's.
    const english = await read(owner.tenantId, '/slug/about?locale=de-AT')
    expect(english.statusCode).toBe(200)
    expect(english.headers['content-language']).toBe('de-AT')
    expect(english.data.content).toMatchObject({
      id: about.id,
      locale: 'en',
      alternates: [{ locale: 'de-AT', slug: 'ueber-uns' }],
    })
    // A slug of another locale than the chain's answers that translation, so the site can redirect.
    const elsewhere = await read(owner.tenantId, '/slug/ueber-uns?locale=tr')
    expect(elsewhere.statusCode).toBe(200)
    expect(elsewhere.data.content).toMatchObject({
      id: ueber.id,
      locale: 'de-AT',
      alternates: [{ locale: 'en', slug: 'about' }],
    })
    expect((await read(owner.tenantId, '/slug/nothing-here?locale=tr')).statusCode).toBe(404)
  })

  it('serves a page tree once per document, children under their parent’s served translation', async () => {
    const owner = await multilingual()
    const company = await published(owner, { title: 'Company', type: 'page', order: 1 })
    const team = await published(owner, { title: 'Team', type: 'page', parentId: company.id })
    const contact = await published(owner, { title: 'Contact', type: 'page', order: 2 })
    // The team page is translated before its parent: it names the English parent.
    const ekip = await publishTranslation(owner, team, 'tr', 'Ekip')
    const tree = async (query: string) => (await read(owner.tenantId, `/tree${query}`)).data.tree
    expect(await tree('?locale=tr')).toEqual([
      {
        id: company.id,
        locale: 'en',
        slug: 'company',
        title: 'Company',
        order: 1,
        children: [{ id: ekip.id, locale: 'tr', slug: 'ekip', title: 'Ekip', order: 0, children: [] }],
      },
      { id: contact.id, locale: 'en', slug: 'contact', title: 'Contact', order: 2, children: [] },
    ])
    const sirket = await publishTranslation(owner, company, 'tr', 'Sirket')
    const turkish = await tree('?locale=tr')
    expect(turkish[0]).toMatchObject({ id: sirket.id, locale: 'tr', children: [{ id: ekip.id }] })
    expect(await tree('?locale=tr&fallback=false')).toEqual([
      {
        id: sirket.id,
        locale: 'tr',
        slug: 'sirket',
        title: 'Sirket',
        order: 1,
        children: [{ id: ekip.id, locale: 'tr', slug: 'ekip', title: 'Ekip', order: 0, children: [] }],
      },
    ])
    expect((await tree('')).map((node: { id: string }) => node.id)).toEqual([company.id, contact.id])
    // A content's parentId is the parent as the reader is served it.
    const ekipRead = await read(owner.tenantId, '/slug/ekip?locale=tr')
    expect(ekipRead.data.content.parentId).toBe(sirket.id)
    const teamRead = await read(owner.tenantId, '/slug/team?locale=en')
    expect(teamRead.data.content.parentId).toBe(company.id)
  })
})

describe('the terms of a public content', () => {
  it('name each category and tag in the best locale of the reader’s chain that has it', async () => {
    const owner = await multilingual()
    const category = await call(ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: {
        name: 'Travel',
        translations: { de: { name: 'Reisen', slug: 'reisen' }, tr: { name: 'Seyahat' } },
      },
    })
    expect(category.statusCode, category.body).toBe(200)
    const tag = await call(ctx.app, 'POST', '/api/tags', {
      token: owner.token,
      body: { title: 'Summer', translations: { 'de-AT': { title: 'Sommer (AT)' } } },
    })
    expect(tag.statusCode, tag.body).toBe(200)
    await published(owner, {
      title: 'Trip',
      slug: 'trip',
      categories: [category.data.category.id],
      tags: [tag.data.tag.id],
    })
    const terms = async (locale: string) => {
      const answer = await read(owner.tenantId, `/slug/trip?locale=${locale}`)
      expect(answer.statusCode, answer.body).toBe(200)
      return [answer.data.content.categories, answer.data.content.tags]
    }
    // de-AT → de → en: the category's German, the tag's own de-AT title.
    expect(await terms('de-AT')).toEqual([
      [{ name: 'Reisen', slug: 'reisen' }],
      [{ name: 'Sommer (AT)', slug: 'summer' }],
    ])
    // tr has a name but no slug of its own: the slug falls back to the default's.
    expect(await terms('tr')).toEqual([
      [{ name: 'Seyahat', slug: 'travel' }],
      [{ name: 'Summer', slug: 'summer' }],
    ])
    expect(await terms('en')).toEqual([
      [{ name: 'Travel', slug: 'travel' }],
      [{ name: 'Summer', slug: 'summer' }],
    ])
    // A visitor filters by the name they read, in whichever locale it is.
    const filtered = async (query: string) =>
      (await read(owner.tenantId, `?${query}`)).data.contents.map((content: { slug: string }) => content.slug)
    expect(await filtered('categoryName=seyahat')).toEqual(['trip'])
    expect(await filtered('categoryName=Reisen&locale=de')).toEqual(['trip'])
    expect(await filtered('tagName=sommer%20(AT)')).toEqual(['trip'])
    expect(await filtered('categoryName=Urlaub')).toEqual([])
  })
})
