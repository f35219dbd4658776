import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { publicCall } from '../../../test/collection-fixtures.js'
import { createContent } from '../../../test/content-fixtures.js'
import {
  call,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  useTestContext,
} from '../../../test/helpers.js'
import { contents, outbox } from '../../db/schema/index.js'
import { PUBLISH_SCHEDULED_JOB } from './content-jobs.js'
import { createContentScheduler } from './schedule.js'
import { createContentsService } from './service.js'

// Drafts of published contents (docs/decisions/content.md "Drafts of published contents"): the live
// content serves public reads and tokens without the preview scope while editors save a draft.
const ctx = useTestContext({ PUBLIC_CLIENT_LIMIT: 'off' })
const HOUR = 3_600_000

/** A published content with a slug of its own. */
async function published(owner: SeededMember, slug: string) {
  return createContent(ctx, owner.token, {
    title: 'Live title',
    slug,
    summary: 'Live summary',
    html: '<p>Live words.</p>',
    status: 'published',
  })
}

const saveDraft = (token: string, id: string, body: Record<string, unknown>) =>
  call(ctx.app, 'PUT', `/api/contents/${id}/draft`, { token, body })

const publicBySlug = (tenantId: string, slug: string) =>
  publicCall(ctx, 'GET', `/contents/slug/${slug}`, tenantId)

/** The content's events in the outbox, oldest first. */
const eventsOf = async (tenantId: string, id: string) =>
  (
    await ctx.db
      .select({ type: outbox.type, payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.tenantId, tenantId), eq(outbox.subjectId, id)))
      .orderBy(outbox.createdAt, outbox.id)
  ).map((row) => ({ type: row.type, payload: row.payload as Record<string, unknown> }))

