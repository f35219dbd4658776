import { beforeAll, describe, expect, it } from 'vitest'
import { EVENT_TYPES, type EventResource, type EventType } from '../src/events/catalog.js'
import { generationNames, resourceOf } from '../src/store/delivery-cache.js'
import { createCatalogue, createEntry, publicCall, seedMediaItem } from './collection-fixtures.js'
import { createContent } from './content-fixtures.js'
import { createForm } from './form-fixtures.js'
import { call, type SeededMember, seedTenant, useTestContext } from './helpers.js'
import { menuFixtures } from './menu-fixtures.js'

/**
 * Every event that changes what a cached public route serves moves that route's delivery cache
 * (docs/decisions/delivery.md "The delivery cache"): each route's `dependsOn` names the resources
 * its answers show, checked here against the event catalog, and a representative change of each
 * is made between two reads.
 */
const ctx = useTestContext({ PUBLIC_CLIENT_LIMIT: 'off' })

/** The cached public routes, by what they serve. */
type Group = 'contents' | 'collections' | 'menus' | 'locales' | 'categories' | 'tags'
const GROUPS: readonly [RegExp, Group][] = [
  [/^\/api\/public\/contents(\/|$)/, 'contents'],
  [/^\/api\/public\/(collections|queries)\//, 'collections'],
  [/^\/api\/public\/menus\//, 'menus'],
  [/^\/api\/public\/locales$/, 'locales'],
  [/^\/api\/public\/categories(\/|$)/, 'categories'],
  [/^\/api\/public\/tags(\/|$)/, 'tags'],
]

/**
 * For each resource of the event catalog: the groups whose answers show its records, or why no
 * cached answer does. Typed by the catalog: a resource a family adds does not compile until it is
 * placed here.
 */
const SHOWN_IN: Record<EventResource, readonly Group[] | string> = {
  content: ['contents', 'menus'],
  category: ['contents', 'menus', 'categories'],
  tag: ['contents', 'tags'],
  media: ['contents', 'collections'],
  gallery: ['contents'],
  'custom-field-definition': ['contents'],
  collection: ['collections'],
  'collection-entry': ['collections'],
  menu: ['menus'],
  form: ['menus'],
  settings: ['contents', 'collections', 'menus', 'locales', 'categories', 'tags'],
  tenant: ['contents', 'collections', 'menus', 'categories', 'tags'],
  'content-version': 'older versions of a content are never served publicly',
  'form.response': 'responses are never served publicly (the public form read is never cached)',
  placement: 'placement decisions are never cached',
  member: 'members are never served publicly',
  role: 'roles are never served publicly',
  'api-token': 'tokens are never served publicly',
  webhook: 'webhook deliveries are never served publicly',
  user: 'account events: a profile change (an author’s name) moves every tenant’s answers at once',
  'feature-flag': 'flags are never served publicly',
}

/** The cached public routes that name their dependencies, with them. */
function cachedRoutes() {
  return ctx.app.routeSchemas.flatMap(({ method, url, config }) => {
    const caching = config?.deliveryCache
    if (caching === false || caching?.dependsOn === undefined) return []
    return [{ route: `${method} ${url}`, url, dependsOn: caching.dependsOn }]
  })
}

describe('the dependencies of cached public routes', () => {
  it('places every resource of the catalog', () => {
    expect(Object.keys(SHOWN_IN).sort()).toEqual([...new Set(EVENT_TYPES.map(resourceOf))].sort())
  })

  it('belong to a group each', () => {
    const routes = cachedRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(8)
    expect(routes.filter(({ url }) => !GROUPS.some(([pattern]) => pattern.test(url)))).toEqual([])
  })

  it('name every resource the route shows, and nothing else', () => {
    for (const { route, url, dependsOn } of cachedRoutes()) {
      const group = GROUPS.find(([pattern]) => pattern.test(url))?.[1]
      const shown = Object.entries(SHOWN_IN)
        .filter(([, groups]) => Array.isArray(groups) && group !== undefined && groups.includes(group))
        .map(([resource]) => resource)
      expect(generationNames(dependsOn), route).toEqual(expect.arrayContaining(shown))
      expect(
        dependsOn.filter((resource) => !shown.includes(resource)),
        route,
      ).toEqual([])
    }
  })
})

const { createMenu, addItem } = menuFixtures(ctx)
let owner: SeededMember
const ids: Record<string, string> = {}

/** A public read as a site makes it: GET, or the query of POST /queries/run. */
interface Read {
  path: string
  body?: unknown
}
const CONTENT = { path: '/contents/slug/cached-post' }
const MENU = { path: '/menus/slug/main' }
const CATEGORIES = { path: '/categories?flat=true' }
const TAGS = { path: '/tags' }
const ENTRY = { path: '/collections/books/dune' }
const LOCALES = { path: '/locales' }
const QUERY = {
  path: '/queries/run',
  body: { collection: 'books', where: [['slug', '=', 'dune']], includeRelations: ['media'] },
}

function read({ path, body }: Read) {
  return body === undefined
    ? publicCall(ctx, 'GET', path, owner.tenantId)
    : publicCall(ctx, 'POST', path, owner.tenantId, { body })
}

/** A write by the owner, expecting success. */
async function write(method: 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const response = await call(ctx.app, method, url, {
    token: owner.token,
    ...(body === undefined ? {} : { body }),
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
}

const menuItem = (data: any, type: string) =>
  (data.menu.tree as { type: string; title: string; reference: { slug: string | null } | null }[]).find(
    (item) => item.type === type,
  )

beforeAll(async () => {
  owner = await seedTenant(ctx.db)
  const category = await call(ctx.app, 'POST', '/api/categories', {
    token: owner.token,
    body: { name: 'News' },
  })
  const tag = await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body: { title: 'Hot' } })
  const field = await call(ctx.app, 'POST', '/api/custom-field-definitions', {
    token: owner.token,
    body: { key: 'subtitle', label: 'Subtitle', type: 'text' },
  })
  for (const response of [category, tag, field]) expect(response.statusCode, response.body).toBe(200)
  ids.category = category.data.category.id
  ids.tag = tag.data.tag.id
  ids.field = field.data.definition.id
  ids.image = await seedMediaItem(ctx.db, owner.tenantId)
  ids.content = (
    await createContent(ctx, owner.token, {
      title: 'Cached post',
      slug: 'cached-post',
      status: 'published',
      categories: [ids.category],
      tags: [ids.tag],
      featuredMediaId: ids.image,
      customFields: { subtitle: 'Sub' },
    })
  ).id
  await createCatalogue(ctx, owner.token)
  ids.cover = await seedMediaItem(ctx.db, owner.tenantId)
  ids.entry = (
    await createEntry(ctx, owner.token, 'books', {
      status: 'published',
      data: { title: 'Dune', price: 9, cover: ids.cover },
    })
  ).id
  ids.form = (await createForm(ctx.app, owner.token, { title: 'Contact us' })).id
  const menu = await createMenu(owner.token, { name: 'Main', slug: 'main', status: 'active' })
  ids.menu = menu.id
  ids.link = (await addItem(owner.token, menu.id, { title: 'Home', url: '/' })).id
  await addItem(owner.token, menu.id, { title: 'Post', type: 'content', referenceId: ids.content })
  await addItem(owner.token, menu.id, { title: 'News', type: 'category', referenceId: ids.category })
  await addItem(owner.token, menu.id, { title: 'Contact', type: 'form', referenceId: ids.form })
})

interface Change {
  /** The event the change records (and whose resource the route must depend on). */
  event: EventType
  read: Read
  change: () => Promise<void>
  /** What the answer shows of the change. */
  seen: (answer: { statusCode: number; data: any }) => unknown
  expected: unknown
}

// In order: a later row reads what earlier rows changed.
const CHANGES: Change[] = [
  {
    event: 'content.updated',
    read: CONTENT,
    change: () => write('PUT', `/api/contents/${ids.content}`, { title: 'Renamed post' }),
    seen: ({ data }) => data.content.title,
    expected: 'Renamed post',
  },
  {
    event: 'category.updated',
    read: CONTENT,
    change: () => write('PUT', `/api/categories/${ids.category}`, { name: 'World' }),
    seen: ({ data }) => data.content.categories.map((term: { name: string }) => term.name),
    expected: ['World'],
  },
  {
    event: 'tag.updated',
    read: CONTENT,
    change: () => write('PUT', `/api/tags/${ids.tag}`, { title: 'Cold' }),
    seen: ({ data }) => data.content.tags.map((term: { name: string }) => term.name),
    expected: ['Cold'],
  },
  {
    event: 'media.updated',
    read: CONTENT,
    change: () => write('PATCH', `/api/media/${ids.image}`, { altText: 'A heron' }),
    seen: ({ data }) => data.content.featuredMedia.altText,
    expected: 'A heron',
  },
  {
    event: 'custom-field-definition.updated',
    read: CONTENT,
    change: () => write('PUT', `/api/custom-field-definitions/${ids.field}`, { public: false }),
    seen: ({ data }) => data.content.customFields,
    expected: {},
  },
  {
    event: 'collection-entry.updated',
    read: ENTRY,
    change: () => write('PUT', `/api/collections/books/entries/${ids.entry}`, { data: { price: 12 } }),
    seen: ({ data }) => data.entry.data.price,
    expected: 12,
  },
  {
    event: 'media.updated',
    read: QUERY,
    change: () => write('PATCH', `/api/media/${ids.cover}`, { altText: 'Sand' }),
    seen: ({ data }) => data.items[0].data.cover.altText,
    expected: 'Sand',
  },
  {
    event: 'collection.updated',
    read: ENTRY,
    change: () => write('PUT', '/api/collections/books', { status: 'archived' }),
    seen: ({ statusCode }) => statusCode,
    expected: 404,
  },
  {
    event: 'menu.updated',
    read: MENU,
    change: () => write('PUT', `/api/menus/${ids.menu}/items/${ids.link}`, { title: 'Start' }),
    seen: ({ data }) => menuItem(data, 'custom')?.title,
    expected: 'Start',
  },
  {
    event: 'content.updated',
    read: MENU,
    change: () => write('PUT', `/api/contents/${ids.content}`, { slug: 'moved-post' }),
    seen: ({ data }) => menuItem(data, 'content')?.reference?.slug,
    expected: 'moved-post',
  },
  {
    event: 'category.updated',
    read: MENU,
    change: () => write('PUT', `/api/categories/${ids.category}`, { slug: 'world' }),
    seen: ({ data }) => menuItem(data, 'category')?.reference?.slug,
    expected: 'world',
  },
  {
    event: 'category.updated',
    read: CATEGORIES,
    change: () => write('PUT', `/api/categories/${ids.category}`, { name: 'Planet' }),
    seen: ({ data }) => data.categories.map((category: { name: string }) => category.name),
    expected: ['Planet'],
  },
  {
    event: 'tag.updated',
    read: TAGS,
    change: () => write('PUT', `/api/tags/${ids.tag}`, { title: 'Warm' }),
    seen: ({ data }) => data.tags.map((tag: { title: string }) => tag.title),
    expected: ['Warm'],
  },
  {
    event: 'form.archived',
    read: MENU,
    change: () => write('POST', `/api/forms/${ids.form}/archive`),
    seen: ({ data }) => menuItem(data, 'form'),
    expected: undefined,
  },
  {
    event: 'settings.updated',
    read: LOCALES,
    change: () => write('PUT', '/api/tenant-settings', { locales: { available: ['en', 'tr'] } }),
    seen: ({ data }) => data.locales.available,
    expected: ['en', 'tr'],
  },
]

describe('a change a cached public answer shows', () => {
  it.each(CHANGES.map((row) => [row.event, row.read.path, row] as const))(
    '%s moves %s',
    async (_event, _path, { read: what, change, seen, expected }) => {
      const first = await read(what)
      const kept = await read(what)
      expect(kept.headers['x-cache'], kept.body).toBe('HIT')
      expect(seen(kept)).not.toEqual(expected)
      await change()
      const after = await read(what)
      expect(after.headers['x-cache'], after.body).not.toBe('HIT')
      expect(seen(after)).toEqual(expected)
      if (after.statusCode === 200 && first.headers.etag !== undefined) {
        expect(after.headers.etag).not.toBe(first.headers.etag)
      }
    },
  )

  it('keeps the answer through a change it does not show', async () => {
    await read(MENU)
    expect((await read(MENU)).headers['x-cache']).toBe('HIT')
    await write('POST', '/api/tags', { title: 'Unrelated' })
    await write('PATCH', `/api/media/${ids.image}`, { altText: 'Unrelated' })
    expect((await read(MENU)).headers['x-cache']).toBe('HIT')
  })
})
