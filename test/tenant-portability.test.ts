import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as tar from 'tar-stream'
import { describe, expect, it } from 'vitest'
import { createCollection, createEntry } from './collection-fixtures.js'
import { createContent, seedCategory, seedTag } from './content-fixtures.js'
import { createForm } from './form-fixtures.js'
import { call, type SeededMember, seedApiToken, seedMember, seedTenant, useTestContext } from './helpers.js'
import { secondApp } from './import-fixtures.js'
import { pngBytes, uploadMedia, waitForVariants } from './media-fixtures.js'
import { menuFixtures } from './menu-fixtures.js'
import {
  downloadExport,
  entriesOf,
  finishedExport,
  finishedImport as finishedImportIn,
  importArchive as importArchiveIn,
  waitFor,
} from './portability-fixtures.js'
import { putSettings } from './settings-fixtures.js'
import { useTestLocales } from './translation-fixtures.js'

const ctx = useTestContext({ PUBLIC_CLIENT_LIMIT: 'off' })
const menus = menuFixtures(ctx)

const SMTP_PASSWORD = 'smtp-secret-Zq8v1'
const WEBHOOK_SECRET = 'whsec_dGVzdC1zZWNyZXQtZm9yLXBvcnRhYmlsaXR5'

/** Exports the tenant and returns the archive's bytes. */
async function exportTenant(owner: SeededMember, body: Record<string, unknown> = {}) {
  const started = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/exports`, {
    token: owner.token,
    body,
  })
  expect(started.statusCode, started.body).toBe(202)
  const id = started.data.export.id as string
  const record = await finishedExport(ctx.app, owner, id)
  expect(record.error).toBeNull()
  expect(record.status).toBe('succeeded')
  expect(record.trigger).toBe('manual')
  return { id, bytes: await downloadExport(ctx.app, owner, id), record }
}

const importArchive = (user: SeededMember, bytes: Buffer, query = '') =>
  importArchiveIn(ctx.app, user, bytes, query)
const finishedImport = (user: SeededMember, id: string) => finishedImportIn(ctx.app, user, id)

/** Every 24-hex id replaced by its order of first appearance in the text. */
function normalizeIds(text: string, seen = new Map<string, number>()): string {
  return text.replace(/[0-9a-f]{24}/g, (id) => {
    if (!seen.has(id)) seen.set(id, seen.size)
    return `#${seen.get(id)}`
  })
}

async function buildTenant() {
  const owner = await seedTenant(ctx.db)
  const second = await seedMember(ctx.db, owner.tenantId, 'editor')
  const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
  const category = await seedCategory(ctx.db, owner.tenantId, 'News')
  const tag = await seedTag(ctx.db, owner.tenantId, 'cats')
  const parent = await createContent(ctx, owner.token, {
    title: 'Parent page',
    html: '<p>Parent</p>',
    type: 'page',
    status: 'published',
    categories: [category],
    tags: [tag],
  })
  await createContent(ctx, owner.token, {
    title: 'Child page',
    html: `<p>Child of ${parent.id}</p>`,
    type: 'page',
    parentId: parent.id,
    status: 'published',
  })
  const settings = await putSettings(ctx, owner, {
    smtp: { host: 'smtp.example.test', port: 587, username: 'mailer', password: SMTP_PASSWORD },
    webhook: { enabled: false, url: 'https://hooks.example.test/folio', secret: WEBHOOK_SECRET },
  })
  expect(settings.statusCode, settings.body).toBe(200)
  return { owner, second, token, parent }
}

