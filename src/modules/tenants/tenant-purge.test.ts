import { eq, getTableName } from 'drizzle-orm'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  call,
  createTestContext,
  seedApiToken,
  seedMember,
  seedTenant,
  type TestContext,
} from '../../../test/helpers.js'
import { deleteTenant, restoreTenant } from '../../../test/tenant-fixtures.js'
import { buildApp } from '../../app.js'
import { ConfigError, loadConfig } from '../../config.js'
import { apiTokens, memberships, ownershipTransfers, tags, tenants } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'
import { createMailer } from '../../mail/mailer.js'
import { createTenantPurger, tenantOwnedTables } from './purge.js'

let ctx: TestContext
beforeAll(async () => {
  // A grace period of about 1.7 seconds: the purge job runs for real, soon after the deletion.
  ctx = await createTestContext({ env: { TENANT_DELETION_GRACE_DAYS: '0.00002' } })
})
afterAll(() => ctx.close())

/** A tenant with members, tags and an API token, deleted as `purgeAfter` (past) says. */
async function deletedTenant(tagCount: number, purgeAfter = new Date(Date.now() - 1000)) {
  const owner = await seedTenant(ctx.db)
  await seedMember(ctx.db, owner.tenantId, 'editor')
  await seedApiToken(ctx.db, owner.tenantId)
  for (let i = 0; i < tagCount; i++) {
    await ctx.db
      .insert(tags)
      .values({ tenantId: owner.tenantId, id: newId(), title: `Tag ${i}`, slug: `tag-${i}` })
  }
  const deletionId = newId()
  await ctx.db
    .update(tenants)
    .set({ status: 'deletion_pending', deletedAt: new Date(), deletionId, purgeAfter })
    .where(eq(tenants.id, owner.tenantId))
  return { owner, deletionId }
}

async function rowsOf(tenantId: string) {
  const count = async (table: typeof tags | typeof memberships | typeof apiTokens) =>
    (await ctx.db.select().from(table).where(eq(table.tenantId, tenantId))).length
  const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.id, tenantId))
  return {
    tenant,
    tags: await count(tags),
    memberships: await count(memberships),
    apiTokens: await count(apiTokens),
  }
}

