import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { contents, outbox } from '../../db/schema/index.js'
import { PUBLISH_SCHEDULED_JOB } from './content-jobs.js'
import { createContentScheduler } from './schedule.js'
import { createContentsService } from './service.js'

const ctx = useTestContext()
const HOUR = 3_600_000

/** A clock the test moves, and a contents service and scheduler reading it. */
function controlledClock() {
  const clock = { at: new Date() }
  const now = () => clock.at
  const service = createContentsService({
    db: ctx.db,
    events: ctx.app.folio.services.events,
    html: ctx.app.folio.services.htmlSanitizer,
    now,
  })
  return { clock, scheduler: createContentScheduler({ db: ctx.db, contents: service, now }) }
}

const read = async (token: string, id: string) =>
  (await call(ctx.app, 'GET', `/api/contents/${id}`, { token })).data.content

const eventsOf = async (tenantId: string, id: string) =>
  (
    await ctx.db
      .select({ type: outbox.type })
      .from(outbox)
      .where(and(eq(outbox.tenantId, tenantId), eq(outbox.subjectId, id)))
      .orderBy(outbox.createdAt, outbox.id)
  ).map((row) => row.type)

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The pg-boss jobs of a content (the job schema differs per app on a shared PostgreSQL). */
async function publishJobsOf(contentId: string): Promise<{ startAfter: string; schema: string }[]> {
  const schemas = await ctx.db.execute(sql`select table_schema as schema from information_schema.tables
    where table_name = 'job' and (table_schema = 'pgboss' or table_schema like 'jobs_%')`)
  const found: { startAfter: string; schema: string }[] = []
  for (const { schema } of (schemas as unknown as { rows: { schema: string }[] }).rows) {
    const rows = await ctx.db.execute(
      sql`select start_after as "startAfter" from ${sql.identifier(schema)}.job
        where name = ${PUBLISH_SCHEDULED_JOB} and data->>'contentId' = ${contentId}`,
    )
    for (const row of (rows as unknown as { rows: { startAfter: Date | string }[] }).rows) {
      found.push({ startAfter: new Date(row.startAfter).toISOString(), schema })
    }
  }
  return found
}

describe('publication dates', () => {
  it('keeps a past publishAt as publishedAt when content arrives published, and lists by it', async () => {
    const owner = await seedTenant(ctx.db)
    const old = await createContent(ctx, owner.token, {
      title: 'Old post',
      status: 'published',
      publishAt: '2019-03-04T05:06:07.000Z',
    })
    expect(old).toMatchObject({
      publishedAt: '2019-03-04T05:06:07.000Z',
      publishAt: '2019-03-04T05:06:07.000Z',
    })
    const fresh = await createContent(ctx, owner.token, { title: 'New post', status: 'published' })
    const older = await createContent(ctx, owner.token, {
      title: 'Older post',
      status: 'published',
      publishAt: '2018-01-01T00:00:00.000Z',
    })
    const list = await call(ctx.app, 'GET', '/api/contents?status=published', { token: owner.token })
    expect(list.data.contents.map((c: { id: string }) => c.id)).toEqual([fresh.id, old.id, older.id])
    const redated = await call(ctx.app, 'PUT', `/api/contents/${fresh.id}`, {
      token: owner.token,
      body: { publishAt: '2020-02-02T00:00:00.000Z' },
    })
    expect(redated.data.content.publishedAt).toBe('2020-02-02T00:00:00.000Z')
  })

  it('refuses status published with a future publishAt (that is scheduled)', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'Too early', status: 'published', publishAt: new Date(Date.now() + HOUR).toISOString() },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data.details).toEqual([
      { path: '/publishAt', message: 'must not be in the future when status is published' },
    ])
  })
})

describe('scheduled publishing', () => {
  it('publishes when publishAt comes, with publishedAt = publishAt, a new version and content.published', async () => {
    const owner = await seedTenant(ctx.db)
    const { clock, scheduler } = controlledClock()
    const publishAt = new Date(Date.now() + HOUR).toISOString()
    const content = await createContent(ctx, owner.token, { title: 'Later', status: 'scheduled', publishAt })
    // The sweep works across tenants: on a shared test database other files' contents may fall due
    // too, so the assertions are about this tenant's content.
    await scheduler.publishDue()
    expect((await read(owner.token, content.id)).status).toBe('scheduled')
    clock.at = new Date(Date.now() + 2 * HOUR)
    expect(await scheduler.publishDue()).toBeGreaterThanOrEqual(1)
    expect(await read(owner.token, content.id)).toMatchObject({
      status: 'published',
      publishAt,
      publishedAt: publishAt,
      version: 2,
    })
    expect(await eventsOf(owner.tenantId, content.id)).toEqual([
      'content.created',
      'content.updated',
      'content.published',
    ])
    const versions = await call(ctx.app, 'GET', `/api/contents/${content.id}/versions`, {
      token: owner.token,
    })
    expect(versions.data.versions[0]).toMatchObject({
      version: 2,
      status: 'published',
      createdBy: null,
      createdByName: 'content-scheduler',
    })
    await scheduler.publishDue()
    expect((await read(owner.token, content.id)).version).toBe(2)
  })

  it('reschedules when publishAt changes and cancels when the status does', async () => {
    const owner = await seedTenant(ctx.db)
    const { clock, scheduler } = controlledClock()
    const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString()
    const moved = await createContent(ctx, owner.token, {
      title: 'Moved',
      status: 'scheduled',
      publishAt: at(1),
    })
    const cancelled = await createContent(ctx, owner.token, {
      title: 'Off',
      status: 'scheduled',
      publishAt: at(1),
    })
    await call(ctx.app, 'PUT', `/api/contents/${moved.id}`, {
      token: owner.token,
      body: { publishAt: at(3) },
    })
    await call(ctx.app, 'PUT', `/api/contents/${cancelled.id}`, {
      token: owner.token,
      body: { status: 'draft' },
    })
    clock.at = new Date(Date.now() + 2 * HOUR)
    await scheduler.publishDue()
    expect((await read(owner.token, moved.id)).status).toBe('scheduled')
    clock.at = new Date(Date.now() + 4 * HOUR)
    expect(await scheduler.publishDue()).toBeGreaterThanOrEqual(1)
    expect((await read(owner.token, moved.id)).status).toBe('published')
    expect((await read(owner.token, cancelled.id)).status).toBe('draft')
  })

  it('queues a durable job due at publishAt, which the runner works once the time has come', async () => {
    const owner = await seedTenant(ctx.db)
    const publishAt = new Date(Date.now() + HOUR).toISOString()
    const content = await createContent(ctx, owner.token, { title: 'Queued', status: 'scheduled', publishAt })
    const jobs = await publishJobsOf(content.id)
    expect(jobs.map((job) => job.startAfter)).toEqual([publishAt])
    // Downtime past publishAt: the stored schedule and its job are overdue when the runner looks.
    const past = new Date(Date.now() - 60_000)
    await ctx.db
      .update(contents)
      .set({ publishAt: past })
      .where(and(eq(contents.tenantId, owner.tenantId), eq(contents.id, content.id)))
    await ctx.db.execute(
      sql`update ${sql.identifier(jobs[0]!.schema)}.job set start_after = ${past.toISOString()}::timestamptz
        where name = ${PUBLISH_SCHEDULED_JOB} and data->>'contentId' = ${content.id}`,
    )
    await until(async () => (await read(owner.token, content.id)).status === 'published')
    expect((await read(owner.token, content.id)).publishedAt).toBe(past.toISOString())
  })
})
