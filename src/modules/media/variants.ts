import type { Sharp } from 'sharp'
import type { MediaVariant } from '../../db/schema/index.js'
import { errors } from '../../errors.js'
import { type Phrase, phrase, translate } from '../../i18n/index.js'
import type { MediaStorage } from './storage.js'

type SharpModule = typeof import('sharp').default
let loaded: Promise<SharpModule> | undefined
/**
 * sharp (and libvips with it), loaded on the first image rather than at start: a server that renders
 * no image does not keep them in memory (docs/architecture.md "Memory").
 */
function loadSharp(): Promise<SharpModule> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Process-wide: no operation cache (it keeps decoded images and open files beyond their
    // request), and one libvips thread per image, so a rendition leaves the other core to the requests.
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loaded as Promise<SharpModule>
}

/**
 * Bytes registration reads from an object's start: enough for `file-type` and for the header of a
 * JPEG, PNG or AVIF (with its EXIF, ICC and XMP segments); WebP, GIF and most TIFF readers need the
 * whole file, so those are measured by the variants job.
 */
export const PROBE_BYTES = 256 * 1024

/** Renditions made of every uploaded image: boxes in pixels, never enlarged. */
const SIZES = [
  { name: 'thumbnail', width: 150, height: 150, fit: 'cover' },
  { name: 'small', width: 480, height: 480, fit: 'inside' },
  { name: 'medium', width: 1024, height: 1024, fit: 'inside' },
  { name: 'large', width: 1920, height: 1920, fit: 'inside' },
  // libwebp encodes from the whole picture in memory (about 12 bytes a pixel): a full-size WebP of
  // a 40 MP photo took 580 MB, within 3840 pixels (4K UHD) 210 MB. WebP also ends at 16383 pixels.
  { name: 'webp', width: 3840, height: 3840, fit: 'inside' },
] as const

/** Thrown when an image cannot be measured or rendered whatever the attempt: not worth a retry. */
export class UnrenderableImageError extends Error {}

/** The message refusing an image of `width` × `height` beyond `maxPixels`. */
function tooManyPixels(width: number, height: number, maxPixels: number): Phrase {
  const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10
  return phrase('media.tooManyPixels', {
    width,
    height,
    megapixels: megapixels(width * height),
    maxMegapixels: megapixels(maxPixels),
  })
}

/**
 * An image's width and height (after EXIF orientation) from the header in `start`, the object's
 * first bytes. 400 ValidationFailed beyond `maxPixels`, or when `start` is the whole object
 * (`complete`) and holds no readable image (a file with an image's signature and other content).
 * Null when the header is not in `start` (or this format's reader needs the whole file): the
 * variants job measures the image then.
 */
export async function measureHeader(
  start: Buffer,
  complete: boolean,
  mimeType: string,
  maxPixels: number,
): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp()
  let size: { width: number; height: number } | null
  try {
    size = (await sharp(start).metadata()).autoOrient
  } catch {
    size = null
  }
  if (size === null && complete) throw errors.validation(phrase('media.unreadableImage', { mimeType }))
  if (size !== null && size.width * size.height > maxPixels)
    throw errors.validation(tooManyPixels(size.width, size.height, maxPixels))
  return size
}

/**
 * Measures the image stored under `key` and writes its variants beside it
 * (`<folder>/variants/<name>.<ext>`): thumbnail (150×150 cropped), small, medium and large (fitting
 * 480, 1024, 1920 pixels) in the original's format (PNG for GIF, AVIF and TIFF originals), and
 * `webp`, the image as WebP fitting 3840 pixels. Each rendition is decoded from the file in strips
 * (sequential read, JPEG shrink-on-load), one after the other, so memory follows the output size,
 * not the original's. Throws UnrenderableImageError for an image beyond `maxPixels` or one that
 * does not decode (a file with an image's signature and other content); any variant written before
 * a failure is removed.
 */
export async function renderVariants(
  storage: MediaStorage,
  folder: string,
  key: string,
  mimeType: string,
  maxPixels: number,
): Promise<{ width: number; height: number; variants: MediaVariant[] }> {
  const sharp = await loadSharp()
  const file = await storage.localFile(key)
  const written: string[] = []
  try {
    const open = () => sharp(file.path, { limitInputPixels: maxPixels, sequentialRead: true }).rotate()
    const { width, height } = await measure(file.path, maxPixels, mimeType)
    const format: 'jpeg' | 'webp' | 'png' =
      mimeType === 'image/jpeg' ? 'jpeg' : mimeType === 'image/webp' ? 'webp' : 'png'
    const variants: MediaVariant[] = []
    for (const size of SIZES) {
      const outputFormat = size.name === 'webp' ? 'webp' : format
      const pipeline = open()
        .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true })
        .toFormat(outputFormat)
      const { data, info } = await encode(pipeline, mimeType)
      const variantKey = `${folder}/variants/${size.name}.${outputFormat === 'jpeg' ? 'jpg' : outputFormat}`
      const variantType = `image/${outputFormat}`
      written.push(variantKey)
      await storage.write(variantKey, data, variantType)
      variants.push({
        name: size.name,
        key: variantKey,
        url: storage.publicUrl(variantKey),
        width: info.width,
        height: info.height,
        size: data.length,
        mimeType: variantType,
      })
    }
    return { width, height, variants }
  } catch (err) {
    await storage.remove(written)
    throw err
  } finally {
    await file.release()
  }
}

/** The oriented size of the image in `path`, refused beyond `maxPixels` before any decoding. */
async function measure(path: string, maxPixels: number, mimeType: string) {
  const sharp = await loadSharp()
  let size: { width: number; height: number }
  try {
    size = (await sharp(path).metadata()).autoOrient
  } catch {
    throw new UnrenderableImageError(`The uploaded file is not a readable ${mimeType} image.`)
  }
  if (size.width * size.height > maxPixels)
    // A job's failure, recorded for operators: in English.
    throw new UnrenderableImageError(translate(tooManyPixels(size.width, size.height, maxPixels), 'en'))
  return size
}

/** Runs `pipeline`; a decoding failure (a truncated or polyglot file) is UnrenderableImageError. */
async function encode(pipeline: Sharp, mimeType: string) {
  try {
    return await pipeline.toBuffer({ resolveWithObject: true })
  } catch (err) {
    throw new UnrenderableImageError(
      `The uploaded file is not a readable ${mimeType} image (${(err as Error).message}).`,
    )
  }
}
