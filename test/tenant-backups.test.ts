import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newId } from '../src/lib/ids.js'
import { createContent } from './content-fixtures.js'
import { createForm } from './form-fixtures.js'
import { call, type SeededMember, seedApiToken, seedMember, seedTenant, useTestContext } from './helpers.js'
import {
  downloadExport,
  finishedExport,
  finishedImport,
  importArchive,
  waitFor,
} from './portability-fixtures.js'

/** Scheduled tenant backups (docs/decisions/portability.md "Backups"). */
const ctx = useTestContext({ PUBLIC_CLIENT_LIMIT: 'off' })
const DAY_MS = 86_400_000

const scheduleOf = (member: SeededMember, tenantId = member.tenantId) =>
  call(ctx.app, 'GET', `/api/tenants/${tenantId}/backups/schedule`, { token: member.token })
const putSchedule = (member: SeededMember, body: unknown, tenantId = member.tenantId) =>
  call(ctx.app, 'PUT', `/api/tenants/${tenantId}/backups/schedule`, { token: member.token, body })
const exportsOf = async (member: SeededMember) => {
  const list = await call(ctx.app, 'GET', `/api/tenants/${member.tenantId}/exports`, { token: member.token })
  expect(list.statusCode, list.body).toBe(200)
  return list.data.exports as { id: string; trigger: string; status: string; expiresAt: string | null }[]
}
/** Makes the tenant's schedule due (its next run a minute ago), as the clock would. */
async function makeDue(tenantId: string) {
  await ctx.db.execute(
    sql`update tenant_backup_schedules set next_run_at = now() - interval '1 minute' where tenant_id = ${tenantId}`,
  )
}

/** Runs the hourly job's work once and returns the tenant's newest backup once it ended. */
async function runBackup(owner: SeededMember) {
  const before = new Set((await exportsOf(owner)).map((row) => row.id))
  expect(await ctx.app.folio.services.tenantBackups.startDue()).toBeGreaterThanOrEqual(1)
  const started = (await exportsOf(owner)).filter((row) => !before.has(row.id))
  expect(started.map((row) => row.trigger)).toEqual(['schedule'])
  const record = await finishedExport(ctx.app, owner, started[0]!.id)
  expect(record.error).toBeNull()
  expect(record.status).toBe('succeeded')
  return record
}

async function storageKeyOf(tenantId: string, exportId: string): Promise<string> {
  const result = (await ctx.db.execute(
    sql`select storage_key from tenant_exports where tenant_id = ${tenantId} and id = ${exportId}`,
  )) as unknown as { rows: { storage_key: string }[] }
  return result.rows[0]!.storage_key
}

const archiveFile = (key: string) => join(ctx.dataDir, 'media', key)

