import { describe, expect, it } from 'vitest'
import type { HeardEvent } from '../../events/bus.js'
import { ACCOUNT_EVENT_TYPES, EVENT_TYPES } from '../../events/catalog.js'
import { isPermission } from '../../permissions.js'
import { publicChangeOf, sseMessage, viewPermissionOf } from './messages.js'

const T = 'a'.repeat(24)
const ID = 'b'.repeat(24)
const event = (type: string, payload: Record<string, unknown>): HeardEvent => ({
  tenantId: T,
  type,
  subjectId: ID,
  id: 'c'.repeat(24),
  at: '2026-01-02T03:04:05.678Z',
  payload,
})
const content = (status: string) => ({ id: ID, title: 'Secret title', slug: 'hello', status, locale: 'tr' })

describe('public change messages', () => {
  it('tell of contents only while or when they were public, without their title', () => {
    const told = (type: string, status: string) => publicChangeOf(event(type, content(status)))?.record
    const record = { type: 'content', id: ID, slug: 'hello', locale: 'tr' }
    expect(told('content.published', 'published')).toEqual(record)
    expect(told('content.updated', 'published')).toEqual(record)
    expect(told('content.unpublished', 'draft')).toEqual(record)
    expect(told('content.deleted', 'published')).toEqual(record)
    for (const [type, status] of [
      ['content.created', 'draft'],
      ['content.created', 'published'],
      ['content.updated', 'draft'],
      ['content.updated', 'scheduled'],
      ['content.deleted', 'draft'],
      ['content.deleted', 'archived'],
      ['content-version.deleted', 'published'],
    ]) {
      expect(told(type!, status!), `${type} ${status}`).toBeUndefined()
    }
  })

  it('tell of entries while published, of menus while active (any update naming only its id), of forms with a published version', () => {
    const entry = (status: string) => ({ id: ID, collectionKey: 'books', slug: 'dune', status })
    expect(publicChangeOf(event('collection-entry.created', entry('published')))).toEqual({
      type: 'collection-entry.created',
      record: { type: 'entry', id: ID, slug: 'dune', collectionKey: 'books' },
      surrogateKeys: [`entry:${ID}`, `collection-list:${T}:books`],
      at: '2026-01-02T03:04:05.678Z',
    })
    expect(publicChangeOf(event('collection-entry.updated', entry('draft')))).toBeUndefined()
    expect(publicChangeOf(event('collection-entry.unpublished', entry('draft')))?.record?.slug).toBe('dune')

    const menu = (status: string) => ({
      id: ID,
      name: 'Main',
      slug: 'main',
      location: 'header',
      status,
      itemCount: 1,
    })
    expect(publicChangeOf(event('menu.created', menu('draft')))).toBeUndefined()
    expect(publicChangeOf(event('menu.updated', menu('draft')))?.record).toEqual({ type: 'menu', id: ID })
    expect(publicChangeOf(event('menu.updated', menu('active')))?.record).toEqual({
      type: 'menu',
      id: ID,
      slug: 'main',
      location: 'header',
    })

    const form = (status: string, publishedVersion: number | null) => ({
      id: ID,
      title: 'Contact',
      slug: 'contact',
      status,
      version: 2,
      publishedVersion,
    })
    expect(publicChangeOf(event('form.published', form('published', 1)))?.record).toEqual({
      type: 'form',
      id: ID,
      slug: 'contact',
    })
    expect(publicChangeOf(event('form.updated', form('published', 1)))).toBeUndefined()
    expect(publicChangeOf(event('form.created', form('draft', null)))).toBeUndefined()
    expect(publicChangeOf(event('form.deleted', form('draft', null)))).toBeUndefined()
    expect(publicChangeOf(event('form.archived', form('archived', 1)))?.type).toBe('form.archived')
    expect(publicChangeOf(event('form.response.created', { id: ID, formId: ID }))).toBeUndefined()
    // Other resources say nothing to sites.
    expect(publicChangeOf(event('media.created', { id: ID }))).toBeUndefined()
    expect(publicChangeOf(event('member.joined', { id: ID }))).toBeUndefined()
  })

  it('write one Server-Sent Events message', () => {
    expect(sseMessage('change', { a: 1 }, ID)).toBe(`id: ${ID}\nevent: change\ndata: {"a":1}\n\n`)
    expect(sseMessage('presence', { editors: [] })).toBe('event: presence\ndata: {"editors":[]}\n\n')
  })
})

describe('the authenticated stream’s permissions', () => {
  it('name a declared :view permission for every tenant event of the catalog', () => {
    const tenantEvents = EVENT_TYPES.filter((type) => !ACCOUNT_EVENT_TYPES.has(type))
    const missing = tenantEvents.filter((type) => {
      const permission = viewPermissionOf(type)
      return permission === undefined || !isPermission(permission)
    })
    expect(missing).toEqual([])
    expect(viewPermissionOf('form.response.created')).toBe('forms:view')
    expect(viewPermissionOf('tag.created')).toBe('categories:view')
  })
})
