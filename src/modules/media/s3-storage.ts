import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { MediaConfig } from './declarations.js'
import type { MediaStorage } from './storage.js'

/**
 * The key a presigned PUT for `key` writes: under `<tenantId>/staging/`, which no media key can be
 * (`OBJECT_KEY_PATTERN`), inside the tenant's prefix so that a tenant purge removes it too.
 */
export function stagingKeyOf(key: string): string {
  const slash = key.indexOf('/')
  return `${key.slice(0, slash)}/staging${key.slice(slash)}`
}

/**
 * The `s3` driver: any S3-compatible store (path-style addressing when `S3_ENDPOINT` is set). The
 * presigned PUT signs the content type and length, so the store refuses another type or size.
 *
 * A presigned PUT can be repeated until it expires, so it writes a staging key, and registration
 * moves the object to its final key server-side (CopyObject, then DeleteObject): a later PUT lands
 * on the staging key again, which nothing serves and the upload prune removes. Conditional writes
 * (`If-None-Match: *`) would need every client to send and sign that header, and s3rver, the store
 * the tests run against, ignores it; CopyObject works on both (AWS copies up to 5 GB in one call,
 * far above `MEDIA_MAX_UPLOAD_BYTES`'s 2 GiB ceiling).
 */
export function createS3Storage(
  config: MediaConfig,
  s3: NonNullable<MediaConfig['s3']>,
): MediaStorage & { readonly client: S3Client } {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint === undefined ? {} : { endpoint: s3.endpoint, forcePathStyle: true }),
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  })
  const Bucket = s3.bucket
  const notFound = (err: unknown) => {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    return (
      status === 404 ||
      (err as { name?: string }).name === 'NotFound' ||
      (err as { name?: string }).name === 'NoSuchKey'
    )
  }

  const remove = async (keys: readonly string[]) => {
    // DeleteObjects takes at most 1,000 keys.
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000)
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }),
      )
    }
  }

  return {
    driver: 's3',
    bucket: Bucket,
    client,

    uploadUrl: (grant) =>
      getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket,
          Key: stagingKeyOf(grant.key),
          ContentType: grant.contentType,
          ContentLength: grant.maxBytes,
        }),
        {
          expiresIn: Math.max(1, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000)),
          signableHeaders: new Set(['content-type', 'content-length']),
        },
      ),

    publicUrl: (key) => `${config.publicUrl}/${key}`,

    async promoteUpload(Key) {
      const staged = stagingKeyOf(Key)
      try {
        // Keys are server-generated ([a-z0-9/.-]): nothing in them needs URL-encoding.
        await client.send(new CopyObjectCommand({ Bucket, Key, CopySource: `${Bucket}/${staged}` }))
      } catch (err) {
        // Nothing staged: never uploaded, or moved by an earlier attempt (the final key then holds it).
        if (notFound(err)) return
        throw err
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: staged }))
    },

    removeStaged: (keys) => remove(keys.map(stagingKeyOf)),

    async head(Key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }))
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? null }
      } catch (err) {
        if (notFound(err)) return null
        throw err
      }
    },

    async readStart(Key, bytes) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=0-${bytes - 1}` }))
      return Buffer.from(await object.Body!.transformToByteArray())
    },

    async localFile(Key) {
      const directory = await mkdtemp(join(tmpdir(), 'folio-media-'))
      const release = () => rm(directory, { recursive: true, force: true })
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }))
        const path = join(directory, 'object')
        await pipeline(object.Body as Readable, createWriteStream(path, { flags: 'wx' }))
        return { path, release }
      } catch (err) {
        await release()
        throw err
      }
    },

    async write(Key, Body, ContentType) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType }))
    },

    async writeFile(Key, path, ContentType) {
      // A stream body needs its length: one PUT of the whole file (S3 stores it whole or not at all).
      const { size } = await stat(path)
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: createReadStream(path), ContentLength: size, ContentType }),
      )
    },

    remove,

    async removeTenant(tenantId) {
      if (!/^[a-f0-9]{24}$/.test(tenantId)) throw new Error('A tenant id is 24 hex characters.')
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${tenantId}/`, ContinuationToken }),
        )
        await remove(
          (page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key])),
        )
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken !== undefined)
    },
  }
}