describe('tenant backup schedules', () => {
  it('reads as off until set, and keeps what a later change leaves out', async () => {
    const owner = await seedTenant(ctx.db)
    const unset = await scheduleOf(owner)
    expect(unset.statusCode, unset.body).toBe(200)
    expect(unset.data).toEqual({
      schedule: {
        frequency: 'off',
        keep: 7,
        includeResponses: true,
        includeStatistics: true,
        lastRunAt: null,
        nextRunAt: null,
      },
    })

    const before = Date.now()
    const daily = await putSchedule(owner, { frequency: 'daily', keep: 3, includeStatistics: false })
    expect(daily.statusCode, daily.body).toBe(200)
    const { nextRunAt, ...rest } = daily.data.schedule
    expect(rest).toEqual({
      frequency: 'daily',
      keep: 3,
      includeResponses: true,
      includeStatistics: false,
      lastRunAt: null,
    })
    // Turned on with no backup yet: due at once, for the next hourly run.
    expect(Date.parse(nextRunAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(nextRunAt)).toBeLessThanOrEqual(Date.now() + 1000)
    expect((await scheduleOf(owner)).data).toEqual(daily.data)

    const weekly = await putSchedule(owner, { frequency: 'weekly' })
    expect(weekly.statusCode, weekly.body).toBe(200)
    expect(weekly.data.schedule).toMatchObject({ frequency: 'weekly', keep: 3, includeStatistics: false })

    const off = await putSchedule(owner, { frequency: 'off' })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.data.schedule).toEqual({
      frequency: 'off',
      keep: 3,
      includeResponses: true,
      includeStatistics: false,
      lastRunAt: null,
      nextRunAt: null,
    })
  })

  it('refuses a bad frequency or keep with 400, changing nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const set = await putSchedule(owner, { frequency: 'weekly', keep: 5 })
    expect(set.statusCode, set.body).toBe(200)
    for (const body of [
      { frequency: 'hourly' },
      { frequency: 'daily', keep: 0 },
      { frequency: 'daily', keep: 31 },
      { frequency: 'daily', keep: 2.5 },
      { frequency: 'daily', keep: '3' },
      { keep: 3 },
      { frequency: 'daily', every: 'day' },
    ]) {
      const refused = await putSchedule(owner, body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
      expect(refused.data.error).toBe('ValidationFailed')
      expect(typeof refused.data.message).toBe('string')
    }
    expect((await scheduleOf(owner)).data).toEqual(set.data)
    await putSchedule(owner, { frequency: 'off' })
  })

  it("answers 404 for another tenant's schedule and 403 to a member without the right", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    expect((await scheduleOf(other, owner.tenantId)).statusCode).toBe(404)
    const foreign = await putSchedule(other, { frequency: 'daily' }, owner.tenantId)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.data.error).toBe('NotFound')
    expect((await putSchedule(other, { frequency: 'daily' }, newId())).statusCode).toBe(404)
    expect((await scheduleOf(editor)).statusCode).toBe(403)
    const refused = await putSchedule(editor, { frequency: 'daily' })
    expect(refused.statusCode).toBe(403)
    expect(refused.data.error).toBe('Forbidden')
    expect((await scheduleOf(owner)).data.schedule.frequency).toBe('off')
    // An API token is no session: the routes take signed-in users only.
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'admin', scopes: ['read', 'write'] })
    const byToken = await call(ctx.app, 'GET', `/api/tenants/${owner.tenantId}/backups/schedule`, { token })
    expect(byToken.statusCode).toBe(403)
    expect(byToken.data.error).toBe('Forbidden')
  })

  it('starts a due backup once per period, as a scheduled export the retention sweep leaves', async () => {
    const owner = await seedTenant(ctx.db)
    await createContent(ctx, owner.token, { title: 'Backed up', html: '<p>Safe</p>', status: 'published' })
    const set = await putSchedule(owner, { frequency: 'daily', includeStatistics: false })
    expect(set.statusCode, set.body).toBe(200)
    const dueAt = Date.parse(set.data.schedule.nextRunAt)

    // Two instances running the job at once start one backup between them.
    const now = new Date()
    const [first, second] = await Promise.all([
      ctx.app.folio.services.tenantBackups.startDue(now),
      ctx.app.folio.services.tenantBackups.startDue(now),
    ])
    expect(first + second).toBeGreaterThanOrEqual(1)
    const started = (await exportsOf(owner)).filter((row) => row.trigger === 'schedule')
    expect(started).toHaveLength(1)
    // The period is claimed: running again starts nothing for this tenant.
    await ctx.app.folio.services.tenantBackups.startDue()
    expect((await exportsOf(owner)).filter((row) => row.trigger === 'schedule')).toHaveLength(1)

    const record = await finishedExport(ctx.app, owner, started[0]!.id)
    expect(record).toMatchObject({
      status: 'succeeded',
      trigger: 'schedule',
      createdBy: null,
      expiresAt: null,
      options: { includeResponses: true, includeStatistics: false },
    })
    expect(record.counts.contents).toBe(1)
    const schedule = (await scheduleOf(owner)).data.schedule
    expect(schedule.lastRunAt).toBe(now.toISOString())
    // The next slot follows the one it was due at, a day on.
    expect(schedule.nextRunAt).toBe(new Date(dueAt + DAY_MS).toISOString())

    // A manual export keeps its retention; a backup does not expire.
    const manual = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/exports`, {
      token: owner.token,
      body: {},
    })
    expect(manual.statusCode, manual.body).toBe(202)
    expect((await finishedExport(ctx.app, owner, manual.data.export.id)).status).toBe('succeeded')
    const key = await storageKeyOf(owner.tenantId, record.id)
    await ctx.app.folio.services.tenantExports.sweep(new Date(Date.now() + 365 * DAY_MS))
    expect((await exportsOf(owner)).map((row) => [row.id, row.trigger])).toEqual([[record.id, 'schedule']])
    expect(existsSync(archiveFile(key))).toBe(true)
    await putSchedule(owner, { frequency: 'off' })
  })

  it('backs up no tenant being deleted', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await putSchedule(owner, { frequency: 'weekly' })).statusCode).toBe(200)
    await ctx.db.execute(sql`update tenants set status = 'deletion_pending' where id = ${owner.tenantId}`)
    await ctx.app.folio.services.tenantBackups.startDue()
    const rows = (await ctx.db.execute(
      sql`select count(*)::int as n from tenant_exports where tenant_id = ${owner.tenantId}`,
    )) as unknown as { rows: { n: number }[] }
    expect(rows.rows[0]!.n).toBe(0)
    await ctx.db.execute(sql`delete from tenant_backup_schedules where tenant_id = ${owner.tenantId}`)
  })

  it('keeps the newest `keep` backups, removing older ones and their archives, never manual exports', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await putSchedule(owner, { frequency: 'daily', keep: 2 })).statusCode).toBe(200)
    const manual = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/exports`, {
      token: owner.token,
      body: {},
    })
    const manualRecord = await finishedExport(ctx.app, owner, manual.data.export.id)
    expect(manualRecord.status).toBe('succeeded')
    const manualKey = await storageKeyOf(owner.tenantId, manualRecord.id)

    const made = []
    const keys: string[] = []
    for (let i = 0; i < 3; i++) {
      await makeDue(owner.tenantId)
      made.push(await runBackup(owner))
      keys.push(await storageKeyOf(owner.tenantId, made[i]!.id))
      if (i === 1) {
        // A backup that failed before the third: removed once a newer one succeeded.
        await ctx.db.execute(
          sql`insert into tenant_exports (tenant_id, id, status, trigger, error, created_at, finished_at)
              values (${owner.tenantId}, ${newId()}, 'failed', 'schedule', 'disk full', now(), now())`,
        )
      }
    }
    // The third removed the first (keep 2) and the failed one, file and record, once it had
    // recorded its own success.
    const left = await waitFor(
      () => exportsOf(owner),
      (rows) => rows.length === 3,
    )
    expect(left.map((row) => row.id).sort()).toEqual([made[1]!.id, made[2]!.id, manualRecord.id].sort())
    expect(left.find((row) => row.id === manualRecord.id)!.trigger).toBe('manual')
    const gone = await call(ctx.app, 'GET', `/api/tenants/${owner.tenantId}/exports/${made[0]!.id}`, {
      token: owner.token,
    })
    expect(gone.statusCode).toBe(404)
    expect(existsSync(archiveFile(keys[0]!))).toBe(false)
    expect(existsSync(archiveFile(keys[1]!))).toBe(true)
    expect(existsSync(archiveFile(keys[2]!))).toBe(true)
    expect(existsSync(archiveFile(manualKey))).toBe(true)

    // Keep 1: the next backup leaves only itself.
    expect((await putSchedule(owner, { frequency: 'daily', keep: 1 })).statusCode).toBe(200)
    await makeDue(owner.tenantId)
    const last = await runBackup(owner)
    const kept = await waitFor(
      () => exportsOf(owner),
      (rows) => rows.length === 2,
    )
    expect(kept.map((row) => row.id).sort()).toEqual([last.id, manualRecord.id].sort())
    expect(existsSync(archiveFile(keys[1]!))).toBe(false)
    await putSchedule(owner, { frequency: 'off' })
  })

  it('restores a backup by importing its archive as a new tenant, responses included', async () => {
    const owner = await seedTenant(ctx.db)
    await createContent(ctx, owner.token, {
      title: 'Restored page',
      html: '<p>Back</p>',
      status: 'published',
    })
    const form = await createForm(ctx.app, owner.token, { settings: { antiSpam: { minFillSeconds: 0 } } })
    const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
    const submitted = await call(ctx.app, 'POST', `/api/public/forms/${form.id}/submit`, {
      body: { data: { name: 'Ada', email: 'ada@example.com', topic: 'sales', age: 36, code: 'ABC-12' } },
      headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': writeToken },
    })
    expect(submitted.statusCode, submitted.body).toBe(201)
    expect((await putSchedule(owner, { frequency: 'weekly' })).statusCode).toBe(200)
    const backup = await runBackup(owner)
    expect(backup.counts.form_responses).toBe(1)

    const bytes = await downloadExport(ctx.app, owner, backup.id)
    const started = await importArchive(ctx.app, owner, bytes, `?slug=restored-${owner.tenantId}`)
    expect(started.statusCode, started.body).toBe(202)
    const restored = await finishedImport(ctx.app, owner, started.data.import.id)
    expect(restored.error).toBeNull()
    expect(restored.status).toBe('succeeded')
    expect(restored.counts.contents).toBe(1)
    expect(restored.counts.form_responses).toBe(1)
    const page = await call(ctx.app, 'GET', '/api/public/contents/slug/restored-page', {
      headers: { 'x-tenant-id': restored.tenantId },
    })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.data.content.title).toBe('Restored page')
    // The restored tenant has no schedule of its own: backups are the instance's to set.
    const copy = { ...owner, tenantId: restored.tenantId }
    expect((await scheduleOf(copy)).data.schedule.frequency).toBe('off')
    await putSchedule(owner, { frequency: 'off' })
  })
})
