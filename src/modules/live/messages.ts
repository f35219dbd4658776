import type { HeardEvent } from '../../events/bus.js'
import type { Permission } from '../../permissions.js'

/**
 * The public record a change is about: its kind, id and the facts a site finds it by. A member is
 * absent when the record never was public under it (docs/decisions/live.md "What a public stream
 * says").
 */
export interface PublicRecord {
  type: 'content' | 'entry' | 'menu' | 'form' | 'category' | 'tag'
  id: string
  slug?: string
  locale?: string
  collectionKey?: string
  location?: string
}

/** The `data` of a public `change` message (API contract: GET /api/public/events). */
export interface PublicChange {
  type: string
  /** null: the change may touch every answer (settings): the site refetches everything. */
  record: PublicRecord | null
  /** The surrogate keys of the answers the change can alter (docs/decisions/delivery.md "Surrogate keys and purging a CDN"). */
  surrogateKeys: string[]
  /** The commit time, ISO 8601. */
  at: string
}

type Payload = Record<string, unknown>

const text = (payload: Payload, member: string): string | undefined => {
  const value = payload[member]
  return typeof value === 'string' ? value : undefined
}

/** `record` without its undefined members (they are left out of the JSON, not sent as null). */
function recordOf(record: PublicRecord): PublicRecord {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as PublicRecord
}

/**
 * What a tenant's public change stream says of `event`, or undefined when the event changes nothing
 * public or would tell of a draft (docs/decisions/live.md "What a public stream says"):
 * - content: `published`; `updated` while published; `unpublished` (it had been public);
 *   `deleted` of a content that was published;
 * - collection entries (record type `entry`): `created` and `updated` while published,
 *   `published`, `unpublished`, `deleted` of a published entry;
 * - menus: `created` and `deleted` of an active menu; `updated` of any menu, naming its slug and
 *   location only while active (a menu that was active may have left it);
 * - forms: `created` or `published` with a published version; `archived` and `deleted` of a form
 *   that had one (form responses never);
 * - categories and tags: every change (taxonomy is public);
 * - `settings.updated`: record null, the tenant key.
 * Only the catalog's slim facts are read (ids, slug, locale, status, keys): never anything else.
 */
export function publicChangeOf(event: HeardEvent): PublicChange | undefined {
  const { tenantId, type, payload } = event
  if (tenantId === null || payload === null) return undefined
  const id = event.subjectId ?? text(payload, 'id')
  const verb = type.slice(type.lastIndexOf('.') + 1)
  const resource = type.slice(0, type.lastIndexOf('.'))
  const status = text(payload, 'status')
  const change = (record: PublicRecord | null, surrogateKeys: string[]): PublicChange => ({
    type,
    record: record === null ? null : recordOf(record),
    surrogateKeys,
    at: event.at,
  })
  if (type === 'settings.updated') return change(null, [`t:${tenantId}`])
  if (id === undefined) return undefined
  const slug = text(payload, 'slug')
  switch (resource) {
    case 'content': {
      const published = status === 'published'
      const shown =
        verb === 'published' ||
        verb === 'unpublished' ||
        ((verb === 'updated' || verb === 'deleted') && published)
      if (!shown) return undefined
      return change({ type: 'content', id, slug, locale: text(payload, 'locale') }, [
        `content:${id}`,
        `contents:${tenantId}`,
        `menus:${tenantId}`,
      ])
    }
    case 'collection-entry': {
      const published = status === 'published'
      const shown =
        verb === 'published' ||
        verb === 'unpublished' ||
        ((verb === 'created' || verb === 'updated' || verb === 'deleted') && published)
      if (!shown) return undefined
      const collectionKey = text(payload, 'collectionKey')
      return change({ type: 'entry', id, slug, collectionKey }, [
        `entry:${id}`,
        `collection-list:${tenantId}:${collectionKey}`,
      ])
    }
    case 'menu': {
      const active = status === 'active'
      if (verb !== 'updated' && !active) return undefined
      const record: PublicRecord = active
        ? { type: 'menu', id, slug, location: text(payload, 'location') }
        : { type: 'menu', id }
      return change(record, [`menu:${id}`, `menus:${tenantId}`])
    }
    case 'form': {
      const hasPublished = typeof payload.publishedVersion === 'number'
      const shown =
        ((verb === 'created' || verb === 'published') && status === 'published' && hasPublished) ||
        ((verb === 'archived' || verb === 'deleted') && hasPublished)
      if (!shown) return undefined
      return change({ type: 'form', id, slug }, [`menus:${tenantId}`])
    }
    case 'category': {
      if (verb === 'merged') {
        const sourceId = text(payload, 'sourceId')
        return change({ type: 'category', id }, [
          ...(sourceId === undefined ? [] : [`category:${sourceId}`]),
          `category:${id}`,
          `categories:${tenantId}`,
          `contents:${tenantId}`,
          `menus:${tenantId}`,
        ])
      }
      return change({ type: 'category', id, slug }, [
        `category:${id}`,
        `categories:${tenantId}`,
        `contents:${tenantId}`,
        `menus:${tenantId}`,
      ])
    }
    case 'tag':
      return change({ type: 'tag', id, slug }, [`tag:${id}`, `tags:${tenantId}`, `contents:${tenantId}`])
    default:
      return undefined
  }
}

/**
 * The permission that lets a member see events of each resource on the authenticated stream
 * (docs/decisions/live.md "The authenticated stream"): the `:view` of the permission resource the
 * resource's routes ask. A resource missing here is never sent (src/modules/live/messages.test.ts
 * holds every tenant event of the catalog to an entry).
 */
const VIEW_BY_RESOURCE: Readonly<Record<string, Permission>> = {
  content: 'content:view',
  'content-version': 'content:view',
  media: 'media:view',
  gallery: 'media:view',
  category: 'categories:view',
  tag: 'categories:view',
  'custom-field-definition': 'categories:view',
  collection: 'collections:view',
  'collection-entry': 'collections:view',
  form: 'forms:view',
  'form.response': 'forms:view',
  menu: 'menus:view',
  placement: 'placements:view',
  role: 'roles:view',
  member: 'users:view',
  'api-token': 'api-tokens:view',
  webhook: 'webhooks:view',
  settings: 'settings:view',
  tenant: 'tenants:view',
}

/** The permission a member needs to hear events of `type` on the authenticated stream; undefined: none may. */
export function viewPermissionOf(type: string): Permission | undefined {
  return VIEW_BY_RESOURCE[type.slice(0, type.lastIndexOf('.'))]
}

/** One Server-Sent Events message: `id` (optional), `event` and one `data` line of JSON. */
export function sseMessage(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}
