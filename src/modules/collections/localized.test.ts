import { beforeAll, describe, expect, it } from 'vitest'
import { createCollection, createEntry, publicCall } from '../../../test/collection-fixtures.js'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { putSettings } from '../../../test/settings-fixtures.js'

const ctx = useTestContext()

const LOCALES = {
  default: 'en',
  available: ['en', 'de', 'de-AT', 'tr'],
  fallbacks: { 'de-AT': 'de' },
}

/** Cities (a localized name) and places: a localized title, summary and body, a shared price, a city. */
const CITIES = {
  key: 'cities',
  name: { en: 'Cities' },
  fields: [{ key: 'name', type: 'string', label: { en: 'Name' }, required: true, localized: true }],
  slugField: 'name',
}
const PLACES = {
  key: 'places',
  name: { en: 'Places' },
  fields: [
    { key: 'title', type: 'string', label: { en: 'Title' }, required: true, localized: true },
    { key: 'summary', type: 'text', label: { en: 'Summary' }, localized: true },
    { key: 'body', type: 'richText', label: { en: 'Body' }, localized: true },
    { key: 'price', type: 'number', label: { en: 'Price' } },
    { key: 'city', type: 'ref', ref: 'cities', label: { en: 'City' } },
  ],
  slugField: 'title',
  defaultSort: { field: 'price', dir: 'asc' },
}
const PLACES_WITHOUT_REFS = { ...PLACES, fields: PLACES.fields.filter((field) => field.type !== 'ref') }

/**
 * A tenant with en (default), de, de-AT (→ de) and tr, and three published places: desert (10,
 * German and Austrian titles, a German summary), mountains (5, a German title), zebra (7, English
 * only); and another tenant with the same collections.
 */
let owner: SeededMember
let other: SeededMember
const ids: Record<string, string> = {}
beforeAll(async () => {
  owner = await seedTenant(ctx.db)
  other = await seedTenant(ctx.db)
  for (const member of [owner, other]) {
    const saved = await putSettings(ctx, member, { locales: LOCALES })
    expect(saved.statusCode, saved.body).toBe(200)
    await createCollection(ctx, member.token, CITIES)
    await createCollection(ctx, member.token, PLACES)
  }
  const vienna = await createEntry(ctx, owner.token, 'cities', {
    status: 'published',
    data: { name: 'Vienna' },
    translations: { de: { name: 'Wien' } },
  })
  ids.vienna = vienna.id
  // Mountains' slug is not its title: `q` then finds it by title only.
  const slugs: Record<string, string> = { mountains: 'peaks' }
  const places: [string, Record<string, unknown>, Record<string, unknown>][] = [
    [
      'desert',
      { title: 'Desert', summary: 'Sand', price: 10, city: vienna.id },
      { de: { title: 'Wüste', summary: 'Viel Sand' }, 'de-AT': { title: 'Wüstn' } },
    ],
    ['mountains', { title: 'Mountains', price: 5 }, { de: { title: 'Berge' } }],
    ['zebra', { title: 'Zebra', price: 7 }, {}],
  ]
  for (const [name, data, translations] of places) {
    const entry = await createEntry(ctx, owner.token, 'places', {
      status: 'published',
      data,
      translations,
      ...(slugs[name] === undefined ? {} : { slug: slugs[name] }),
    })
    ids[name] = entry.id
  }
  await createEntry(ctx, other.token, 'places', {
    status: 'published',
    data: { title: 'Foreign', price: 1 },
    translations: { de: { title: 'Fremd' } },
  })
})

const titles = (response: { data: { entries: { data: { title?: string } }[] } }) =>
  response.data.entries.map((entry) => entry.data.title ?? null)
const list = (query: string, headers: Record<string, string> = {}) =>
  publicCall(ctx, 'GET', `/collections/places?${query}`, owner.tenantId, { headers })
