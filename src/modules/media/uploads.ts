import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { AppError, errors } from '../../errors.js'
import { dbOf, type Emit, type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { newId } from '../../lib/ids.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { limitCheck } from '../tenant-settings/index.js'
import {
  parseUploadQuery,
  readFileStart,
  UploadTooLargeError,
  verifyUpload,
  writeBounded,
} from './local-storage.js'
import {
  allowedMimeTypes,
  DEFAULT_ALLOWED_MIME_TYPES,
  EXTENSION_BY_MIME_TYPE,
  normalizeMimeType,
  RENDERED_IMAGE_TYPES,
  safeFileName,
  sniffMimeType,
} from './policy.js'
import { keyNamedBy, mediaFacts, normalizeTags, toMedia } from './records.js'
import { createMediaRepository, type MediaUploadRow } from './repository.js'
import type { Media } from './schemas.js'
import { folderOf, type LocalMediaStorage, type MediaStorage, objectKeyOf } from './storage.js'
import type { PresignInput, RegisterExistingInput, RegisterInput } from './upload-schemas.js'
import { createVariantJob, MAKE_VARIANTS_JOB, type MakeVariantsJob } from './variant-jobs.js'
import { measureHeader, PROBE_BYTES } from './variants.js'

/** A file stored under a key of its tenant and checked, not yet recorded as media (`storeFile`). */
export interface StoredFile {
  key: string
  folder: string
  size: number
  mimeType: string
  /** An image Folio renders variants of. */
  rendered: boolean
  width: number | null
  height: number | null
  originalName: string
}

/** What a recorded file says of itself (the registration's metadata members). */
export type FileMetadata = Pick<
  RegisterInput,
  'title' | 'altText' | 'caption' | 'description' | 'originalName' | 'tags'
>

/** The hourly job removing stale upload grants and abandoned uploads. */
export const PRUNE_UPLOADS_JOB = 'media.prune-uploads'

/**
 * Uploads (docs/decisions/media.md "The upload policy holds on every path"): presign grants, the
 * local driver's signed PUT, and registration of stored objects as media. The policy holds on every
 * path: the type must be on the tenant's allow-list and the object's bytes must be of that type.
 */
export function createMediaUploads(deps: {
  db: Db
  events: EventSink
  storage: MediaStorage
  settings?: TenantSettingsReader
  /** Queues the variants of registered images (in the registration's transaction). */
  jobs: Pick<JobRunner, 'send'>
  maxUploadBytes: number
  /** Largest image (pixels) registration accepts (`MEDIA_MAX_IMAGE_PIXELS`). */
  maxImagePixels: number
  presignTtlSeconds: number
  /** Signs the local driver's upload URLs. */
  secret: string
}) {
  const { db, storage, settings } = deps
  const repository = createMediaRepository(db)
  const write = transactional(db, deps.events)

  const allowedFor = async (tenantId: string) =>
    settings === undefined
      ? DEFAULT_ALLOWED_MIME_TYPES
      : allowedMimeTypes((await settings.get(tenantId)).metadata)

  /** The real type of the object starting with `start`: `expected` (or, with none, on the tenant's list). */
  const checkType = async (tenantId: string, start: Buffer, expected: string | null) => {
    const sniffed = await sniffMimeType(start)
    if (sniffed === null) throw errors.validation('media.unknownType')
    if (expected !== null && sniffed !== expected) {
      throw errors.validation(phrase('media.typeMismatch', { sniffed, expected }))
    }
    if (!(await allowedFor(tenantId)).includes(sniffed)) {
      throw errors.validation(phrase('media.typeRefused', { type: sniffed }))
    }
    return sniffed
  }

  /**
   * The checks of a file's bytes, however it arrived: its real type (from `start`, its first bytes;
   * `expected` when one was declared, and on the tenant's list) and, for an image Folio renders, its
   * size from the header (within `maxImagePixels`). `size` is the whole file's.
   */
  const inspect = async (tenantId: string, start: Buffer, size: number, expected: string | null) => {
    const mimeType = await checkType(tenantId, start, expected)
    const rendered = RENDERED_IMAGE_TYPES.has(mimeType)
    const complete = start.length >= size
    const image = rendered ? await measureHeader(start, complete, mimeType, deps.maxImagePixels) : null
    return { mimeType, rendered, width: image?.width ?? null, height: image?.height ?? null }
  }

  /**
   * Records a checked object as media in `tx` and, for an image, queues its variants there
   * (`variantsStatus: pending` until the job made them); emits `media.created`.
   */
  const insertChecked = async (
    tx: Db,
    emit: Emit,
    context: TenantContext,
    file: StoredFile,
    input: FileMetadata,
  ): Promise<Media> => {
    const row = await createMediaRepository(tx).insert(context.tenantId, {
      id: newId(),
      sourceType: 'upload',
      status: 'active',
      url: storage.publicUrl(file.key),
      key: file.key,
      folder: file.folder,
      title: input.title ?? null,
      altText: input.altText ?? null,
      caption: input.caption ?? null,
      description: input.description ?? null,
      mimeType: file.mimeType,
      originalName: input.originalName ?? file.originalName,
      size: file.size,
      width: file.width,
      height: file.height,
      variants: [],
      variantsStatus: file.rendered ? 'pending' : 'none',
      tags: normalizeTags([input.tags ?? []].flat()),
      createdBy: userIdOf(context),
    })
    if (file.rendered) {
      await deps.jobs.send<MakeVariantsJob>(
        MAKE_VARIANTS_JOB,
        { tenantId: context.tenantId, mediaId: row.id },
        { within: tx },
      )
    }
    const media = toMedia(row)
    emit({ type: 'media.created', subjectId: media.id, payload: mediaFacts(media) })
    return media
  }

  /**
   * Checks the stored object under `key` and records it as media: size (the store's), type and
   * image size (from its first `PROBE_BYTES`: never the whole object), and, for an image, queues
   * its variants. An upload under `grant` that fails the checks is removed and the grant spent.
   */
  const adopt = async (
    context: TenantContext,
    key: string,
    folder: string,
    input: RegisterInput | RegisterExistingInput,
    grant: MediaUploadRow | undefined,
  ): Promise<Media> => {
    const object = await storage.head(key)
    if (object === null && grant === undefined) throw errors.notFound('Object')
    if (object === null) throw errors.validation(phrase('media.nothingUploaded', { key }))
    const declaredType = input.mimeType === undefined ? null : normalizeMimeType(input.mimeType)
    try {
      const maxBytes = grant?.maxBytes ?? deps.maxUploadBytes
      if (object.size > maxBytes)
        throw errors.validation(phrase('media.storedTooLarge', { size: object.size, maxBytes }))
      if (input.size !== undefined && input.size !== object.size) {
        throw errors.validation(phrase('media.sizeMismatch', { size: input.size, stored: object.size }))
      }
      if (grant !== undefined && declaredType !== null && declaredType !== grant.contentType) {
        throw errors.validation(phrase('media.presignedType', { type: grant.contentType }))
      }
      const start = await storage.readStart(key, PROBE_BYTES)
      const checked = await inspect(context.tenantId, start, object.size, grant?.contentType ?? declaredType)
      const file: StoredFile = {
        key,
        folder,
        size: object.size,
        originalName: grant?.originalName ?? key.slice(key.lastIndexOf('/') + 1),
        ...checked,
      }
      const checkLimit = await limitCheck(settings, context.tenantId, 'media')
      return await write(context, async (tx, emit) => {
        if (
          grant !== undefined &&
          (await createMediaRepository(tx).consumeUpload(context.tenantId, key)) === undefined
        ) {
          throw errors.conflict(phrase('media.uploadRegistered', { key }))
        }
        await checkLimit(tx)
        return insertChecked(tx, emit, context, file, input)
      })
    } catch (err) {
      if (err instanceof AppError && err.code === 'ValidationFailed') {
        // A refused upload is spent and its file not kept; an object adopted by key stays as it was.
        if (grant !== undefined) {
          await storage.remove([key])
          await repository.consumeUpload(context.tenantId, key)
        }
      }
      throw uniqueConflict(err, {
        media_tenant_key_key: () => errors.conflict(phrase('media.objectRegistered', { key })),
      })
    }
  }

  return {
    /** The variants job's handler (`MAKE_VARIANTS_JOB`, see `createVariantJob`). */
    makeVariants: createVariantJob({
      db,
      events: deps.events,
      storage,
      maxImagePixels: deps.maxImagePixels,
    }),

    /**
     * `POST /api/media/presign`: a grant to PUT one file of `contentType` and at most `size` bytes
     * under a server-generated key, valid `presignTtlSeconds`. 400 when the type is not allowed or
     * the size exceeds `MEDIA_MAX_UPLOAD_BYTES`; 403 LimitExceeded when `limits.media` is reached.
     */
    async presign(context: TenantContext, input: PresignInput) {
      const contentType = normalizeMimeType(input.contentType)
      const allowed = await allowedFor(context.tenantId)
      if (!allowed.includes(contentType)) {
        throw errors.validation(
          phrase('media.contentTypeRefused', { contentType, allowed: allowed.join(', ') }),
        )
      }
      if (input.size > deps.maxUploadBytes) {
        throw errors.validation(phrase('media.sizeTooLarge', { maxBytes: deps.maxUploadBytes }))
      }
      await (await limitCheck(settings, context.tenantId, 'media'))(db)
      const fileName = safeFileName(input.fileName, contentType)
      const { folder, key } = objectKeyOf(context.tenantId, newId(), fileName)
      const expiresAt = new Date(Date.now() + deps.presignTtlSeconds * 1000)
      await repository.insertUpload(context.tenantId, {
        key,
        contentType,
        maxBytes: input.size,
        originalName: input.fileName.split(/[/\\]/).pop() || fileName,
        expiresAt,
      })
      const grant = { tenantId: context.tenantId, key, contentType, maxBytes: input.size, expiresAt }
      return {
        uploadUrl: await storage.uploadUrl(grant),
        key,
        fileName,
        folder,
        bucket: storage.bucket,
        publicUrl: storage.publicUrl(key),
        extension: EXTENSION_BY_MIME_TYPE[contentType] ?? null,
        maxUploadBytes: deps.maxUploadBytes,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        expiresAt: expiresAt.toISOString(),
      }
    },

    /**
     * The local driver's signed `PUT /media/<key>`: the signature must match the key, the request's
     * Content-Type and size and be unexpired, and the grant unused (403 otherwise); more bytes than
     * granted are refused with 413. Returns the bytes stored.
     */
    async receive(
      key: string,
      contentType: string | undefined,
      query: Record<string, unknown>,
      body: Readable,
      contentLength: number | undefined,
    ): Promise<number> {
      const local = storage as LocalMediaStorage
      const owner = folderOf(key)
      const signed = parseUploadQuery(query)
      const type = normalizeMimeType(contentType ?? '')
      const denied = () => errors.forbidden('media.uploadUrlInvalid')
      if (storage.driver !== 'local' || owner === null || signed === null) throw denied()
      if (!verifyUpload(deps.secret, { tenantId: owner.tenantId, key, contentType: type }, signed))
        throw denied()
      const grant = await repository.claimUpload(owner.tenantId, key, new Date())
      if (grant === undefined || grant.contentType !== type || grant.maxBytes !== signed.size) throw denied()
      const tooLarge = () =>
        new AppError('PayloadTooLarge', phrase('media.uploadTooLarge', { maxBytes: grant.maxBytes }))
      if (contentLength !== undefined && contentLength > grant.maxBytes) throw tooLarge()
      try {
        return await local.receive(key, body, grant.maxBytes)
      } catch (err) {
        if (err instanceof UploadTooLargeError) throw tooLarge()
        throw err
      }
    },

    /**
     * `POST /api/media`: registers the object uploaded under a key this tenant presigned (404 for
     * any other key, including another tenant's); 400 when it is missing, too large, or its bytes
     * are not the granted type (the file is then removed); 409 when already registered.
     */
    async register(context: TenantContext, input: RegisterInput): Promise<Media> {
      const owner = folderOf(input.key)
      const grant =
        owner?.tenantId === context.tenantId
          ? await repository.findUpload(context.tenantId, input.key)
          : undefined
      if (owner === null || grant === undefined) throw errors.notFound('Upload')
      if (grant.registeredAt !== null)
        throw errors.conflict(phrase('media.uploadRegistered', { key: input.key }))
      // Checked where it will stay: the upload URL cannot reach the final key.
      await storage.promoteUpload(input.key)
      return adopt(context, input.key, owner.folder, input, grant)
    },

    /**
     * `POST /api/media/register-existing`: records an object already in this tenant's storage,
     * named by `key` or by its public `sourceUrl` (exactly one; 400 otherwise). 404 when the key
     * is not this tenant's; the same checks as registration (the type must be on the allow-list).
     */
    async registerExisting(context: TenantContext, input: RegisterExistingInput): Promise<Media> {
      const key = keyNamedBy(input, storage.publicUrl(''))
      const owner = folderOf(key)
      if (owner === null || owner.tenantId !== context.tenantId || key.includes('/variants/')) {
        throw errors.notFound('Object')
      }
      const found = await repository.findUpload(context.tenantId, key)
      const grant = found?.registeredAt === null ? found : undefined
      if (grant !== undefined) await storage.promoteUpload(key)
      return adopt(context, key, owner.folder, input, grant)
    },

    /** Largest file (bytes) an upload, or a file Folio fetches itself, may be (`MEDIA_MAX_UPLOAD_BYTES`). */
    maxUploadBytes: deps.maxUploadBytes,

    /**
     * Stores a file Folio fetched itself (the WordPress importer's copies) under a new key of
     * `tenantId`, through the checks of an upload (docs/decisions/media.md "The upload policy holds
     * on every path"): at most `MEDIA_MAX_UPLOAD_BYTES`, counted as it arrives; a type on the
     * tenant's list by its bytes; an image within `MEDIA_MAX_IMAGE_PIXELS`. The body goes to a
     * temporary file first, never whole into memory, so the key can carry the checked type's
     * extension. Nothing is recorded yet: `recordFile` records it, `discardFile` removes it.
     * `fileName` only names it (as a client's file name does).
     * @throws ValidationFailed (400) for a file the checks refuse (nothing kept), or the body's error.
     */
    async storeFile(tenantId: string, input: { body: Readable; fileName: string }): Promise<StoredFile> {
      const directory = await mkdtemp(join(tmpdir(), 'folio-fetched-'))
      try {
        const path = join(directory, 'file')
        let size: number
        try {
          size = await writeBounded(input.body, path, deps.maxUploadBytes)
        } catch (err) {
          if (!(err instanceof UploadTooLargeError)) throw err
          throw errors.validation(phrase('media.fileTooLarge', { maxBytes: deps.maxUploadBytes }))
        }
        if (size === 0) throw errors.validation('media.emptyFile')
        const start = await readFileStart(path, PROBE_BYTES)
        const checked = await inspect(tenantId, start, size, null)
        const { folder, key } = objectKeyOf(tenantId, newId(), safeFileName(input.fileName, checked.mimeType))
        await storage.writeFile(key, path, checked.mimeType)
        return { key, folder, size, originalName: input.fileName.slice(0, 255), ...checked }
      } finally {
        await rm(directory, { recursive: true, force: true })
      }
    },

    /**
     * Records a file `storeFile` stored as media, with its metadata, in the context's unit of work
     * when it carries one; an image's variants are queued in it. 403 LimitExceeded when the
     * tenant's `limits.media` is reached (the file is then the caller's to discard).
     */
    async recordFile(context: TenantContext, file: StoredFile, input: FileMetadata): Promise<Media> {
      const checkLimit = await limitCheck(settings, context.tenantId, 'media', dbOf(context, db))
      return write(context, async (tx, emit) => {
        await checkLimit(tx)
        return insertChecked(tx, emit, context, file, input)
      })
    },

    /**
     * Makes the external media `id` an upload of `file` (stored by `storeFile`) in place, in the
     * context's unit of work when it carries one: the same id, so what shows it (a featured image,
     * a gallery) shows the copy. Its `url` becomes the copy's, its type, size and image size the
     * file's, its `originalName` the file's unless it has one; its thumbnail goes (the variants
     * bring Folio's) and an image's variants are queued. Emits `media.updated`. The media count is
     * unchanged, so no limit applies.
     * @throws NotFound for a missing id or another tenant's, Conflict when the media is no longer
     *   external (copied meanwhile); the file is then the caller's to discard.
     */
    async attachFile(context: TenantContext, id: string, file: StoredFile): Promise<Media> {
      return write(context, async (tx, emit) => {
        const repo = createMediaRepository(tx)
        const current = await repo.findById(context.tenantId, id)
        if (current === undefined) throw errors.notFound('Media')
        const row = await repo.updateExternal(context.tenantId, id, {
          sourceType: 'upload',
          url: storage.publicUrl(file.key),
          key: file.key,
          folder: file.folder,
          thumbnailUrl: null,
          mimeType: file.mimeType,
          originalName: current.originalName ?? file.originalName,
          size: file.size,
          width: file.width,
          height: file.height,
          variants: [],
          variantsStatus: file.rendered ? 'pending' : 'none',
        })
        if (row === undefined) throw errors.conflict('media.noLongerExternal')
        if (file.rendered) {
          await deps.jobs.send<MakeVariantsJob>(
            MAKE_VARIANTS_JOB,
            { tenantId: context.tenantId, mediaId: id },
            { within: tx },
          )
        }
        const media = toMedia(row)
        emit({
          type: 'media.updated',
          subjectId: id,
          payload: {
            ...mediaFacts(media),
            changed: ['sourceType', 'url', 'key', 'mimeType', 'size', 'width', 'height'],
          },
        })
        return media
      })
    },

    /** Removes a file `storeFile` stored that will not be recorded. */
    discardFile: (file: StoredFile) => storage.remove([file.key]),

    /**
     * Removes upload grants a day past their expiry, the objects uploaded under those never
     * registered (abandoned uploads), and whatever their upload URLs left staged (a PUT repeated
     * after registration). Returns how many grants were removed (at most `batch`).
     */
    async pruneUploads(now = new Date(), batch = 500): Promise<number> {
      const stale = await repository.staleUploads(new Date(now.getTime() - 24 * 3600_000), batch)
      await storage.remove(stale.filter((grant) => grant.registeredAt === null).map((grant) => grant.key))
      await storage.removeStaged(stale.map((grant) => grant.key))
      await repository.deleteUploads(stale)
      return stale.length
    },
  }
}

export type MediaUploads = ReturnType<typeof createMediaUploads>
