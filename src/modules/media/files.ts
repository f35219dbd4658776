import { stat } from 'node:fs/promises'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.js'
import { entriesBound } from '../../lib/lru.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { mimeTypeOfKey } from './policy.js'
import { createMediaRepository } from './repository.js'
import { folderOf, type LocalMediaStorage, type MediaStorage } from './storage.js'

/** A stored file Folio serves (local driver), with what its response headers need. */
export interface ServedFile {
  path: string
  size: number
  mimeType: string
  /** Strong validator from size and modification time (the file never changes under its key). */
  etag: string
  lastModified: Date
  /** `inline` for images, audio and video; `attachment` for everything else. */
  disposition: 'inline' | 'attachment'
  fileName: string
}

/** How long an answer of "does a published record show this file" is kept (ms). */
const SHOWN_TTL_MS = 60_000
/** Files whose answer is kept at once. */
const SHOWN_MAX_ENTRIES = 10_000

export interface MediaFilesDeps {
  db: Db
  storage: MediaStorage
  /** The tenant directory: a tenant that is not live (deleted, suspended) has no files served. */
  tenants: { get(tenantId: string): Promise<{ live: boolean } | undefined> }
  settings: Pick<TenantSettingsReader, 'get'>
  /** Whether a published record of the tenant shows the item (`media.shownPublicly`). */
  shownPublicly(tenantId: string, media: { id: string; folder: string }): Promise<boolean>
}

/**
 * Serving local media (`GET /media/<key>`): only objects of registered media (the file or one of
 * its variants) are served; an upload never registered, a refused one or a deleted one is not.
 * Nor are the files of a tenant that is not live (pending deletion, suspended), nor, while the
 * tenant's public delivery is off (`edgeGateway.publicReadEnabled: false`), a file no published
 * record shows (docs/decisions/media.md "Files of a tenant that is not public are not served").
 */
export function createMediaFiles(deps: MediaFilesDeps) {
  const repository = createMediaRepository(deps.db)
  // The published-record check reads the tenant's published html: its answer is kept a minute per
  // file, so that requests for one file cannot make the database read it again and again.
  const shown = new LRUCache<string, boolean>({ ...entriesBound(SHOWN_MAX_ENTRIES), ttl: SHOWN_TTL_MS })

  /** Whether the tenant's files are served at all, and this item's while delivery is off. */
  async function servable(tenantId: string, media: { id: string; folder: string }): Promise<boolean> {
    if ((await deps.tenants.get(tenantId))?.live !== true) return false
    if ((await deps.settings.get(tenantId)).edgeGateway.publicReadEnabled) return true
    const known = shown.get(media.folder)
    if (known !== undefined) return known
    const answer = await deps.shownPublicly(tenantId, media)
    shown.set(media.folder, answer)
    return answer
  }

  return {
    /**
     * The file under `key`, or null (unknown key, unregistered, not the local driver, missing, or
     * not servable now).
     */
    async find(key: string): Promise<ServedFile | null> {
      const owner = folderOf(key)
      if (owner === null || deps.storage.driver !== 'local') return null
      const record = await repository.findByFolder(owner.tenantId, owner.folder)
      if (record === undefined) return null
      if (!(await servable(owner.tenantId, { id: record.id, folder: owner.folder }))) return null
      const mimeType = key === record.key ? (record.mimeType ?? mimeTypeOfKey(key)) : mimeTypeOfKey(key)
      const path = (deps.storage as LocalMediaStorage).pathOf(key)
      const info = await stat(path).catch(() => null)
      if (info === null || !info.isFile()) return null
      return {
        path,
        size: info.size,
        mimeType,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
        disposition: /^(image|video|audio)\//.test(mimeType) ? 'inline' : 'attachment',
        fileName: key.slice(key.lastIndexOf('/') + 1),
      }
    },
  }
}

export type MediaFiles = ReturnType<typeof createMediaFiles>

/**
 * The byte range a `Range` header asks of a `size`-byte file (RFC 9110 §14): `{ start, end }`
 * inclusive; `'whole'` when there is no single byte range to honour (absent, several ranges, or
 * another unit); `'unsatisfiable'` for a range beyond the end (416).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  if (header === undefined) return 'whole'
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (match === null || (match[1] === '' && match[2] === '')) return 'whole'
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}