/** A tenant that uses every feature, built through the API (docs/decisions/portability.md "Lossless, proven"). */
async function buildRichTenant() {
  const base = await buildTenant()
  const { owner } = base
  const ok = async (response: Promise<Awaited<ReturnType<typeof call>>>) => {
    const answer = await response
    expect(answer.statusCode, answer.body).toBeLessThan(300)
    return answer.data
  }
  const api = (method: 'POST' | 'PUT', url: string, body: unknown) =>
    ok(call(ctx.app, method, url, { token: owner.token, body }))
  await useTestLocales(ctx, owner)
  const role = await api('POST', '/api/roles', {
    key: 'translator',
    name: 'Translator',
    description: 'Translates content',
    level: 25,
    permissions: ['content:view', 'content:update'],
  })
  expect(role.role.key).toBe('translator')
  await api('POST', '/api/custom-field-definitions', {
    key: 'subtitle',
    label: 'Subtitle',
    type: 'text',
    public: true,
  })
  const category = (
    await api('POST', '/api/categories', {
      name: 'Travel',
      translations: { de: { name: 'Reisen', slug: 'reisen' } },
    })
  ).category
  const tag = (await api('POST', '/api/tags', { title: 'Dogs', translations: { tr: { title: 'Köpekler' } } }))
    .tag
  const image = await uploadMedia(ctx.app, owner.token, await pngBytes(40, 30), 'image/png', {
    title: 'Pixel',
  })
  await waitForVariants(ctx.app, owner.token, image.id)
  const gallery = (await api('POST', '/api/galleries', { title: 'Trip', items: [{ mediaId: image.id }] }))
    .gallery
  const lexical = {
    root: {
      type: 'root',
      children: [{ type: 'image', src: image.url, mediaId: image.id, altText: 'Pixel', version: 1 }],
      direction: null,
      format: '',
      indent: 0,
      version: 1,
    },
  }
  const post = await createContent(ctx, owner.token, {
    title: 'Rich post',
    html: `<p><img src="${image.url}" alt="Pixel"></p>`,
    lexical,
    status: 'published',
    featuredMediaId: image.id,
    categories: [category.id],
    tags: [tag.id],
    customFields: { subtitle: 'Everything at once' },
  })
  await api('PUT', `/api/contents/${post.id}`, { title: 'Rich post, second version' })
  await api('PUT', `/api/contents/${post.id}/galleries`, { galleryIds: [gallery.id] })
  await api('PUT', `/api/contents/${post.id}/draft`, { title: 'Rich post, pending draft' })
  const translated = await ok(
    call(ctx.app, 'POST', `/api/contents/${post.id}/translations`, {
      token: owner.token,
      body: { locale: 'de' },
    }),
  )
  await api('PUT', `/api/contents/${translated.content.id}`, {
    title: 'Reicher Beitrag',
    status: 'published',
  })
  const form = await createForm(ctx.app, owner.token, { settings: { antiSpam: { minFillSeconds: 0 } } })
  const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
  const submitted = await call(ctx.app, 'POST', `/api/public/forms/${form.id}/submit`, {
    body: { data: { name: 'Ada', email: 'ada@example.com', topic: 'sales', age: 36, code: 'ABC-12' } },
    headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': writeToken },
  })
  expect(submitted.statusCode, submitted.body).toBe(201)
  await createCollection(ctx, owner.token, {
    key: 'books',
    name: { en: 'Books' },
    fields: [
      { key: 'title', type: 'string', label: { en: 'Title' }, required: true },
      { key: 'cover', type: 'media', label: { en: 'Cover' } },
    ],
    slugField: 'title',
  })
  await createEntry(ctx, owner.token, 'books', {
    data: { title: 'Dune', cover: image.id },
    status: 'published',
  })
  const menu = await menus.createMenu(owner.token, { name: 'Main', status: 'active' })
  const top = await menus.addItem(owner.token, menu.id, {
    title: 'Post',
    type: 'content',
    referenceId: post.id,
  })
  await menus.addItem(owner.token, menu.id, {
    title: 'Travel',
    type: 'category',
    referenceId: category.id,
    parentId: top.id,
  })
  const placement = await api('POST', '/api/placements', {
    slug: 'promo',
    name: 'Promo',
    experiences: [
      {
        name: 'Live',
        status: 'active',
        contentType: 'text',
        rules: { devices: ['mobile'], paths: ['/blog/*'] },
      },
    ],
  })
  // A day of statistics, which travel when asked for (includeStatistics).
  const counted = await call(ctx.app, 'POST', '/api/public/placements/events/batch', {
    headers: { 'x-tenant-id': owner.tenantId },
    body: {
      events: ['impression', 'click'].map((type) => ({
        placementId: placement.placement.id,
        experienceId: placement.placement.experiences[0].id,
        type,
        sessionId: 's-1',
        path: '/blog/post',
      })),
    },
  })
  expect(counted.data, counted.body).toEqual({ stored: 2, rejected: [] })
  return { ...base, post, image, form, menu, placement: placement.placement }
}