const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`

describe('collection definitions: localized fields', () => {
  it('takes localized on string, text and richText fields only, never unique, and never turned off', async () => {
    const tenant = await seedTenant(ctx.db)
    const refused: [Record<string, unknown>, string][] = [
      [{ key: 'n', type: 'number', label: { en: 'N' }, localized: true }, '/fields/0/localized'],
      [{ key: 'd', type: 'date', label: { en: 'D' }, localized: true }, '/fields/0/localized'],
      [
        { key: 's', type: 'string', label: { en: 'S' }, localized: true, unique: true },
        '/fields/0/localized',
      ],
    ]
    for (const [field, path] of refused) {
      const response = await call(ctx.app, 'POST', '/api/collections', {
        token: tenant.token,
        body: { key: 'notes', name: { en: 'Notes' }, fields: [field] },
      })
      expect(response.statusCode, JSON.stringify(field)).toBe(400)
      expect(response.data.details[0].path).toBe(path)
    }
    const notes = await createCollection(ctx, tenant.token, {
      key: 'notes',
      name: { en: 'Notes' },
      fields: [{ key: 'title', type: 'string', label: { en: 'Title' } }],
    })
    expect(notes.fields[0].localized).toBe(false)
    const turnedOn = await call(ctx.app, 'PUT', '/api/collections/notes', {
      token: tenant.token,
      body: { fields: [{ key: 'title', type: 'string', label: { en: 'Title' }, localized: true }] },
    })
    expect(turnedOn.statusCode, turnedOn.body).toBe(200)
    expect(turnedOn.data.collection.fields[0].localized).toBe(true)
    const turnedOff = await call(ctx.app, 'PUT', '/api/collections/notes', {
      token: tenant.token,
      body: { fields: [{ key: 'title', type: 'string', label: { en: 'Title' } }] },
    })
    expect(turnedOff.statusCode).toBe(400)
    expect(turnedOff.data.details).toEqual([
      {
        path: '/fields/0/localized',
        message: 'cannot be turned off once on; add a field with a new key instead',
      },
    ])
  })
})

describe('collection entries: translations', () => {
  it('keeps the default locale in data and the others in translations, merged per locale on update', async () => {
    const entry = await createEntry(ctx, owner.token, 'places', {
      data: { title: 'Lake', summary: 'Water', body: '<p>Blue</p><script>x</script>', price: 3 },
      translations: { de: { title: 'See', body: '<p>Blau</p><script>x</script>' }, tr: { title: 'Göl' } },
    })
    expect(entry).toMatchObject({
      slug: 'lake',
      data: { title: 'Lake', summary: 'Water', body: { html: '<p>Blue</p>', json: null }, price: 3 },
      translations: {
        de: { title: 'See', body: { html: '<p>Blau</p>', json: null } },
        tr: { title: 'Göl' },
      },
    })
    const updated = await call(ctx.app, 'PUT', `/api/collections/places/entries/${entry.id}`, {
      token: owner.token,
      body: {
        data: { price: 4 },
        translations: { de: { body: null, summary: 'Wasser' }, tr: null, 'de-AT': { title: 'Seeli' } },
      },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.data.entry.data).toMatchObject({ title: 'Lake', price: 4 })
    expect(updated.data.entry.translations).toEqual({
      de: { title: 'See', summary: 'Wasser' },
      'de-AT': { title: 'Seeli' },
    })
    const read = await call(ctx.app, 'GET', `/api/collections/places/entries/${entry.id}`, {
      token: owner.token,
    })
    expect(read.data.entry.translations).toEqual(updated.data.entry.translations)
    await call(ctx.app, 'DELETE', `/api/collections/places/entries/${entry.id}`, { token: owner.token })
  })

  it('answers 400 naming translations.<locale>.<field> and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { fr: { title: 'Désert' } },
        '/translations/fr',
        "is not one of the tenant's locales (en, de, de-AT, tr)",
      ],
      [
        { en: { title: 'Desert' } },
        '/translations/en',
        "is the default locale: its values are the entry's data",
      ],
      [{ de: { price: 3 } }, '/translations/de/price', 'is not a localized field: its value is shared'],
      [{ de: { nope: 'x' } }, '/translations/de/nope', 'is not a field of this collection'],
      [{ de: { title: 12 } }, '/translations/de/title', 'must be a string'],
      [
        { 'de-AT': { summary: 'x'.repeat(50_001) } },
        '/translations/de-AT/summary',
        'must be at most 50000 characters',
      ],
    ]
    for (const [translations, path, message] of cases) {
      const created = await call(ctx.app, 'POST', '/api/collections/places/entries', {
        token: owner.token,
        body: { data: { title: 'Refused' }, translations },
      })
      expect(created.statusCode, path).toBe(400)
      expect(created.data.details, path).toEqual([{ path, message }])
      const updated = await call(ctx.app, 'PUT', `/api/collections/places/entries/${ids.desert}`, {
        token: owner.token,
        body: { data: { price: 99 }, translations },
      })
      expect(updated.statusCode, path).toBe(400)
      expect(updated.data.details[0].path, path).toBe(path)
    }
    const desert = await call(ctx.app, 'GET', `/api/collections/places/entries/${ids.desert}`, {
      token: owner.token,
    })
    expect(desert.data.entry.data.price).toBe(10)
    expect(desert.data.entry.translations).toEqual({
      de: { title: 'Wüste', summary: 'Viel Sand' },
      'de-AT': { title: 'Wüstn' },
    })
    const all = await call(ctx.app, 'GET', '/api/collections/places/entries', { token: owner.token })
    expect(all.data.pagination.total).toBe(3)
  })

  it("answers 404 for another tenant's entries and collections", async () => {
    const foreign = await call(ctx.app, 'GET', '/api/collections/places/entries', { token: other.token })
    const foreignId = foreign.data.entries[0].id
    const read = await call(ctx.app, 'GET', `/api/collections/places/entries/${foreignId}`, {
      token: owner.token,
    })
    expect(read.statusCode).toBe(404)
    const written = await call(ctx.app, 'PUT', `/api/collections/places/entries/${foreignId}`, {
      token: owner.token,
      body: { translations: { de: { title: 'Gestohlen' } } },
    })
    expect(written.statusCode).toBe(404)
    expect(written.data).toEqual({ error: 'NotFound', message: 'Entry not found.' })
    const theirs = await call(ctx.app, 'GET', `/api/collections/places/entries/${foreignId}`, {
      token: other.token,
    })
    expect(theirs.data.entry.translations).toEqual({ de: { title: 'Fremd' } })
    const slug = await publicCall(ctx, 'GET', '/collections/places/foreign?locale=de', owner.tenantId)
    expect(slug.statusCode).toBe(404)
  })
})

describe('public reads of localized fields', () => {
  it('answers each localized field from the first locale of the chain that has it, shared fields as stored', async () => {
    const austrian = await publicCall(ctx, 'GET', '/collections/places/desert?locale=de-AT', owner.tenantId)
    expect(austrian.statusCode, austrian.body).toBe(200)
    expect(austrian.headers['content-language']).toBe('de-AT')
    expect(austrian.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    expect(austrian.data.locale).toBe('de-AT')
    expect(austrian.data.entry.data).toEqual({
      title: 'Wüstn',
      summary: 'Viel Sand',
      price: 10,
      city: ids.vienna,
    })
    expect(austrian.data.entry.translations).toBeUndefined()
    const swiss = await publicCall(ctx, 'GET', '/collections/places/desert', owner.tenantId, {
      headers: { 'accept-language': 'de-CH, en;q=0.5' },
    })
    expect(swiss.data.locale).toBe('de')
    expect(swiss.headers['content-language']).toBe('de')
    expect(swiss.data.entry.data).toMatchObject({ title: 'Wüste', summary: 'Viel Sand', price: 10 })
    const turkish = await publicCall(ctx, 'GET', '/collections/places/desert?locale=tr', owner.tenantId)
    expect(turkish.data).toMatchObject({
      locale: 'tr',
      entry: { data: { title: 'Desert', summary: 'Sand' } },
    })
    const english = await publicCall(ctx, 'GET', '/collections/places/desert', owner.tenantId)
    expect(english.data).toMatchObject({
      locale: 'en',
      entry: { data: { title: 'Desert', summary: 'Sand' } },
    })
  })

  it('with fallback=false answers only the asked locale’s values of localized fields', async () => {
    const exact = await publicCall(
      ctx,
      'GET',
      '/collections/places/desert?locale=de-AT&fallback=false',
      owner.tenantId,
    )
    expect(exact.statusCode, exact.body).toBe(200)
    expect(exact.data.entry.data).toMatchObject({ title: 'Wüstn', price: 10 })
    expect(exact.data.entry.data.summary).toBeUndefined()
    const listed = await list('locale=de&fallback=false')
    expect(titles(listed)).toEqual(['Berge', null, 'Wüste'])
    expect(listed.data.entries[1].data.price).toBe(7)
  })

  it('filters, sorts and searches a localized field in the asked locale', async () => {
    expect(titles(await list('sort=title'))).toEqual(['Desert', 'Mountains', 'Zebra'])
    expect(titles(await list('sort=title&locale=de'))).toEqual(['Berge', 'Wüste', 'Zebra'])
    expect(titles(await list('sort=-title&locale=de-AT'))).toEqual(['Zebra', 'Wüstn', 'Berge'])
    expect(titles(await list(`${filter({ title: 'Berge' })}&locale=de`))).toEqual(['Berge'])
    expect(titles(await list(`${filter({ title: 'Mountains' })}&locale=de`))).toEqual([])
    expect(titles(await list(`${filter({ title: 'Zebra' })}&locale=de`))).toEqual(['Zebra'])
    expect(titles(await list(`${filter({ title: 'Wüste' })}&locale=de-AT`))).toEqual([])
    expect(titles(await list(`${filter({ title: { like: 'üst' } })}&locale=de-AT`))).toEqual(['Wüstn'])
    expect(titles(await list(`${filter({ title: { ne: 'Berge' } })}&locale=de`))).toEqual(['Zebra', 'Wüste'])
    expect(titles(await list(`${filter({ title: 'Berge' })}&locale=de&fallback=false`))).toEqual(['Berge'])
    expect(titles(await list(`${filter({ title: 'Zebra' })}&locale=de&fallback=false`))).toEqual([])
    expect(titles(await list('q=berg&locale=de'))).toEqual(['Berge'])
    expect(titles(await list('q=berg'))).toEqual([])
    expect(titles(await list('q=mount'))).toEqual(['Mountains'])
    expect(titles(await list('q=mount&locale=de&fallback=false'))).toEqual([])
    expect((await list(`${filter({ title: 'Berge' })}&locale=de`)).data.pagination.total).toBe(1)
    expect((await list(`${filter({ title: 'Berge' })}`)).data.pagination.total).toBe(0)
    const refused = await list('locale=fr')
    expect(refused.statusCode).toBe(400)
    expect(refused.data.details[0].path).toBe('querystring/locale')
  })

  it('runs the query DSL in the asked locale, refs included', async () => {
    const response = await publicCall(ctx, 'POST', '/queries/run?locale=de', owner.tenantId, {
      body: {
        collection: 'places',
        select: ['slug', 'title', 'city.name'],
        where: [['title', 'LIKE', 'ü']],
        orderBy: [['title', 'asc']],
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-language']).toBe('de')
    expect(response.data).toEqual({
      items: [{ slug: 'desert', title: 'Wüste', 'city.name': 'Wien' }],
      pagination: { total: 1, limit: 50, offset: 0, page: 1, pages: 1 },
      locale: 'de',
    })
    const english = await publicCall(ctx, 'POST', '/queries/run', owner.tenantId, {
      body: { collection: 'places', select: ['title', 'city.name'], where: [['price', '=', 10]] },
    })
    expect(english.data.items).toEqual([{ title: 'Desert', 'city.name': 'Vienna' }])
  })

  it('keeps one delivery-cache entry per negotiated locale', async () => {
    const first = await list('sort=title&limit=3', { 'accept-language': 'de-DE' })
    expect(first.headers['x-cache']).toBe('MISS')
    expect(titles(first)).toEqual(['Berge', 'Wüste', 'Zebra'])
    const sameLocale = await list('sort=title&limit=3', { 'accept-language': 'de, en;q=0.1' })
    expect(sameLocale.headers['x-cache']).toBe('HIT')
    expect(sameLocale.headers['content-language']).toBe('de')
    expect(titles(sameLocale)).toEqual(['Berge', 'Wüste', 'Zebra'])
    const english = await list('sort=title&limit=3', { 'accept-language': 'en-GB' })
    expect(english.headers['x-cache']).toBe('MISS')
    expect(titles(english)).toEqual(['Desert', 'Mountains', 'Zebra'])
  })
})

describe('locales the tenant no longer has', () => {
  it('keeps their translations for editors, serves them to no one, and lets a write remove them', async () => {
    const tenant = await seedTenant(ctx.db)
    await putSettings(ctx, tenant, { locales: { available: ['en', 'fr'] } })
    await createCollection(ctx, tenant.token, PLACES_WITHOUT_REFS)
    const entry = await createEntry(ctx, tenant.token, 'places', {
      status: 'published',
      data: { title: 'Sea' },
      translations: { fr: { title: 'Mer' } },
    })
    await putSettings(ctx, tenant, { locales: { available: ['en'] } })
    const admin = await call(ctx.app, 'GET', `/api/collections/places/entries/${entry.id}`, {
      token: tenant.token,
    })
    expect(admin.data.entry.translations).toEqual({ fr: { title: 'Mer' } })
    // One locale left: nothing to choose, so the answer is the default's whatever is asked.
    const french = await publicCall(ctx, 'GET', '/collections/places/sea?locale=fr', tenant.tenantId)
    expect(french.statusCode).toBe(200)
    expect(french.data.locale).toBe('en')
    expect(french.body).not.toContain('Mer')
    const refused = await call(ctx.app, 'PUT', `/api/collections/places/entries/${entry.id}`, {
      token: tenant.token,
      body: { translations: { fr: { title: 'La mer' } } },
    })
    expect(refused.statusCode).toBe(400)
    const removed = await call(ctx.app, 'PUT', `/api/collections/places/entries/${entry.id}`, {
      token: tenant.token,
      body: { translations: { fr: null } },
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.data.entry.translations).toEqual({})
  })
})
