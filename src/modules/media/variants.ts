import sharp, { type OutputInfo } from 'sharp'
import type { MediaVariant } from '../../db/schema/index.js'
import { errors } from '../../errors.js'
import type { MediaStorage } from './storage.js'

/** Renditions made of every uploaded image: boxes in pixels, never enlarged. */
const SIZES = [
  { name: 'thumbnail', width: 150, height: 150, fit: 'cover' },
  { name: 'small', width: 480, height: 480, fit: 'inside' },
  { name: 'medium', width: 1024, height: 1024, fit: 'inside' },
  { name: 'large', width: 1920, height: 1920, fit: 'inside' },
] as const

/** A decompression bomb (a small file of enormous dimensions) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 100_000_000

/**
 * Measures an uploaded image and writes its variants beside it (`<folder>/variants/<name>.<ext>`):
 * thumbnail (150×150 cropped), small, medium and large (fitting 480, 1024, 1920 pixels) in the
 * original's format (PNG for GIF, AVIF and TIFF originals), and `webp`, the full image as WebP.
 * The image is decoded completely first, so a file with an image's signature and other content
 * (a polyglot) fails here with 400 ValidationFailed.
 */
export async function renderImage(
  storage: MediaStorage,
  folder: string,
  original: Buffer,
  mimeType: string,
): Promise<{ width: number; height: number; variants: MediaVariant[] }> {
  let decoded: { data: Buffer; info: OutputInfo }
  try {
    decoded = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw errors.validation(`The uploaded file is not a readable ${mimeType} image.`)
  }
  const { width, height, channels } = decoded.info
  // Decoded once: every rendition starts from the same pixels.
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } })
  const format: 'jpeg' | 'webp' | 'png' =
    mimeType === 'image/jpeg' ? 'jpeg' : mimeType === 'image/webp' ? 'webp' : 'png'
  const extension = format === 'jpeg' ? 'jpg' : format
  const renditions = [
    ...SIZES.map((size) => ({
      name: size.name,
      format,
      extension,
      pipeline: pixels().resize({
        width: size.width,
        height: size.height,
        fit: size.fit,
        withoutEnlargement: true,
      }),
    })),
    {
      name: 'webp',
      format: 'webp' as const,
      extension: 'webp',
      pipeline: pixels(),
    },
  ]
  const variants: MediaVariant[] = []
  for (const rendition of renditions) {
    const { data, info } = await rendition.pipeline
      .toFormat(rendition.format)
      .toBuffer({ resolveWithObject: true })
    const key = `${folder}/variants/${rendition.name}.${rendition.extension}`
    const variantType = `image/${rendition.format}`
    await storage.write(key, data, variantType)
    variants.push({
      name: rendition.name,
      key,
      url: storage.publicUrl(key),
      width: info.width,
      height: info.height,
      size: data.length,
      mimeType: variantType,
    })
  }
  return { width, height, variants }
}
