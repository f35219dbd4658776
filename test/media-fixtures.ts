import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'
import { call } from './helpers.js'

/** A real PNG of `width` × `height` pixels. */
export function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer()
}

/** A real JPEG of `width` × `height` pixels. */
export function jpegBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer()
}

/**
 * An image of `width` × `height` pixels of noise in `format`: it compresses badly, so its file is
 * large (a 1000×1000 JPEG is about 1 MB), as a photo's is.
 */
export function noisyImageBytes(width: number, height: number, format: 'jpeg' | 'png' | 'webp') {
  const noise = { type: 'gaussian', mean: 128, sigma: 60 } as const
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise } })
    .toFormat(format, { quality: 95 })
    .toBuffer()
}

/** A minimal PDF (recognised by its signature). */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

export interface Presigned {
  uploadUrl: string
  key: string
  fileName: string
  folder: string
  publicUrl: string
  headers: Record<string, string>
}

/** `POST /api/media/presign` expecting 200. */
export async function presign(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<Presigned> {
  const response = await call(app, 'POST', '/api/media/presign', { token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data
}

/** The local driver's signed PUT through `inject` (the URL's path and query). */
export function putUpload(app: FastifyInstance, uploadUrl: string, bytes: Buffer, contentType: string) {
  const url = new URL(uploadUrl)
  return app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': contentType },
    payload: bytes,
  })
}

/** Presign, PUT and register `bytes`; returns the registered media record. */
export async function uploadMedia(
  app: FastifyInstance,
  token: string,
  bytes: Buffer,
  contentType: string,
  extra: Record<string, unknown> = {},
) {
  const grant = await presign(app, token, { fileName: 'file.bin', contentType, size: bytes.length })
  const put = await putUpload(app, grant.uploadUrl, bytes, contentType)
  expect(put.statusCode, put.body).toBe(200)
  const registered = await call(app, 'POST', '/api/media', { token, body: { key: grant.key, ...extra } })
  expect(registered.statusCode, registered.body).toBe(200)
  return registered.data.media
}

/** The path and query of an absolute URL Folio answers (for `inject`). */
export function pathOf(url: string): string {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

/**
 * Reads the media `id` until its variants are no longer pending (the variants job runs after the
 * registration committed, at the job runner's next poll); returns that read. Fails after `timeoutMs`.
 */
export async function waitForVariants(app: FastifyInstance, token: string, id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const read = await call(app, 'GET', `/api/media/${id}`, { token })
    expect(read.statusCode, read.body).toBe(200)
    if (read.data.media.variantsStatus !== 'pending') return read.data.media
    if (Date.now() > deadline) throw new Error(`The variants of media ${id} are still pending`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
