import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, readFileSync } from 'node:fs'
import { type Readable, Transform, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip, createGzip } from 'node:zlib'
import * as tar from 'tar-stream'
import type { ExportOptions } from './classification.js'

/** The archive format this Folio writes and reads (docs/decisions/portability.md "The archive"). */
export const ARCHIVE_FORMAT = 'folio-tenant-export'
export const FORMAT_VERSION = 1
export const MANIFEST_ENTRY = 'manifest.json'
export const MEMBERS_ENTRY = 'data/members.ndjson'

/** One entry after the manifest: its name, size in bytes and SHA-256 (hex). */
export interface ManifestEntry {
  name: string
  size: number
  sha256: string
}

/** `manifest.json`, the archive's first entry. */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT
  formatVersion: number
  folioVersion: string
  source: { tenantId: string; name: string; slug: string }
  createdAt: string
  options: ExportOptions
  /** Rows per table (by SQL name), `members`, and `mediaFiles`. */
  counts: Record<string, number>
  /** Every other entry, in archive order. */
  entries: ManifestEntry[]
  /** The secrets the source had and the archive leaves out (`smtpPassword`, `webhookSecret`). */
  secretsLeftOut: string[]
}

/** A member as `data/members.ndjson` lists it. */
export interface ArchivedMember {
  email: string
  firstName: string
  lastName: string
  role: string
  status: string
}

/** Folio's version (package.json), recorded in each manifest. */
export function folioVersion(): string {
  const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')
  return (JSON.parse(text) as { version: string }).version
}

/** Counts and hashes the bytes passing through. */
export function measuring(): Transform & { size: number; digest(): string } {
  const hash = createHash('sha256')
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      measured.size += chunk.length
      done(null, chunk)
    },
  }) as Transform & { size: number; digest(): string }
  const measured = stream
  measured.size = 0
  measured.digest = () => hash.digest('hex')
  return measured
}

/** The SHA-256 and size of a file on this machine, streamed. */
export async function measureFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  return { size, sha256: hash.digest('hex') }
}

/** An entry to pack: its manifest record and where its bytes come from. */
export interface PackedEntry extends ManifestEntry {
  open(): Promise<{ stream: Readable; done(): Promise<void> }>
}

/**
 * Writes the archive to `path`: `manifest.json` first, then each entry, gzip'd, streamed (one
 * entry's bytes in flight at a time). Returns the archive's size and SHA-256.
 */
export async function writeArchive(
  path: string,
  manifest: Manifest,
  entries: readonly PackedEntry[],
): Promise<{ size: number; sha256: string }> {
  const pack = tar.pack()
  const meter = measuring()
  const written = pipeline(pack, createGzip(), meter, createWriteStream(path))
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2))
  await new Promise<void>((resolve, reject) =>
    pack.entry({ name: MANIFEST_ENTRY, size: manifestBytes.length }, manifestBytes, (err) =>
      err ? reject(err) : resolve(),
    ),
  )
  for (const entry of entries) {
    const { stream, done } = await entry.open()
    try {
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: entry.name, size: entry.size }, (err) =>
          err ? reject(err) : resolve(),
        )
        stream.on('error', reject)
        stream.pipe(sink as unknown as Writable)
      })
    } finally {
      await done()
    }
  }
  pack.finalize()
  await written
  return { size: meter.size, sha256: meter.digest() }
}

/** Why an archive cannot be read: `entry` names the entry at fault, when one is. */
export class ArchiveError extends Error {
  constructor(
    readonly reason:
      | 'notArchive'
      | 'noManifest'
      | 'format'
      | 'version'
      | 'checksum'
      | 'missing'
      | 'unexpected',
    readonly entry: string,
  ) {
    super(`${reason}: ${entry}`)
    this.name = 'ArchiveError'
  }
}

/** One entry as `readArchive` hands it: name, size and its bytes (read it whole, or it is skipped). */
export interface ReadEntry {
  name: string
  size: number
  stream: Readable
}