describe('drafts of published contents', () => {
  it('keeps serving the live text to public reads and non-preview tokens; preview tokens and ?draft=true read the draft', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await published(owner, 'kept-live')
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read'] })
    const previewToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read', 'preview'] })

    const first = await publicBySlug(owner.tenantId, 'kept-live')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers['x-cache']).toBe('MISS')
    expect((await publicBySlug(owner.tenantId, 'kept-live')).headers['x-cache']).toBe('HIT')
    const eventsBefore = await eventsOf(owner.tenantId, content.id)

    const saved = await saveDraft(owner.token, content.id, {
      title: 'Draft title',
      html: '<p>Draft words.</p>',
      expectedVersion: 1,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.data.content).toMatchObject({
      title: 'Draft title',
      html: '<p>Draft words.</p>',
      summary: 'Live summary',
      status: 'published',
      version: 2,
      pendingDraft: {
        version: 2,
        updatedBy: owner.userId,
        updatedByName: expect.any(String),
        publishAt: null,
      },
    })
    // Nothing live moved: no event (so no webhook), the cached public answer still served.
    expect(await eventsOf(owner.tenantId, content.id)).toEqual(eventsBefore)
    const cached = await publicBySlug(owner.tenantId, 'kept-live')
    expect(cached.headers['x-cache']).toBe('HIT')
    expect(cached.data.content).toMatchObject({ title: 'Live title', html: '<p>Live words.</p>' })

    const live = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: readToken })
    expect(live.data.content).toMatchObject({ title: 'Live title', version: 2, pendingDraft: null })
    const refused = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, { token: readToken })
    expect(refused.statusCode).toBe(403)
    const hidden = await call(ctx.app, 'GET', `/api/contents/${content.id}/versions`, { token: readToken })
    expect(hidden.data.versions.map((v: { version: number }) => v.version)).toEqual([1])

    const preview = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, {
      token: previewToken,
    })
    expect(preview.data.content).toMatchObject({ title: 'Draft title', pendingDraft: { version: 2 } })
    const session = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, {
      token: owner.token,
    })
    expect(session.data.content).toEqual(saved.data.content)
    // Without draft=true a session reads the live content, told that a draft waits.
    const plain = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })
    expect(plain.data.content).toMatchObject({ title: 'Live title', pendingDraft: { version: 2 } })
    const listed = await call(ctx.app, 'GET', '/api/contents?view=summary', { token: owner.token })
    expect(listed.data.contents[0]).toMatchObject({ id: content.id, pendingDraft: { version: 2 } })
    const versions = await call(ctx.app, 'GET', `/api/contents/${content.id}/versions`, {
      token: owner.token,
    })
    expect(
      versions.data.versions.map((v: { version: number; draft: boolean }) => [v.version, v.draft]),
    ).toEqual([
      [2, true],
      [1, false],
    ])

    // A second draft save builds on the first: the title stays, the summary changes.
    const again = await saveDraft(owner.token, content.id, { summary: 'Draft summary', expectedVersion: 2 })
    expect(again.data.content).toMatchObject({ title: 'Draft title', summary: 'Draft summary', version: 3 })

    const madeLive = await call(ctx.app, 'POST', `/api/contents/${content.id}/draft/publish`, {
      token: owner.token,
      body: { expectedVersion: 3 },
    })
    expect(madeLive.statusCode, madeLive.body).toBe(200)
    expect(madeLive.data.content).toMatchObject({
      title: 'Draft title',
      summary: 'Draft summary',
      html: '<p>Draft words.</p>',
      version: 4,
      status: 'published',
      publishedAt: content.publishedAt,
      pendingDraft: null,
    })
    const events = (await eventsOf(owner.tenantId, content.id)).slice(eventsBefore.length)
    expect(events).toEqual([
      {
        type: 'content.updated',
        payload: expect.objectContaining({ changed: ['title', 'summary', 'html'], status: 'published' }),
      },
    ])
    const fresh = await publicBySlug(owner.tenantId, 'kept-live')
    expect(fresh.headers['x-cache']).toBe('MISS')
    expect(fresh.data.content).toMatchObject({ title: 'Draft title', html: '<p>Draft words.</p>' })
    const afterwards = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: readToken })
    expect(afterwards.data.content.title).toBe('Draft title')
  })

  it('discards a draft: the live text stays, a version records it, nothing is emitted', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await published(owner, 'discarded')
    await saveDraft(owner.token, content.id, { title: 'Second thoughts', slug: 'renamed' })
    const eventsBefore = await eventsOf(owner.tenantId, content.id)
    const stale = await call(ctx.app, 'DELETE', `/api/contents/${content.id}/draft?expectedVersion=1`, {
      token: owner.token,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.data.error).toBe('VersionConflict')

    const discarded = await call(ctx.app, 'DELETE', `/api/contents/${content.id}/draft?expectedVersion=2`, {
      token: owner.token,
    })
    expect(discarded.statusCode, discarded.body).toBe(200)
    expect(discarded.data.content).toMatchObject({
      title: 'Live title',
      slug: 'discarded',
      version: 3,
      pendingDraft: null,
    })
    expect(await eventsOf(owner.tenantId, content.id)).toEqual(eventsBefore)
    const draftRead = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, {
      token: owner.token,
    })
    expect(draftRead.data.content).toMatchObject({ title: 'Live title', pendingDraft: null })
    const versions = await call(ctx.app, 'GET', `/api/contents/${content.id}/versions`, {
      token: owner.token,
    })
    expect(versions.data.versions.map((v: { title: string; draft: boolean }) => [v.title, v.draft])).toEqual([
      ['Live title', false],
      ['Second thoughts', true],
      ['Live title', false],
    ])
    for (const [method, url] of [
      ['DELETE', `/api/contents/${content.id}/draft`],
      ['POST', `/api/contents/${content.id}/draft/publish`],
    ] as const) {
      const none = await call(ctx.app, method, url, {
        token: owner.token,
        body: method === 'POST' ? {} : undefined,
      })
      expect(none.statusCode, url).toBe(409)
      expect(none.data.error).toBe('NoPendingDraft')
    }
  })

  it('refuses drafts of contents that are not published with 409 ContentNotPublished', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await createContent(ctx, owner.token, { title: 'Not yet', html: '<p>x</p>' })
    const refused = await saveDraft(owner.token, content.id, { title: 'Elsewhere' })
    expect(refused.statusCode).toBe(409)
    expect(refused.data).toMatchObject({ error: 'ContentNotPublished', status: 'draft' })
    const publish = await call(ctx.app, 'POST', `/api/contents/${content.id}/draft/publish`, {
      token: owner.token,
      body: {},
    })
    expect(publish.data.error).toBe('ContentNotPublished')
    const read = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })
    expect(read.data.content).toMatchObject({ title: 'Not yet', version: 1 })
  })

  it('keeps a draft over live writes, and drops it when a live write unpublishes the content', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await published(owner, 'two-paths')
    await saveDraft(owner.token, content.id, { title: 'Pending' })
    const live = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: owner.token,
      body: { summary: 'Changed live', expectedVersion: 2 },
    })
    expect(live.data.content).toMatchObject({
      title: 'Live title',
      summary: 'Changed live',
      version: 3,
      pendingDraft: { version: 2 },
    })
    // The draft was saved on the old live text: its summary is what it was then.
    const draft = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, { token: owner.token })
    expect(draft.data.content).toMatchObject({ title: 'Pending', summary: 'Live summary', version: 3 })
    const unpublished = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: owner.token,
      body: { status: 'draft' },
    })
    expect(unpublished.data.content).toMatchObject({
      status: 'draft',
      title: 'Live title',
      pendingDraft: null,
    })
  })

  it('refuses a draft save or publication based on an older version with 409, naming who saved', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const content = await published(owner, 'contested')
    const mine = await saveDraft(owner.token, content.id, { title: 'Mine', expectedVersion: 1 })
    expect(mine.statusCode, mine.body).toBe(200)
    const theirs = await saveDraft(editor.token, content.id, { title: 'Theirs', expectedVersion: 1 })
    expect(theirs.statusCode).toBe(409)
    expect(theirs.data).toMatchObject({
      error: 'VersionConflict',
      currentVersion: 2,
      updatedBy: owner.userId,
      updatedAt: mine.data.content.pendingDraft.updatedAt,
      updatedByName: mine.data.content.pendingDraft.updatedByName,
    })
    const stalePublish = await call(ctx.app, 'POST', `/api/contents/${content.id}/draft/publish`, {
      token: editor.token,
      body: { expectedVersion: 1 },
    })
    expect(stalePublish.data.error).toBe('VersionConflict')
    const draft = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, { token: owner.token })
    expect(draft.data.content).toMatchObject({ title: 'Mine', version: 2 })
    // A taken slug is refused at the draft save already.
    await published(owner, 'other-story')
    const taken = await saveDraft(owner.token, content.id, { slug: 'other-story' })
    expect(taken.statusCode).toBe(409)
    expect(taken.data.error).toBe('SlugConflict')
  })

  it('publishes a scheduled draft when its time comes, serving the live text until then', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await published(owner, 'later')
    await saveDraft(owner.token, content.id, { title: 'Tomorrow’s title' })
    const past = await call(ctx.app, 'POST', `/api/contents/${content.id}/draft/publish`, {
      token: owner.token,
      body: { publishAt: new Date(Date.now() - HOUR).toISOString() },
    })
    expect(past.statusCode).toBe(400)
    const publishAt = new Date(Date.now() + HOUR).toISOString()
    const scheduled = await call(ctx.app, 'POST', `/api/contents/${content.id}/draft/publish`, {
      token: owner.token,
      body: { publishAt },
    })
    expect(scheduled.statusCode, scheduled.body).toBe(200)
    expect(scheduled.data.content).toMatchObject({ pendingDraft: { version: 2, publishAt } })
    expect(await scheduledJobsOf(content.id)).toContain(publishAt)
    // Later saves go live with it.
    await saveDraft(owner.token, content.id, { summary: 'Tomorrow’s summary' })

    const clock = { at: new Date() }
    const now = () => clock.at
    const service = createContentsService({
      db: ctx.db,
      events: ctx.app.folio.services.events,
      html: ctx.app.folio.services.htmlSanitizer,
      now,
    })
    const scheduler = createContentScheduler({ db: ctx.db, contents: service, now })
    await scheduler.publishDue()
    expect((await publicBySlug(owner.tenantId, 'later')).data.content.title).toBe('Live title')
    clock.at = new Date(Date.now() + 2 * HOUR)
    expect(await scheduler.publishDue()).toBeGreaterThanOrEqual(1)
    const read = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })
    expect(read.data.content).toMatchObject({
      title: 'Tomorrow’s title',
      summary: 'Tomorrow’s summary',
      version: 4,
      pendingDraft: null,
    })
    expect((await publicBySlug(owner.tenantId, 'later')).data.content.title).toBe('Tomorrow’s title')
    const [row] = await ctx.db
      .select({ draftPublishAt: contents.draftPublishAt })
      .from(contents)
      .where(and(eq(contents.tenantId, owner.tenantId), eq(contents.id, content.id)))
    expect(row?.draftPublishAt).toBeNull()
    const events = await eventsOf(owner.tenantId, content.id)
    expect(events.at(-1)).toMatchObject({ type: 'content.updated' })
    // A stale job finds nothing due.
    expect(await service.publishScheduledDraft(owner.tenantId, content.id)).toBe(false)
  })

  it('lets only members who may update save and publish a draft; discarding needs content:delete', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const readWrite = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read', 'write'] })
    const readOnly = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read'] })
    const content = await published(owner, 'guarded')
    expect((await saveDraft(viewer.token, content.id, { title: 'Viewer' })).statusCode).toBe(403)
    expect((await saveDraft(readOnly, content.id, { title: 'Token' })).statusCode).toBe(403)
    const byAuthor = await saveDraft(author.token, content.id, { title: 'Author' })
    expect(byAuthor.statusCode, byAuthor.body).toBe(200)
    // A viewer reads the draft (its role may preview) but cannot publish or discard it.
    const viewed = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, {
      token: viewer.token,
    })
    expect(viewed.data.content.title).toBe('Author')
    for (const token of [viewer.token, readOnly]) {
      const publish = await call(ctx.app, 'POST', `/api/contents/${content.id}/draft/publish`, {
        token,
        body: {},
      })
      expect(publish.statusCode).toBe(403)
      const discard = await call(ctx.app, 'DELETE', `/api/contents/${content.id}/draft`, { token })
      expect(discard.statusCode).toBe(403)
    }
    // A write token saves and publishes; it does not read the draft without the preview scope.
    expect((await saveDraft(readWrite, content.id, { summary: 'By token' })).statusCode).toBe(200)
    const draftRead = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, {
      token: readWrite,
    })
    expect(draftRead.statusCode).toBe(403)
    const publish = await call(ctx.app, 'POST', `/api/contents/${content.id}/draft/publish`, {
      token: readWrite,
      body: {},
    })
    expect(publish.statusCode, publish.body).toBe(200)
    expect(publish.data.content).toMatchObject({ title: 'Author', summary: 'By token' })
  })

  it('answers 404 for another tenant’s content on every draft route', async () => {
    const owner = await seedTenant(ctx.db)
    const stranger = await seedTenant(ctx.db)
    const content = await published(owner, 'mine-only')
    await saveDraft(owner.token, content.id, { title: 'Private draft' })
    const attempts = [
      call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, { token: stranger.token }),
      saveDraft(stranger.token, content.id, { title: 'Hijacked' }),
      call(ctx.app, 'POST', `/api/contents/${content.id}/draft/publish`, { token: stranger.token, body: {} }),
      call(ctx.app, 'DELETE', `/api/contents/${content.id}/draft`, { token: stranger.token }),
    ]
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode, answer.body).toBe(404)
      expect(answer.data.error).toBe('NotFound')
    }
    const draft = await call(ctx.app, 'GET', `/api/contents/${content.id}?draft=true`, { token: owner.token })
    expect(draft.data.content).toMatchObject({ title: 'Private draft', version: 2 })
  })
})

/** When the scheduler's jobs for a content start (the job schema differs per app on a shared PostgreSQL). */
async function scheduledJobsOf(contentId: string): Promise<string[]> {
  const schemas = await ctx.db.execute(sql`select table_schema as schema from information_schema.tables
    where table_name = 'job' and (table_schema = 'pgboss' or table_schema like 'jobs_%')`)
  const found: string[] = []
  for (const { schema } of (schemas as unknown as { rows: { schema: string }[] }).rows) {
    const rows = await ctx.db.execute(
      sql`select start_after as "startAfter" from ${sql.identifier(schema)}.job
        where name = ${PUBLISH_SCHEDULED_JOB} and data->>'contentId' = ${contentId}`,
    )
    for (const row of (rows as unknown as { rows: { startAfter: Date | string }[] }).rows) {
      found.push(new Date(row.startAfter).toISOString())
    }
  }
  return found
}
