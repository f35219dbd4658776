import { createHmac } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { safeEqual } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { folderOf, type LocalMediaStorage, type UploadGrant } from './storage.js'

/** Thrown by `receive` (and `writeBounded`) when the body is larger than allowed. */
export class UploadTooLargeError extends Error {}

/**
 * Streams `body` into a new file at `path` (which must not exist), failing with
 * UploadTooLargeError once more than `maxBytes` arrived; a failed write leaves the partial file for
 * the caller to remove. Returns the bytes written.
 */
export async function writeBounded(body: Readable, path: string, maxBytes: number): Promise<number> {
  let received = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length
      done(received > maxBytes ? new UploadTooLargeError() : null, chunk)
    },
  })
  await pipeline(body, limit, createWriteStream(path, { flags: 'wx' }))
  return received
}

/** The first `bytes` bytes of the file at `path` (fewer when it is shorter). */
export async function readFileStart(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await file.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await file.close()
  }
}

/** The signed members of a local upload URL's query. */
export interface UploadQuery {
  expires: number
  size: number
  signature: string
}

/**
 * HMAC-SHA256 (key derived from `APP_SECRET`) over tenant, key, content type, maximum size and
 * expiry: the local upload URL is valid for exactly that object, type and size until it expires.
 */
export function uploadSignature(
  secret: string,
  grant: Omit<UploadGrant, 'expiresAt'>,
  expires: number,
): string {
  const key = createHmac('sha256', secret).update('folio:media-upload').digest()
  return createHmac('sha256', key)
    .update([grant.tenantId, grant.key, grant.contentType.toLowerCase(), grant.maxBytes, expires].join('\n'))
    .digest('base64url')
}

/**
 * The local driver: objects are files under `<dataDir>/media/<key>` (the key begins with the tenant
 * id); uploads are PUT to Folio itself (`/media/<key>?expires&size&signature`), reads are served by
 * Folio at `mediaPublicUrl/media/<key>`.
 */
export function createLocalStorage(options: {
  dataDir: string
  mediaPublicUrl: string
  uploadBaseUrl: string
  secret: string
}): LocalMediaStorage {
  const root = join(options.dataDir, 'media')
  const pathOf = (key: string) => {
    // Keys reach here only after validation; refuse anything else rather than resolve it.
    if (folderOf(key) === null) throw new Error(`Not a media object key: ${key}`)
    return join(root, key)
  }

  return {
    driver: 'local',
    bucket: 'local',
    pathOf,

    async uploadUrl(grant) {
      const expires = Math.floor(grant.expiresAt.getTime() / 1000)
      const query = new URLSearchParams({
        expires: String(expires),
        size: String(grant.maxBytes),
        signature: uploadSignature(options.secret, grant, expires),
      })
      return `${options.uploadBaseUrl}/media/${grant.key}?${query}`
    },

    publicUrl: (key) => `${options.mediaPublicUrl}/media/${key}`,

    // The signed PUT writes `key` itself, at most once: it claims its grant, which registration spends.
    async promoteUpload() {},
    async removeStaged() {},

    async head(key) {
      try {
        const info = await stat(pathOf(key))
        return info.isFile()
          ? { size: info.size, etag: `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"` }
          : null
      } catch {
        return null
      }
    },

    readStart: (key, bytes) => readFileStart(pathOf(key), bytes),

    // The file itself: a variant job finding it gone (the media deleted meanwhile) fails to open it.
    localFile: async (key) => ({ path: pathOf(key), release: async () => {} }),

    async write(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, body)
    },

    async receive(key, body, maxBytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Written beside the target and renamed: a reader never sees half a file.
      const partial = `${path}.${newId()}.part`
      try {
        const received = await writeBounded(body, partial, maxBytes)
        await rename(partial, path)
        return received
      } catch (err) {
        await rm(partial, { force: true })
        throw err
      }
    },

    async writeFile(key, source) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const partial = `${path}.${newId()}.part`
      try {
        await copyFile(source, partial)
        await rename(partial, path)
      } catch (err) {
        await rm(partial, { force: true })
        throw err
      }
    },

    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })))
      // Empty upload folders are left: they cost nothing and a purge removes the tenant's tree.
    },

    async removeTenant(tenantId) {
      if (!/^[a-f0-9]{24}$/.test(tenantId)) throw new Error('A tenant id is 24 hex characters.')
      await rm(join(root, tenantId), { recursive: true, force: true })
    },
  }
}

/** Parses the signed query of a local upload URL; null when a member is missing or malformed. */
export function parseUploadQuery(query: Record<string, unknown>): UploadQuery | null {
  const expires = Number(query.expires)
  const size = Number(query.size)
  const signature = query.signature
  if (!Number.isSafeInteger(expires) || !Number.isSafeInteger(size) || typeof signature !== 'string')
    return null
  return { expires, size, signature }
}

/** Whether `query` is a valid, unexpired signature for `grant` at `now`. */
export function verifyUpload(
  secret: string,
  grant: Omit<UploadGrant, 'expiresAt' | 'maxBytes'>,
  query: UploadQuery,
  now = new Date(),
): boolean {
  if (query.expires * 1000 < now.getTime()) return false
  return safeEqual(
    uploadSignature(secret, { ...grant, maxBytes: query.size }, query.expires),
    query.signature,
  )
}