describe('tenant export and import (docs/decisions/portability.md)', () => {
  it('exports a tenant into an archive whose manifest comes first and lists every entry, without secrets', async () => {
    const { owner, token, second } = await buildTenant()
    const { bytes, record } = await exportTenant(owner)
    expect(record.counts.contents).toBe(2)
    expect(record.counts.members).toBe(2)
    const entries = await entriesOf(bytes)
    expect(entries[0]![0]).toBe('manifest.json')
    const manifest = JSON.parse(entries[0]![1].toString())
    expect(manifest.format).toBe('folio-tenant-export')
    expect(manifest.formatVersion).toBe(1)
    expect(manifest.source.tenantId).toBe(owner.tenantId)
    expect(manifest.entries.map((entry: { name: string }) => entry.name)).toEqual(
      entries.slice(1).map(([name]) => name),
    )
    expect(manifest.secretsLeftOut).toEqual([
      'api_tokens.token_hash',
      'tenant_settings.smtp_password_encrypted',
      'tenant_settings.webhook_secret_encrypted',
    ])
    const names = entries.map(([name]) => name)
    expect(names).toContain('data/contents.ndjson')
    expect(names).toContain('data/members.ndjson')
    expect(names).not.toContain('data/outbox.ndjson')
    expect(names).not.toContain('data/form_responses.ndjson')
    const members = entries
      .find(([name]) => name === 'data/members.ndjson')![1]
      .toString()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(members.map((member) => member.email).sort()).toEqual([owner.email, second.email].sort())
    // No secret anywhere in the archive, compressed or not.
    const whole = Buffer.concat(entries.map(([, data]) => data)).toString('latin1')
    const [hash] = await ctx.db
      .execute(
        // The owner's password hash, as stored.
        (await import('drizzle-orm')).sql`select password_hash from users where id = ${owner.userId}`,
      )
      .then((result) =>
        (result as unknown as { rows: { password_hash: string }[] }).rows.map((row) => row.password_hash),
      )
    for (const secret of [SMTP_PASSWORD, WEBHOOK_SECRET, token, token.slice(6), hash!]) {
      expect(whole.includes(secret), secret).toBe(false)
    }
  })

  it('answers 404 for another tenant and its exports, 403 for a member without the right', async () => {
    const { owner } = await buildTenant()
    const other = await seedTenant(ctx.db)
    const { id } = await exportTenant(owner)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const base = `/api/tenants/${owner.tenantId}/exports`
    expect((await call(ctx.app, 'GET', `${base}/${id}`, { token: other.token })).statusCode).toBe(404)
    expect(
      (await call(ctx.app, 'GET', `/api/tenants/${other.tenantId}/exports/${id}`, { token: other.token }))
        .statusCode,
    ).toBe(404)
    expect((await call(ctx.app, 'GET', `${base}/${id}/download`, { token: other.token })).statusCode).toBe(
      404,
    )
    expect((await call(ctx.app, 'POST', base, { token: editor.token, body: {} })).statusCode).toBe(403)
    expect((await call(ctx.app, 'DELETE', `${base}/${id}`, { token: other.token })).statusCode).toBe(404)
    const removed = await call(ctx.app, 'DELETE', `${base}/${id}`, { token: owner.token })
    expect(removed.statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', `${base}/${id}`, { token: owner.token })).statusCode).toBe(404)
  })

  it('imports an archive as a new tenant: ids issued again, references kept, members invited, and exports again alike', async () => {
    const { owner, second, post, form, menu } = await buildRichTenant()
    const first = await exportTenant(owner, { includeResponses: true, includeStatistics: true })
    // The opt-in tables travel: the form's responses and the placement's day of statistics.
    expect(first.record.counts.placement_stats).toBe(1)
    expect(first.record.counts.form_responses).toBe(1)
    expect(first.record.counts.mediaFiles).toBe(1)
    const started = await importArchive(owner, first.bytes, `?slug=imported-${owner.tenantId}`)
    expect(started.statusCode, started.body).toBe(202)
    const result = await finishedImport(owner, started.data.import.id)
    expect(result.error).toBeNull()
    expect(result.status).toBe('succeeded')
    expect(result.progress.total).toBeGreaterThan(20)
    expect(result.progress.done).toBe(result.progress.total)
    expect(result.tenantId).not.toBe(owner.tenantId)
    expect(result.setAgain).toEqual(['SMTP password', 'webhook secret'])
    expect(result.tokensToRegenerate.map((t: { name: string }) => t.name)).toEqual([
      'test token',
      'test token',
    ])
    expect(result.invitations).toEqual([{ email: second.email, role: 'editor' }])

    // The page tree and its links, read through the public routes of both tenants.
    const read = (tenantId: string, path: string) =>
      call(ctx.app, 'GET', `/api/public/contents${path}`, { headers: { 'x-tenant-id': tenantId } })
    const before = await read(owner.tenantId, '/slug/child-page')
    const after = await read(result.tenantId, '/slug/child-page')
    expect(after.statusCode, after.body).toBe(200)
    expect(normalizeIds(JSON.stringify(after.data))).toBe(normalizeIds(JSON.stringify(before.data)))
    expect(after.data.content.parentId).not.toBe(before.data.content.parentId)
    const publicReads = [
      `/contents/slug/${post.slug}`,
      '/contents',
      `/menus/slug/${menu.slug}`,
      '/collections/books',
      '/collections/books/dune',
      `/forms/${form.slug}`,
    ]
    for (const path of publicReads) {
      const original = await call(ctx.app, 'GET', `/api/public${path}`, {
        headers: { 'x-tenant-id': owner.tenantId },
      })
      expect(original.statusCode, `${path} ${original.body}`).toBe(200)
      const copy = await call(ctx.app, 'GET', `/api/public${path}`, {
        headers: { 'x-tenant-id': result.tenantId },
      })
      expect(copy.statusCode, `${path} ${copy.body}`).toBe(200)
      // A form's submission token is minted for each read.
      const answer = (body: string) => normalizeIds(body.replace(/"token":"[^"]*"/g, '"token":""'))
      expect(answer(copy.body), path).toBe(answer(original.body))
    }

    // The variants of the imported image are made again from its original.
    const copiedMedia = await call(ctx.app, 'GET', `/api/media?tenantId=${result.tenantId}`, {
      token: owner.token,
    })
    expect(copiedMedia.statusCode, copiedMedia.body).toBe(200)
    const switched = { ...owner, tenantId: result.tenantId }
    for (const item of copiedMedia.data.media ?? copiedMedia.data.items ?? [])
      await waitForVariantsIn(result.tenantId, owner.token, item.id)

    // Export the import: equal to the first archive after normalising ids, but for the known fields.
    const again = await exportTenant(switched, { includeResponses: true, includeStatistics: true })
    // One numbering across the whole archive: a reference must point at the same row in both.
    const comparable = async (bytes: Buffer) => {
      const seen = new Map<string, number>()
      return (await entriesOf(bytes))
        .filter(([name]) => name !== 'manifest.json')
        .map(([name, data]) => [normalizeIds(name, seen), normalizeIds(known(name, data.toString()), seen)])
    }
    expect(await comparable(again.bytes)).toEqual(await comparable(first.bytes))
  })

  it('refuses a damaged archive, an unknown version and a taken slug, creating no tenant', async () => {
    const { owner } = await buildTenant()
    const { bytes } = await exportTenant(owner)
    const tenantsBefore = await countTenants()
    const notGzip = await importArchive(owner, Buffer.from('not an archive'))
    expect(notGzip.statusCode).toBe(400)
    expect(notGzip.data.error).toBe('InvalidArchive')

    const entries = await entriesOf(bytes)
    const tampered = entries.map(([name, data]): [string, Buffer] =>
      name === 'data/contents.ndjson'
        ? [name, Buffer.from(data.toString().replace('Parent', 'Porent'))]
        : [name, data],
    )
    const damaged = await importArchive(owner, await pack(tampered))
    expect(damaged.statusCode).toBe(400)
    expect(damaged.data.message).toContain('data/contents.ndjson')

    const manifest = JSON.parse(entries[0]![1].toString())
    const future = await importArchive(
      owner,
      await pack([
        ['manifest.json', Buffer.from(JSON.stringify({ ...manifest, formatVersion: 99 }))],
        ...entries.slice(1),
      ]),
    )
    expect(future.statusCode).toBe(400)
    expect(future.data.message).toContain('99')

    const missing = await importArchive(
      owner,
      await pack(entries.filter(([name]) => name !== 'data/contents.ndjson')),
    )
    expect(missing.statusCode).toBe(400)
    expect(missing.data.message).toContain('data/contents.ndjson')

    const taken = await importArchive(owner, bytes)
    expect(taken.statusCode).toBe(409)
    expect(taken.data.message).toContain(manifest.source.slug)
    expect(await countTenants()).toBe(tenantsBefore)
  })

  it('refuses an archive past TENANT_IMPORT_MAX_BYTES with 413, keeping none of it', async () => {
    const owner = await seedTenant(ctx.db)
    const app = await secondApp(ctx.database, ctx.dataDir, { TENANT_IMPORT_MAX_BYTES: String(1024 * 1024) })
    try {
      const tenantsBefore = await countTenants()
      const tooLarge = await call(app, 'POST', '/api/tenants/imports', {
        token: owner.token,
        body: gzipSync(Buffer.alloc(4 * 1024 * 1024, 'x'), { level: 0 }),
        headers: { 'content-type': 'application/gzip' },
      })
      expect(tooLarge.statusCode).toBe(413)
      expect(tooLarge.data).toEqual({
        error: 'PayloadTooLarge',
        message: 'The archive is larger than this instance takes (1048576 bytes, TENANT_IMPORT_MAX_BYTES).',
      })
      const workDir = join(ctx.dataDir, 'portability')
      expect(
        existsSync(workDir) ? readdirSync(workDir).filter((name) => name.startsWith('import-')) : [],
      ).toEqual([])
      expect(await countTenants()).toBe(tenantsBefore)
    } finally {
      await app.close()
    }
  })

  it('leaves no tenant and no file when the import fails in its transaction, and keeps webhooks quiet', async () => {
    const { owner } = await buildRichTenant()
    const { bytes } = await exportTenant(owner)
    const entries = await entriesOf(bytes)
    const files = async () => {
      const { readdirSync } = await import('node:fs')
      const { join } = await import('node:path')
      return (
        readdirSync(join(ctx.dataDir, 'media'), {
          recursive: true,
          withFileTypes: true,
        }) as import('node:fs').Dirent[]
      )
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
        .sort()
    }
    const filesBefore = await files()
    // The media files first, so that they are written before the failure; then a content twice:
    // the second insert breaks the primary key inside the transaction.
    const media = entries.filter(([name]) => name.startsWith('media/'))
    expect(media.length).toBeGreaterThan(0)
    const mediaFirst = [entries[0]!, ...media, ...entries.slice(1).filter((entry) => !media.includes(entry))]
    const broken = await repack(mediaFirst, 'data/contents.ndjson', (text) => text + text)
    const slug = `broken-${owner.tenantId}`
    const started = await importArchive(owner, broken, `?slug=${slug}`)
    expect(started.statusCode, started.body).toBe(202)
    const failed = await finishedImport(owner, started.data.import.id)
    expect(failed.status).toBe('failed')
    expect(failed.tenantId).toBeNull()
    const { sql } = await import('drizzle-orm')
    const tenants = (await ctx.db.execute(sql`select id from tenants where slug = ${slug}`)) as unknown as {
      rows: unknown[]
    }
    expect(tenants.rows).toEqual([])
    expect(await files()).toEqual(filesBefore)

    // With the source's webhook on, the import's rows record no event: no delivery of theirs.
    expect((await putSettings(ctx, owner, { webhook: { enabled: true } })).statusCode).toBe(200)
    const { bytes: hooked } = await exportTenant(owner)
    const imported = await importArchive(owner, hooked, `?slug=hooked-${owner.tenantId}`)
    const done = await finishedImport(owner, imported.data.import.id)
    expect(done.status).toBe('succeeded')
    await ctx.app.folio.platform.relay.wake()
    const events = (await ctx.db.execute(
      sql`select type from outbox where tenant_id = ${done.tenantId} order by type`,
    )) as unknown as { rows: { type: string }[] }
    expect([...new Set(events.rows.map((row) => row.type))]).toEqual([
      'member.invited',
      'member.joined',
      'tenant.created',
      'tenant.imported',
    ])
    expect((await files()).some((file) => file.includes(`/${done.tenantId}/`))).toBe(true)
  })

  it('removes exports past their retention with their archives', async () => {
    const { owner } = await buildTenant()
    const { id } = await exportTenant(owner)
    const { sql } = await import('drizzle-orm')
    await ctx.db.execute(
      sql`update tenant_exports set expires_at = now() - interval '1 hour' where tenant_id = ${owner.tenantId} and id = ${id}`,
    )
    expect(await ctx.app.folio.services.tenantExports.sweep()).toBeGreaterThanOrEqual(1)
    const read = await call(ctx.app, 'GET', `/api/tenants/${owner.tenantId}/exports/${id}`, {
      token: owner.token,
    })
    expect(read.statusCode).toBe(404)
  })

  it('records a failed export with its reason, and removes it past its retention like any', async () => {
    const owner = await seedTenant(ctx.db)
    // The export's work folder cannot be made (a file holds its name), as on a full or broken disk.
    const { rmSync, writeFileSync } = await import('node:fs')
    const workDir = join(ctx.dataDir, 'portability')
    rmSync(workDir, { recursive: true, force: true })
    writeFileSync(workDir, 'not a folder')
    let failed: Awaited<ReturnType<typeof finishedExport>>
    try {
      const started = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/exports`, {
        token: owner.token,
        body: {},
      })
      expect(started.statusCode, started.body).toBe(202)
      failed = await finishedExport(ctx.app, owner, started.data.export.id)
    } finally {
      rmSync(workDir, { force: true })
    }
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatch(/EEXIST|ENOTDIR/)
    const kept = new Date(failed.expiresAt).getTime() - new Date(failed.finishedAt).getTime()
    expect(kept).toBe(168 * 3_600_000)
    // Not yet past it, then past it.
    expect(await ctx.app.folio.services.tenantExports.sweep(new Date(failed.finishedAt))).toBe(0)
    const later = new Date(new Date(failed.expiresAt).getTime() + 1000)
    expect(await ctx.app.folio.services.tenantExports.sweep(later)).toBeGreaterThanOrEqual(1)
    const read = await call(ctx.app, 'GET', `/api/tenants/${owner.tenantId}/exports/${failed.id}`, {
      token: owner.token,
    })
    expect(read.statusCode).toBe(404)
  })

  it('refuses an archive over its own tenant limits', async () => {
    const { owner } = await buildTenant()
    expect((await putSettings(ctx, owner, { limits: { entries: 2 } })).statusCode).toBe(200)
    const { bytes } = await exportTenant(owner)
    const entries = await entriesOf(bytes)
    // Lower the limit inside the archive, keeping its checksums right.
    const lowered = await repack(entries, 'data/tenant_settings.ndjson', (text) =>
      text.replace(/"entries": ?2/, '"entries":1'),
    )
    const response = await importArchive(owner, lowered, `?slug=over-${owner.tenantId}`)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.data.message).toContain('limits.entries')
  })
})

/**
 * The fields an import sets itself, removed before comparing (docs/decisions/portability.md "What an
 * import changes"): optional references to accounts are null; API tokens expire at the import;
 * members other than the importer are pending; an image's record is stamped when its variants are
 * made again.
 */
function known(name: string, text: string): string {
  // Accounts are the instance's: a reference to one that may be null is null in the import.
  text = text.replace(/"(created_by|updated_by|deleted_by)":"[0-9a-f]{24}"/g, '"$1":null')
  // The variants of an imported image are made again, which stamps its record.
  if (name === 'data/media.ndjson') return text.replace(/"updated_at":"[^"]*"/g, '')
  if (name === 'data/api_tokens.ndjson')
    return text.replace(/"expires_at": ?"[^"]*"|"expires_at": ?null/g, '')
  if (name === 'data/members.ndjson') return text.replace(/"status":"[a-z]+"/g, '')
  return text
}

async function countTenants(): Promise<number> {
  const { sql } = await import('drizzle-orm')
  const result = (await ctx.db.execute(sql`select count(*)::int as n from tenants`)) as unknown as {
    rows: { n: number }[]
  }
  return result.rows[0]!.n
}

async function pack(entries: [string, Buffer][]): Promise<Buffer> {
  const packer = tar.pack()
  for (const [name, data] of entries) packer.entry({ name }, data)
  packer.finalize()
  const chunks: Buffer[] = []
  for await (const chunk of packer) chunks.push(chunk as Buffer)
  return gzipSync(Buffer.concat(chunks))
}

/** `entries` with `name` rewritten by `change` and the manifest's checksum of it made right. */
async function repack(entries: [string, Buffer][], name: string, change: (text: string) => string) {
  const { createHash } = await import('node:crypto')
  const changed = entries.map(([entry, data]): [string, Buffer] =>
    entry === name ? [entry, Buffer.from(change(data.toString()))] : [entry, data],
  )
  const manifest = JSON.parse(changed[0]![1].toString())
  for (const item of manifest.entries) {
    const data = changed.find(([entry]) => entry === item.name)![1]
    item.size = data.length
    item.sha256 = createHash('sha256').update(data).digest('hex')
  }
  changed[0] = ['manifest.json', Buffer.from(JSON.stringify(manifest))]
  return pack(changed)
}

async function waitForVariantsIn(tenantId: string, token: string, id: string) {
  await waitFor(
    () => call(ctx.app, 'GET', `/api/media/${id}?tenantId=${tenantId}`, { token }),
    (read) => read.data?.media?.variantsStatus !== 'pending',
  )
}
