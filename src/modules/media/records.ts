import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import { createMediaRepository, type MediaRow } from './repository.js'
import type { Media } from './schemas.js'
import type { RegisterExistingInput } from './upload-schemas.js'

/** Returns `value` unchanged when it is an absolute http(s) URL with a host and no credentials. */
export function httpUrl(value: string, field: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    throw errors.validation(phrase('media.absoluteUrl', { field }))
  }
  if (url.username !== '' || url.password !== '') {
    throw errors.validation(phrase('media.urlCredentials', { field }))
  }
  return value
}

/** Trimmed, lowercased, distinct, empty ones dropped: `Photo` and ` photo` are one tag to filter by. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag !== ''))]
}

/** The API shape of a media row. */
export function toMedia(row: MediaRow): Media {
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
    key: row.key,
    width: row.width,
    height: row.height,
    variants: row.variants,
    variantsStatus: row.variantsStatus,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The key `input` names: `key` itself, or the part of `sourceUrl` after the storage's public prefix. */
export function keyNamedBy(input: RegisterExistingInput, prefix: string): string {
  if (input.key !== undefined && input.sourceUrl === undefined) return input.key
  if (input.key !== undefined || input.sourceUrl === undefined) {
    throw errors.validation('media.keyOrSourceUrl')
  }
  if (!input.sourceUrl.startsWith(prefix)) {
    throw errors.validation(phrase('media.sourceUrlOutside', { prefix }))
  }
  try {
    return decodeURIComponent(input.sourceUrl.slice(prefix.length).split(/[?#]/)[0] ?? '')
  } catch {
    throw errors.validation('media.sourceUrlMalformed')
  }
}

/** The ids among `ids` naming media of the tenant, read in `db` (the caller's transaction). */
export function existingMediaIds(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  return createMediaRepository(db).existingIds(tenantId, ids)
}

/** The facts a `media.*` event carries (src/events/catalog.ts): never variants, keys or urls. */
export function mediaFacts(media: Media) {
  return {
    id: media.id,
    title: media.title,
    sourceType: media.sourceType,
    mimeType: media.mimeType,
    status: media.status,
    variantsStatus: media.variantsStatus,
  }
}