describe('tenant purge', () => {
  it('finds every tenant-owned table, children before parents, and leaves sessions and users alone', () => {
    const names = tenantOwnedTables().map(getTableName)
    expect(names).toEqual(
      expect.arrayContaining(['memberships', 'tags', 'contents', 'content_tags', 'outbox']),
    )
    expect(names).not.toContain('sessions')
    expect(names).not.toContain('tenants')
    expect(names).not.toContain('users')
    for (const table of tenantOwnedTables()) {
      for (const key of getTableConfig(table).foreignKeys) {
        const parent = key.reference().foreignTable
        if (parent !== table && names.includes(getTableName(parent))) {
          expect(names.indexOf(getTableName(table)), getTableName(table)).toBeLessThan(
            names.indexOf(getTableName(parent)),
          )
        }
      }
    }
  })

  it('runs after the grace period as a job: removes every row of the tenant and the tenant, runs the cleanups, spares others', async () => {
    const cleaned: string[] = []
    ctx.app.folio.services.tenantLifecycle.purger.registerCleanup({
      name: 'test-storage',
      run: async (tenantId) => void cleaned.push(tenantId),
    })
    const owner = await seedTenant(ctx.db)
    await seedApiToken(ctx.db, owner.tenantId)
    await ctx.db.insert(tags).values({ tenantId: owner.tenantId, id: newId(), title: 'Gone', slug: 'gone' })
    const neighbour = await seedTenant(ctx.db)
    await ctx.db
      .insert(tags)
      .values({ tenantId: neighbour.tenantId, id: newId(), title: 'Kept', slug: 'kept' })
    const deleted = await deleteTenant(ctx, owner.token, owner.tenantId)
    expect(deleted.statusCode, deleted.body).toBe(200)
    await vi.waitFor(async () => expect((await rowsOf(owner.tenantId)).tenant).toBeUndefined(), {
      timeout: 30_000,
      interval: 250,
    })
    expect(await rowsOf(owner.tenantId)).toEqual({ tenant: undefined, tags: 0, memberships: 0, apiTokens: 0 })
    expect(cleaned).toContain(owner.tenantId)
    expect(await rowsOf(neighbour.tenantId)).toMatchObject({ tags: 1, memberships: 1 })
    const restore = await restoreTenant(ctx, owner.token, owner.tenantId)
    expect(restore.statusCode).toBe(404)
    // The slug is free again.
    const again = await call(ctx.app, 'POST', '/api/tenants', {
      token: neighbour.token,
      body: { name: 'Reborn', slug: `t-${owner.tenantId}` },
    })
    expect(again.statusCode, again.body).toBe(201)
  })

  it('survives a restart: a purge queued by a stopped instance runs on the next one', async () => {
    const owner = await seedTenant(ctx.db)
    const stopping = await buildApp({
      config: ctx.config,
      database: ctx.database,
      store: ctx.store,
      mailer: createMailer({ from: ctx.config.mailFrom, dataDir: ctx.dataDir }),
      logger: false,
      ...(ctx.jobsSchema === undefined ? {} : { jobsSchema: ctx.jobsSchema }),
    })
    await stopping.ready()
    // The deletion goes through an instance that stops before the grace period ends.
    const response = await deleteTenant({ ...ctx, app: stopping }, owner.token, owner.tenantId)
    expect(response.statusCode, response.body).toBe(200)
    await stopping.close()
    expect((await rowsOf(owner.tenantId)).tenant?.status).toBe('deletion_pending')
    await vi.waitFor(async () => expect((await rowsOf(owner.tenantId)).tenant).toBeUndefined(), {
      timeout: 30_000,
      interval: 250,
    })
  })

  it('resumes a purge that crashed midway; no restore once it began', async () => {
    const { owner, deletionId } = await deletedTenant(7)
    await ctx.db.insert(ownershipTransfers).values({
      tenantId: owner.tenantId,
      id: newId(),
      fromUserId: owner.userId,
      toUserId: owner.userId,
      tokenHash: newId(),
      expiresAt: new Date(Date.now() + 60_000),
    })
    let batches = 0
    const crashing = createTenantPurger({
      db: ctx.db,
      batchSize: 2,
      onBatch: () => {
        batches += 1
        if (batches === 3) throw new Error('crash')
      },
    })
    await expect(crashing.purge({ tenantId: owner.tenantId, deletionId })).rejects.toThrow('crash')
    const midway = await rowsOf(owner.tenantId)
    expect(midway.tenant?.status).toBe('purging')
    expect(midway.tags + midway.memberships + midway.apiTokens).toBeGreaterThan(0)
    const restore = await restoreTenant(ctx, owner.token, owner.tenantId)
    expect(restore.statusCode).toBe(404)

    const purger = createTenantPurger({ db: ctx.db, batchSize: 2 })
    expect(await purger.purge({ tenantId: owner.tenantId, deletionId })).toBe('purged')
    expect(await rowsOf(owner.tenantId)).toEqual({ tenant: undefined, tags: 0, memberships: 0, apiTokens: 0 })
    expect(await purger.purge({ tenantId: owner.tenantId, deletionId })).toBe('skipped')
  })

  it('does nothing for another deletion (restored, deleted again) and waits while the grace period runs', async () => {
    const purger = createTenantPurger({ db: ctx.db })
    const early = await deletedTenant(1, new Date(Date.now() + 60_000))
    expect(await purger.purge({ tenantId: early.owner.tenantId, deletionId: early.deletionId })).toBe('early')
    expect(await purger.purge({ tenantId: early.owner.tenantId, deletionId: newId() })).toBe('skipped')
    expect((await rowsOf(early.owner.tenantId)).tags).toBe(1)
    const due = await deletedTenant(1)
    expect(await purger.due()).toEqual(
      expect.arrayContaining([{ tenantId: due.owner.tenantId, deletionId: due.deletionId }]),
    )
    expect(await purger.due()).not.toEqual(
      expect.arrayContaining([{ tenantId: early.owner.tenantId, deletionId: early.deletionId }]),
    )
  })
})

describe('TENANT_DELETION_GRACE_DAYS', () => {
  const base = { DATABASE_URL: 'memory://', DATA_DIR: '.' }

  it('defaults to 30 days and takes fractions', () => {
    expect(loadConfig(base).tenantDeletionGraceMs).toBe(30 * 24 * 3600 * 1000)
    expect(loadConfig({ ...base, TENANT_DELETION_GRACE_DAYS: '0.5' }).tenantDeletionGraceMs).toBe(
      12 * 3600 * 1000,
    )
    expect(loadConfig({ ...base, TENANT_DELETION_GRACE_DAYS: '0' }).tenantDeletionGraceMs).toBe(0)
  })

  it.each(['-1', 'soon', '3651', '1e3'])('refuses "%s"', (value) => {
    expect(() => loadConfig({ ...base, TENANT_DELETION_GRACE_DAYS: value })).toThrow(ConfigError)
  })
})
