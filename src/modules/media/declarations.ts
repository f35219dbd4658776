import { Type } from 'typebox'
import { baseUrl, configSection, int, MiB, oneOf, text, WEEK_SECONDS } from '../../config-variables.js'
import { CRUD, declareFamily } from '../../declare.js'
import { Changed, Id, Nullable, payload } from '../../events/payloads.js'

const media = {
  id: Id,
  title: Nullable(Type.String()),
  sourceType: Type.String({ description: 'external or upload' }),
  mimeType: Nullable(Type.String()),
  status: Type.String(),
  variantsStatus: Type.String({ description: 'none, pending, ready or failed' }),
}

/**
 * `local`: files under `dataDir/media`, uploads through Folio's own signed PUT, served by Folio at
 * `publicUrl/media/…`; `s3`: any S3-compatible store, uploads straight to it by presigned URL.
 */
export interface MediaConfig {
  driver: 'local' | 's3'
  /** Reported by presign as `maxUploadBytes`. */
  maxUploadBytes: number
  /** Origin serving the media (default: local `publicUrl`, s3 the bucket's URL). */
  publicUrl: string
  presignTtlSeconds: number
  /** Width × height: the memory an image's variants take grows with it; larger ones are refused. */
  maxImagePixels: number
  /** Set with `MEDIA_DRIVER=s3` only. */
  s3:
    | {
        bucket: string
        region: string
        endpoint: string | undefined
        accessKeyId: string
        secretAccessKey: string
      }
    | undefined
}

/** The media family's events, permissions and configuration (where media are stored and served). */
export const declarations = declareFamily({
  events: {
    'media.created': payload('A media record was created (an external URL or a registered upload)', media),
    'media.updated': payload('A media record was changed (variantsStatus: its variants were made)', {
      ...media,
      changed: Changed,
    }),
    'media.deleted': payload('A media record was deleted', media),
  },
  activity: { nouns: { media: 'the media' } },
  permissions: { media: CRUD },
  config: configSection<{
    /** Where uploaded media live and how they are served (docs/decisions/media.md "Two drivers, one store"). */
    media: MediaConfig
  }>()((to) => ({
    MEDIA_DRIVER: to('media.driver', oneOf(['local', 's3'], 'local', 'where media are stored')),
    MEDIA_MAX_UPLOAD_BYTES: to('media.maxUploadBytes', int(1, 2 ** 31 - 1, 100 * MiB, 'largest upload')),
    MEDIA_PRESIGN_TTL_SECONDS: to(
      'media.presignTtlSeconds',
      int(10, WEEK_SECONDS, 300, 'upload URL lifetime'),
    ),
    // The default holds 45–50 MP camera files; sharp's own default is 268 MP (16383²), the top bound.
    MEDIA_MAX_IMAGE_PIXELS: to('media.maxImagePixels', int(1, 16383 ** 2, 50_000_000, 'largest image')),
    MEDIA_PUBLIC_URL: to('media.publicUrl', baseUrl('origin media are served from')),
    S3_BUCKET: to('media.s3.bucket', text('the bucket (required with MEDIA_DRIVER=s3)')),
    S3_REGION: to('media.s3.region', text('its region', { default: 'us-east-1' })),
    S3_ENDPOINT: to('media.s3.endpoint', baseUrl('endpoint of a non-AWS store (path-style)')),
    S3_ACCESS_KEY_ID: to('media.s3.accessKeyId', text('access key id (required with s3)')),
    S3_SECRET_ACCESS_KEY: to('media.s3.secretAccessKey', text('its secret key (required)', { secret: true })),
    // Only the default of MEDIA_PUBLIC_URL reads it (s3 driver).
    S3_PUBLIC_URL: { schema: baseUrl('where stored objects are read (default: the bucket URL)') },
  })),
})
