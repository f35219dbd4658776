/**
 * Upload policy (docs/decisions/media.md "The upload policy holds on every path"). Every accepted
 * type is one whose bytes `file-type` recognises, so registration can check the real type; HTML,
 * SVG, XML and scripts are never accepted (Folio has no sanitizer for them, and served from a
 * shared origin they run as pages).
 */
export const EXTENSION_BY_MIME_TYPE: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/tiff': 'tif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
}

const MIME_TYPE_BY_EXTENSION = new Map(
  Object.entries(EXTENSION_BY_MIME_TYPE).map(([mimeType, extension]) => [extension, mimeType]),
)

/** Accepted when the tenant settings name no list: images, audio, video and PDF. */
export const DEFAULT_ALLOWED_MIME_TYPES: readonly string[] = Object.keys(EXTENSION_BY_MIME_TYPE).filter(
  (mimeType) => mimeType !== 'application/zip' && mimeType !== 'image/tiff',
)

/** Images `sharp` measures and renders variants of. */
export const RENDERED_IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
])

/** `image/jpg` and the like, as clients send them, to the registered name. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/x-m4a': 'audio/mp4',
}

/** Lowercased, parameters dropped, aliases resolved: `Image/JPG; q=1` → `image/jpeg`. */
export function normalizeMimeType(value: string): string {
  const bare = value.split(';')[0]!.trim().toLowerCase()
  return ALIASES[bare] ?? bare
}

/**
 * The tenant's allow-list: tenant settings `metadata.mediaAllowedMimeTypes` (a list of types) when
 * set, limited to the types Folio can verify; otherwise the default.
 */
export function allowedMimeTypes(metadata: Record<string, unknown>): readonly string[] {
  const configured = metadata.mediaAllowedMimeTypes
  if (!Array.isArray(configured)) return DEFAULT_ALLOWED_MIME_TYPES
  return configured
    .filter((value): value is string => typeof value === 'string')
    .map(normalizeMimeType)
    .filter((mimeType) => mimeType in EXTENSION_BY_MIME_TYPE)
}

/** The type `file-type` reads from the object's first bytes (null when it recognises none). */
export async function sniffMimeType(start: Buffer): Promise<string | null> {
  // Loaded on the first upload, not at start (docs/architecture.md "Memory").
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(start)
  return detected === undefined ? null : normalizeMimeType(detected.mime)
}

/** The serving type of a stored object from its server-chosen extension. */
export function mimeTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1)
  return MIME_TYPE_BY_EXTENSION.get(extension === 'jpeg' ? 'jpg' : extension) ?? 'application/octet-stream'
}

/**
 * A storage-safe file name for the client's `fileName`: only its last path segment, accents
 * folded, `[a-z0-9-]` (at most 80), and the extension of the accepted type, never the client's.
 */
export function safeFileName(fileName: string, mimeType: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? ''
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return `${slug === '' ? 'file' : slug}.${EXTENSION_BY_MIME_TYPE[mimeType]}`
}
