import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import { AppError, errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import { WxrParseError } from './wxr-document.js'
import { createWxrScanner, type WxrOutline } from './wxr-source.js'

/** Thrown inside the upload pipeline once the body passes the limit. */
class SpoolTooLargeError extends Error {}

/**
 * Uploaded exports waiting for (or in) their import: `<root>/<tenantId>/<importId>.xml`, where
 * `root` is `DATA_DIR/imports`. The file is the import's input until the import ends.
 */
export function createImportSpool(root: string, maxBytes: number) {
  const pathOf = (tenantId: string, importId: string) => {
    // Ids come from our own rows and newId(); refuse anything else rather than resolve it.
    if (!/^[a-f0-9]{24}$/.test(tenantId) || !/^[a-f0-9]{24}$/.test(importId))
      throw new Error('A tenant or import id is 24 hex characters.')
    return join(root, tenantId, `${importId}.xml`)
  }
  const tooLarge = () => new AppError('PayloadTooLarge', phrase('imports.tooLarge', { maxBytes }))

  return {
    pathOf,

    /**
     * Streams `body` to the import's file, checking it on the way: at most `maxBytes`, and a
     * well-formed, safe WXR document (read as it arrives, keeping no item's text). Nothing stays on
     * disk when it fails. Returns the size in bytes and the export's outline.
     * @throws PayloadTooLarge (413) beyond `maxBytes` (or when `declaredBytes` already is),
     *   BadRequest (400) for a malformed, hostile or non-WXR document.
     */
    async receive(
      tenantId: string,
      importId: string,
      body: Readable,
      declaredBytes: number | undefined,
    ): Promise<{ sizeBytes: number; outline: WxrOutline }> {
      if (declaredBytes !== undefined && declaredBytes > maxBytes) throw tooLarge()
      const path = pathOf(tenantId, importId)
      await mkdir(dirname(path), { recursive: true })
      const scanner = createWxrScanner()
      const decoder = new StringDecoder('utf8')
      let sizeBytes = 0
      const check = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length
          if (sizeBytes > maxBytes) return done(new SpoolTooLargeError())
          try {
            scanner.write(decoder.write(chunk))
          } catch (err) {
            return done(err as Error)
          }
          done(null, chunk)
        },
      })
      // Piped rather than put in the pipeline: a refusal must not destroy the request (its socket),
      // which still carries the answer; the rest of the body is read and dropped instead.
      body.on('error', (err) => check.destroy(err))
      body.pipe(check)
      const file = createWriteStream(path, { flags: 'wx' })
      try {
        await pipeline(check, file)
        scanner.write(decoder.end())
        return { sizeBytes, outline: scanner.end().outline }
      } catch (err) {
        body.unpipe(check)
        body.resume()
        // A file stream destroyed before its file is open still opens (creates) it, then closes it:
        // removed before that, the file would be created again behind the removal.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()))
        await rm(path, { force: true })
        if (err instanceof SpoolTooLargeError) throw tooLarge()
        if (err instanceof WxrParseError) throw errors.badRequest(err.phrase)
        throw err
      }
    },

    /** Every spooled file, as tenant and import id. */
    async list(): Promise<{ tenantId: string; importId: string }[]> {
      const files: { tenantId: string; importId: string }[] = []
      const tenants = await readdir(root).catch(() => [])
      for (const tenantId of tenants.filter((name) => /^[a-f0-9]{24}$/.test(name))) {
        for (const name of await readdir(join(root, tenantId)).catch(() => [])) {
          const importId = /^([a-f0-9]{24})\.xml$/.exec(name)?.[1]
          if (importId !== undefined) files.push({ tenantId, importId })
        }
      }
      return files
    },

    /** Removes the import's file (gone already is fine). */
    async remove(tenantId: string, importId: string): Promise<void> {
      await rm(pathOf(tenantId, importId), { force: true })
    },
  }
}

export type ImportSpool = ReturnType<typeof createImportSpool>
