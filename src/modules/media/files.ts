import { stat } from 'node:fs/promises'
import type { Db } from '../../db/client.js'
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

/**
 * Serving local media (`GET /media/<key>`): only objects of registered media (the file or one of
 * its variants) are served; an upload never registered, a refused one or a deleted one is not.
 */
export function createMediaFiles(deps: { db: Db; storage: MediaStorage }) {
  const repository = createMediaRepository(deps.db)
  return {
    /** The file under `key`, or null (unknown key, unregistered, not the local driver, missing). */
    async find(key: string): Promise<ServedFile | null> {
      const owner = folderOf(key)
      if (owner === null || deps.storage.driver !== 'local') return null
      const record = await repository.findByFolder(owner.tenantId, owner.folder)
      if (record === undefined) return null
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
