import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { paginate } from '../../http/schemas.js'
import { newId } from '../../lib/ids.js'
import { toSlug } from '../../lib/slug.js'
import type { TenantSettingsReader } from '../tenant-settings/effective.js'
import { limitCheck } from '../tenant-settings/limits.js'
import { createMediaRepository, type MediaRow } from './repository.js'
import type { CreateExternalMediaInput, ListMediaQuery, Media } from './schemas.js'

/**
 * Media records (prior-art.md §16). Only external media exist so far; uploads come later. Works on a
 * transaction too (`{ db: tx }`): the WordPress importer uses `createExternal`. Writes emit `media.*`.
 */
export function createMediaService(deps: { db: Db; events: EventSink; settings?: TenantSettingsReader }) {
  const { db, settings } = deps
  const repository = createMediaRepository(db)
  const write = transactional(db, deps.events)

  return {
    /**
     * `POST /api/media/external`: records a link to media hosted elsewhere. Folio stores the URL
     * and never fetches it (no thumbnail probing, no provider lookups), so this route offers no
     * server-side request forgery surface; `url` and `thumbnailUrl` must still be absolute http(s)
     * URLs without credentials, so no `javascript:`, `data:` or `file:` link reaches a client.
     * `mimeType` is `video/<provider>` when a provider is named, else null (not guessed from the URL).
     * The creating user (createdBy) is the context's; null for an API token.
     */
    async createExternal(context: TenantContext, input: CreateExternalMediaInput): Promise<Media> {
      const providerSlug = input.provider === undefined ? '' : toSlug(input.provider)
      const values = {
        id: newId(),
        sourceType: 'external',
        status: 'active',
        url: httpUrl(input.url, 'url'),
        title: input.title ?? null,
        description: input.description ?? null,
        provider: input.provider ?? null,
        providerId: input.providerId ?? null,
        thumbnailUrl: input.thumbnailUrl === undefined ? null : httpUrl(input.thumbnailUrl, 'thumbnailUrl'),
        altText: input.altText ?? null,
        duration: input.duration ?? null,
        mimeType: providerSlug === '' ? null : `video/${providerSlug}`,
        tags: normalizeTags([input.tags ?? []].flat()),
        createdBy: userIdOf(context),
      }
      const checkLimit = await limitCheck(settings, context.tenantId, 'media')
      return write(context, async (tx, emit) => {
        await checkLimit(tx)
        const media = toMedia(await createMediaRepository(tx).insert(context.tenantId, values))
        emit({ type: 'media.created', subjectId: media.id, payload: media })
        return media
      })
    },

    /**
     * `GET /api/media`: newest first; `status` defaults to active, `tags` must all be present,
     * `mimeType` is a literal prefix and `search` a literal case-insensitive part of the texts.
     */
    async list(context: TenantContext, query: ListMediaQuery) {
      const page = query.page ?? 1
      const limit = query.limit ?? 20
      const tags = query.tags === undefined ? [] : normalizeTags(query.tags)
      const { rows, total } = await repository.list(
        context.tenantId,
        {
          status: query.status ?? 'active',
          search: query.search,
          mimeTypePrefix: query.mimeType,
          tags: tags.length === 0 ? undefined : tags,
        },
        (page - 1) * limit,
        limit,
      )
      return { media: rows.map(toMedia), pagination: paginate(page, limit, total) }
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>

/** Returns `value` unchanged when it is an absolute http(s) URL with a host and no credentials. */
function httpUrl(value: string, field: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    throw errors.validation(`${field} must be an absolute http: or https: URL.`)
  }
  if (url.username !== '' || url.password !== '') {
    throw errors.validation(`${field} must not carry a user name or password.`)
  }
  return value
}

/** Trimmed, lowercased, distinct, empty ones dropped (the original lowercased tags too). */
function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag !== ''))]
}

function toMedia(row: MediaRow): Media {
  return {
    id: row.id,
    sourceType: row.sourceType,
    status: row.status,
    url: row.url,
    title: row.title,
    description: row.description,
    provider: row.provider,
    providerId: row.providerId,
    thumbnailUrl: row.thumbnailUrl,
    altText: row.altText,
    caption: row.caption,
    duration: row.duration,
    mimeType: row.mimeType,
    originalName: row.originalName,
    size: row.size,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
