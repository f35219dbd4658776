import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { createContent } from './content-fixtures.js'
import { call, seedMember, seedTenant } from './helpers.js'
import { finishedExport } from './portability-fixtures.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's tenant export and import (docs/decisions/studio.md "Tenant export and import"): an owner
// exports a tenant holding two contents, downloads the archive, and imports it as a new tenant from
// the create-tenant screen, whose contents list then shows both. A damaged archive is refused with
// the API's words. An owner sets a weekly backup schedule, and a backup the schedule made is listed
// as one, downloaded and deleted (docs/decisions/portability.md "Backups"). An editor, who may not
// export, has no such screen.

const studio = useStudioServer()

describeStudioJourney('Studio tenant export and import in Chromium', () => {
  it('exports a tenant, downloads the archive, and imports it as a new tenant holding the same contents', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const editor = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    for (const title of ['First exported post', 'Second exported post']) {
      await createContent(studio.ctx, owner.token, { title, html: `<p>${title}</p>`, status: 'published' })
    }
    const { page, problems, context } = await openSignedIn(studio, owner, '/', {
      expected: ['400 /api/tenants/imports'],
    })
    await page.getByRole('heading', { name: `Tenant ${owner.tenantId}` }).waitFor(WAIT)
    await page
      .getByRole('navigation', { name: 'Tenant' })
      .getByRole('link', { name: 'Export and backups' })
      .click()
    const heading = page.getByRole('heading', { name: 'Export and backups', level: 1 })
    await heading.waitFor(WAIT)
    // The focus moves to the new screen's heading.
    await expect
      .poll(() => heading.evaluate((node) => node === (globalThis as any).document.activeElement), WAIT)
      .toBe(true)
    await page.getByText('No exports yet.').waitFor(WAIT)
    await page
      .getByText(/It holds no secrets \(SMTP password, webhook secret, API tokens' values\)/)
      .waitFor(WAIT)
    const newExport = page.getByRole('region', { name: 'New export' })
    expect(await newExport.getByRole('checkbox', { name: 'Include form responses' }).isChecked()).toBe(false)
    expect(await newExport.getByRole('checkbox', { name: 'Include placement statistics' }).isChecked()).toBe(
      false,
    )
    await expectAccessible(page, 'export and backups')

    // An export, followed until it succeeds, with what it holds.
    await page.getByRole('button', { name: 'Start export' }).click()
    const table = page.getByRole('table', { name: 'Exports, newest first' })
    const row = table.getByRole('row').nth(1)
    await row.getByText('Done', { exact: true }).waitFor(WAIT)
    const listed = await call(studio.ctx.app, 'GET', `/api/tenants/${owner.tenantId}/exports`, {
      token: owner.token,
    })
    expect(listed.data.exports).toHaveLength(1)
    const [exported] = listed.data.exports
    expect(exported).toMatchObject({
      status: 'succeeded',
      options: { includeResponses: false, includeStatistics: false },
      counts: { contents: 2, members: 2, mediaFiles: 0 },
    })
    // Only what the export holds: no media, categories, tags or forms in this tenant.
    await row.getByText('2 contents, 0 media files, 2 members', { exact: true }).waitFor(WAIT)
    await row.getByText(`${(exported.sizeBytes / 1000).toFixed(1)} kB`).waitFor(WAIT)
    expect(await row.getByRole('progressbar').count()).toBe(0)
    await expectAccessible(page, 'a finished export')

    // The download: a plain link the session cookie authorizes; the file is a gzip.
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      row.getByRole('link', { name: /^Download the export of / }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.tar\.gz$/)
    const archivePath = await download.path()
    const archive = readFileSync(archivePath)
    expect(archive.length).toBe(exported.sizeBytes)
    expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b])

    // A new tenant from an archive: a damaged one is refused with the API's message.
    await page.goto(`${studio.origin}/admin/tenants/new`)
    await page.getByRole('heading', { name: 'Create a tenant', level: 1 }).waitFor(WAIT)
    await page.getByRole('tab', { name: 'From an archive' }).click()
    await page.getByRole('heading', { name: 'New tenant from an archive' }).waitFor(WAIT)
    expect(new URL(page.url()).searchParams.get('from')).toBe('archive')
    await expectAccessible(page, 'new tenant from an archive')
    const fileInput = page.locator('input[type=file]')
    await fileInput.setInputFiles({
      name: 'damaged.tar.gz',
      mimeType: 'application/gzip',
      buffer: Buffer.from('not an archive at all'),
    })
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'The archive was refused' })
    await refusal.getByText('The body is not a tenant export archive').waitFor(WAIT)
    await expectAccessible(page, 'a refused archive')

    // The downloaded archive, under another slug, followed until the new tenant is ready.
    const slug = `copy-${owner.tenantId}`
    await fileInput.setInputFiles(archivePath)
    await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(slug)
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'The import is done.' }).waitFor(WAIT)
    const importId = new URL(page.url()).searchParams.get('import')
    expect(importId).toMatch(/^[a-f0-9]{24}$/)
    const reported = (
      await call(studio.ctx.app, 'GET', `/api/tenants/imports/${importId}`, { token: owner.token })
    ).data.import
    expect(reported).toMatchObject({
      status: 'succeeded',
      invitations: [{ email: editor.email, role: 'editor' }],
    })
    expect(reported.tenantId).not.toBe(owner.tenantId)
    await page.getByRole('heading', { name: 'What to do next' }).waitFor(WAIT)
    await page
      .getByRole('listitem')
      .filter({ hasText: `${editor.email} (editor)` })
      .waitFor(WAIT)
    await expectAccessible(page, 'a finished tenant import')

    // The new tenant: its slug, and the two contents in its contents list.
    await page.getByRole('link', { name: 'Open the new tenant' }).click()
    await page.waitForURL((url) => url.pathname === `/admin/t/${reported.tenantId}`, WAIT)
    const mine = await call(studio.ctx.app, 'GET', '/api/tenants', { token: owner.token })
    expect(
      mine.data.tenants.find((item: { tenantId: string }) => item.tenantId === reported.tenantId)?.tenant
        .slug,
    ).toBe(slug)
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Contents' }).click()
    await page.getByRole('heading', { name: 'Contents', level: 1 }).waitFor(WAIT)
    await page.getByRole('link', { name: 'First exported post' }).waitFor(WAIT)
    await page.getByRole('link', { name: 'Second exported post' }).waitFor(WAIT)

    // Back on the source tenant, the export is deleted after a confirmation.
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/exports`)
    await page.getByRole('heading', { name: 'Export and backups', level: 1 }).waitFor(WAIT)
    await page.getByRole('button', { name: /^Delete the export of / }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this export?' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('No exports yet.').waitFor(WAIT)
    const after = await call(studio.ctx.app, 'GET', `/api/tenants/${owner.tenantId}/exports`, {
      token: owner.token,
    })
    expect(after.data.exports).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('sets a weekly backup schedule, and lists, downloads and deletes a backup it made', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const started = await call(studio.ctx.app, 'POST', `/api/tenants/${owner.tenantId}/exports`, {
      token: owner.token,
      body: {},
    })
    expect(started.statusCode, started.body).toBe(202)
    const manual = await finishedExport(studio.ctx.app, owner, started.data.export.id)
    expect(manual.status).toBe('succeeded')
    // Times are shown in the browser's time zone, in the app's language.
    const timeZone = 'Asia/Tokyo'
    const shown = (iso: string) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(iso),
      )
    const { page, problems, context } = await openSignedIn(studio, owner, '/exports', {
      timezoneId: timeZone,
    })
    await page.getByRole('heading', { name: 'Export and backups', level: 1 }).waitFor(WAIT)
    const section = page.getByRole('region', { name: 'Scheduled backups' })
    const frequency = section.getByRole('radiogroup', { name: 'Frequency' })
    const keep = section.getByRole('textbox', { name: 'Backups to keep' })
    const responses = section.getByRole('checkbox', { name: 'Include form responses in backups' })
    const statistics = section.getByRole('checkbox', { name: 'Include placement statistics in backups' })
    const save = section.getByRole('button', { name: 'Save schedule' })

    // A schedule never set: off, 7 kept, responses and statistics in (the API's defaults).
    await section.getByText('Next backup: none, backups are off.').waitFor(WAIT)
    await section.getByText('No backup yet.').waitFor(WAIT)
    expect(await frequency.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true)
    expect(await keep.inputValue()).toBe('7')
    expect(await responses.isChecked()).toBe(true)
    expect(await statistics.isChecked()).toBe(true)
    const restore = section.getByRole('link', { name: 'New tenant from an archive' })
    expect(await restore.getAttribute('href')).toBe('/admin/tenants/new?from=archive')
    // Only the manual export so far, kept until its expiry.
    const table = page.getByRole('table', { name: 'Exports, newest first' })
    const manualRow = table.getByRole('row').nth(1)
    await manualRow.getByRole('link', { name: /^Download the export of / }).waitFor(WAIT)
    expect(await manualRow.getByText('Backup', { exact: true }).count()).toBe(0)
    await manualRow.getByText(shown(manual.expiresAt)).waitFor(WAIT)
    await expectAccessible(page, 'export and backups with the schedule')

    // An empty number kept is refused in the form, and nothing is sent.
    await keep.fill('')
    await save.click()
    await section.getByText('Required', { exact: true }).waitFor(WAIT)
    expect(await keep.getAttribute('aria-invalid')).toBe('true')
    await expectAccessible(page, 'a refused backup schedule')
    expect(
      (
        await call(studio.ctx.app, 'GET', `/api/tenants/${owner.tenantId}/backups/schedule`, {
          token: owner.token,
        })
      ).data.schedule,
    ).toMatchObject({ frequency: 'off', keep: 7 })

    // Weekly, keeping 3: saved, due at once (no backup yet), shown in the browser's time zone.
    await frequency.getByRole('radio', { name: 'Weekly' }).check()
    await keep.fill('3')
    await statistics.uncheck()
    await save.click()
    await page.getByText('The backup schedule was saved.').waitFor(WAIT)
    const read = await call(studio.ctx.app, 'GET', `/api/tenants/${owner.tenantId}/backups/schedule`, {
      token: owner.token,
    })
    expect(read.statusCode, read.body).toBe(200)
    const { nextRunAt, ...schedule } = read.data.schedule
    expect(schedule).toEqual({
      frequency: 'weekly',
      keep: 3,
      includeResponses: true,
      includeStatistics: false,
      lastRunAt: null,
    })
    await section
      .getByText(`Next backup: ${shown(nextRunAt)} (started within the hour after)`, { exact: true })
      .waitFor(WAIT)

    // A reload shows what was saved.
    await page.reload()
    await page.getByRole('heading', { name: 'Export and backups', level: 1 }).waitFor(WAIT)
    await section.getByText(`Next backup: ${shown(nextRunAt)}`).waitFor(WAIT)
    expect(await frequency.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true)
    expect(await keep.inputValue()).toBe('3')
    expect(await responses.isChecked()).toBe(true)
    expect(await statistics.isChecked()).toBe(false)
    await expectAccessible(page, 'a saved backup schedule')

    // The hourly job's work, once the backup is due: a backup, listed with its badge, kept by count.
    await studio.ctx.db.execute(
      sql`update tenant_backup_schedules set next_run_at = now() - interval '1 minute' where tenant_id = ${owner.tenantId}`,
    )
    expect(await studio.ctx.app.folio.services.tenantBackups.startDue()).toBeGreaterThanOrEqual(1)
    const listed = await call(studio.ctx.app, 'GET', `/api/tenants/${owner.tenantId}/exports`, {
      token: owner.token,
    })
    const queued = listed.data.exports.find((row: { trigger: string }) => row.trigger === 'schedule')
    const backup = await finishedExport(studio.ctx.app, owner, queued.id)
    expect(backup).toMatchObject({
      status: 'succeeded',
      trigger: 'schedule',
      expiresAt: null,
      options: { includeResponses: true, includeStatistics: false },
    })
    const ran = (
      await call(studio.ctx.app, 'GET', `/api/tenants/${owner.tenantId}/backups/schedule`, {
        token: owner.token,
      })
    ).data.schedule
    await page.reload()
    await page.getByRole('heading', { name: 'Export and backups', level: 1 }).waitFor(WAIT)
    await section.getByText(`Last backup: ${shown(ran.lastRunAt)}`, { exact: true }).waitFor(WAIT)
    await section.getByText(`Next backup: ${shown(ran.nextRunAt)}`).waitFor(WAIT)
    expect(await table.getByRole('row').count()).toBe(3)
    const backupRow = table.getByRole('row').nth(1)
    await backupRow.getByText('Backup', { exact: true }).waitFor(WAIT)
    await backupRow.getByText('Kept by the schedule', { exact: true }).waitFor(WAIT)
    await backupRow.getByText('Done', { exact: true }).waitFor(WAIT)
    expect(await table.getByRole('row').nth(2).getByText('Backup', { exact: true }).count()).toBe(0)
    await expectAccessible(page, 'a backup among the exports')

    // Downloaded and deleted as an export is, in a backup's words.
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      backupRow.getByRole('link', { name: `Download the backup of ${shown(backup.createdAt)}` }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.tar\.gz$/)
    const archive = readFileSync(await download.path())
    expect(archive.length).toBe(backup.sizeBytes)
    expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    await backupRow.getByRole('button', { name: `Delete the backup of ${shown(backup.createdAt)}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this backup?' })
    await dialog
      .getByText(`The backup of ${shown(backup.createdAt)} and its archive will be removed.`)
      .waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('The backup was deleted.').waitFor(WAIT)
    await expect.poll(() => table.getByRole('row').count(), WAIT).toBe(2)
    const after = await call(studio.ctx.app, 'GET', `/api/tenants/${owner.tenantId}/exports`, {
      token: owner.token,
    })
    expect(after.data.exports.map((row: { id: string }) => row.id)).toEqual([manual.id])
    expect(problems).toEqual([])
    await context.close()
  })

  it('lists a finished export on a phone, with its download', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const started = await call(studio.ctx.app, 'POST', `/api/tenants/${owner.tenantId}/exports`, {
      token: owner.token,
      body: {},
    })
    expect(started.statusCode, started.body).toBe(202)
    const { page, problems, context } = await openSignedIn(studio, owner, '/exports', {
      viewport: { width: 390, height: 844 },
    })
    await page.getByRole('heading', { name: 'Export and backups', level: 1 }).waitFor(WAIT)
    const row = page.getByRole('table', { name: 'Exports, newest first' }).getByRole('row').nth(1)
    await row.getByText('Done', { exact: true }).waitFor(WAIT)
    await row.getByRole('link', { name: /^Download the export of / }).waitFor(WAIT)
    await expectAccessible(page, 'export and backups on a phone')
    expect(problems).toEqual([])
    await context.close()
  })

  it('has no export screen for an editor', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const editor = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    const { page, problems, context } = await openSignedIn(studio, editor, '/exports')
    await page.getByRole('heading', { name: "You don't have access to this screen" }).waitFor(WAIT)
    const navigation = page.getByRole('navigation', { name: 'Tenant' })
    await navigation.getByRole('link', { name: 'Contents' }).waitFor(WAIT)
    expect(await navigation.getByRole('link', { name: 'Export and backups' }).count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })
})