/**
 * Reads the archive at `path` entry by entry: checks that the first is a manifest of a format and
 * version this Folio reads, hands it to `onManifest`, then each other entry to `onEntry` while
 * checking its size and SHA-256 against the manifest, and at the end that none is missing.
 * @throws ArchiveError naming the entry at fault (not a tar.gz, no manifest, unknown version,
 *   checksum mismatch, missing or unexpected entry).
 */
export async function readArchive(
  path: string,
  handlers: {
    onManifest?(manifest: Manifest): void | Promise<void>
    onEntry?(entry: ReadEntry): Promise<void>
  } = {},
): Promise<Manifest> {
  const extract = tar.extract()
  let manifest: Manifest | undefined
  let expected = new Map<string, ManifestEntry>()
  const seen = new Set<string>()
  const source = pipeline(createReadStream(path), createGunzip(), extract as unknown as Writable)
  // A broken gzip or tar stream fails the pipeline; the loop below then fails with it.
  const failed = source.then(
    () => undefined,
    (err: unknown) => err,
  )
  try {
    for await (const entry of extract) {
      const name = entry.header.name
      if (manifest === undefined) {
        if (name !== MANIFEST_ENTRY) throw new ArchiveError('noManifest', name)
        manifest = parseManifest(await readAll(entry as unknown as Readable))
        expected = new Map(manifest.entries.map((item) => [item.name, item]))
        await handlers.onManifest?.(manifest)
        continue
      }
      const record = expected.get(name)
      if (record === undefined || seen.has(name)) throw new ArchiveError('unexpected', name)
      seen.add(name)
      const meter = measuring()
      const stream = (entry as unknown as Readable).pipe(meter)
      if (handlers.onEntry) await handlers.onEntry({ name, size: record.size, stream })
      for await (const _chunk of stream) {
        // What the handler left unread is drained, so the checksum covers the whole entry.
      }
      if (meter.size !== record.size || meter.digest() !== record.sha256)
        throw new ArchiveError('checksum', name)
    }
  } catch (err) {
    extract.destroy()
    await failed
    if (err instanceof ArchiveError) throw err
    throw new ArchiveError('notArchive', manifest === undefined ? MANIFEST_ENTRY : 'archive')
  }
  const streamError = await failed
  if (streamError !== undefined) throw new ArchiveError('notArchive', 'archive')
  if (manifest === undefined) throw new ArchiveError('noManifest', MANIFEST_ENTRY)
  for (const name of expected.keys()) if (!seen.has(name)) throw new ArchiveError('missing', name)
  return manifest
}

function parseManifest(bytes: Buffer): Manifest {
  let value: Partial<Manifest>
  try {
    value = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>
  } catch {
    throw new ArchiveError('format', MANIFEST_ENTRY)
  }
  if (value.format !== ARCHIVE_FORMAT) throw new ArchiveError('format', MANIFEST_ENTRY)
  if (value.formatVersion !== FORMAT_VERSION) throw new ArchiveError('version', String(value.formatVersion))
  if (
    !Array.isArray(value.entries) ||
    typeof value.source?.tenantId !== 'string' ||
    typeof value.counts !== 'object' ||
    value.counts === null
  )
    throw new ArchiveError('format', MANIFEST_ENTRY)
  return value as Manifest
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Each line of an NDJSON stream, parsed. */
export async function* ndjsonLines(stream: Readable): AsyncGenerator<unknown> {
  const decoder = new StringDecoder('utf8')
  let rest = ''
  for await (const chunk of stream) {
    rest += decoder.write(chunk as Buffer)
    let newline = rest.indexOf('\n')
    while (newline !== -1) {
      const line = rest.slice(0, newline)
      rest = rest.slice(newline + 1)
      if (line !== '') yield JSON.parse(line)
      newline = rest.indexOf('\n')
    }
  }
  rest += decoder.end()
  if (rest !== '') yield JSON.parse(rest)
}
