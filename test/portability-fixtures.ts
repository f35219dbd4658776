import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import * as tar from 'tar-stream'
import { expect } from 'vitest'
import { call, type SeededMember } from './helpers.js'

/** Reads until `done` holds (100 ms apart, 20 s at most); returns that read. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('timed out')
}

/** Reads the export `id` of the member's tenant until it succeeded or failed; returns its record. */
export async function finishedExport(app: FastifyInstance, member: SeededMember, id: string) {
  const finished = await waitFor(
    () => call(app, 'GET', `/api/tenants/${member.tenantId}/exports/${id}`, { token: member.token }),
    (response) => ['succeeded', 'failed'].includes(response.data?.export?.status),
  )
  return finished.data.export
}

/** Downloads the archive of the export `id`, checking the answer's headers; returns its bytes. */
export async function downloadExport(app: FastifyInstance, member: SeededMember, id: string) {
  const download = await app.inject({
    method: 'GET',
    url: `/api/tenants/${member.tenantId}/exports/${id}/download`,
    headers: { authorization: `Bearer ${member.token}` },
  })
  expect(download.statusCode, download.body).toBe(200)
  expect(download.headers['content-type']).toBe('application/gzip')
  expect(download.headers['cache-control']).toBe('no-store')
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.tar\.gz"$/)
  expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length)
  return download.rawPayload
}

/** The archive's entries in order: name → bytes. */
export async function entriesOf(bytes: Buffer): Promise<[string, Buffer][]> {
  const extract = tar.extract()
  Readable.from([bytes]).pipe(createGunzip()).pipe(extract)
  const entries: [string, Buffer][] = []
  for await (const entry of extract) {
    const chunks: Buffer[] = []
    for await (const chunk of entry) chunks.push(chunk as Buffer)
    entries.push([entry.header.name, Buffer.concat(chunks)])
  }
  return entries
}

/** `POST /api/tenants/imports` with `bytes` as the archive, as `user`. */
export function importArchive(app: FastifyInstance, user: SeededMember, bytes: Buffer, query = '') {
  return call(app, 'POST', `/api/tenants/imports${query}`, {
    token: user.token,
    body: bytes,
    headers: { 'content-type': 'application/gzip' },
  })
}

/** Reads the import `id` until it succeeded or failed; returns its record. */
export async function finishedImport(app: FastifyInstance, user: SeededMember, id: string) {
  const response = await waitFor(
    () => call(app, 'GET', `/api/tenants/imports/${id}`, { token: user.token }),
    (r) => ['succeeded', 'failed'].includes(r.data.import.status),
  )
  return response.data.import
}
