import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { getTableName } from 'drizzle-orm'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import {
  hasTenantColumn,
  portabilityEntries,
  portableTables,
  schemaTables,
} from '../src/modules/portability/classification.js'
import { TABLE_DECLARATIONS } from '../src/modules/table-declarations.js'

const MODULES = join(import.meta.dirname, '../src/modules')

describe('which tables travel in a tenant export (docs/decisions/portability.md "Which tables travel")', () => {
  it('classifies every table that has a tenant_id, and nothing else', () => {
    const entries = portabilityEntries()
    const tenantTables = schemaTables().filter(hasTenantColumn).map(getTableName).sort()
    expect(tenantTables.filter((name) => !entries.has(name))).toEqual([])
    expect([...entries.keys()].filter((name) => !tenantTables.includes(name))).toEqual([])
  })

  it('names only columns that exist', () => {
    const columns = new Map(
      schemaTables().map((table) => [getTableName(table), getTableConfig(table).columns.map((c) => c.name)]),
    )
    const problems = [...portabilityEntries()].flatMap(([name, entry]) =>
      entry.export ? (entry.omit ?? []).filter((column) => !columns.get(name)?.includes(column)) : [],
    )
    expect(problems).toEqual([])
  })

  it("reads every family's tables.ts", () => {
    const families = readdirSync(MODULES).filter((name) => existsSync(join(MODULES, name, 'tables.ts')))
    expect(families.filter((family) => TABLE_DECLARATIONS[family] === undefined)).toEqual([])
  })

  it('keeps secrets, history and the instance state out, responses and statistics opt-in', () => {
    const entries = portabilityEntries()
    for (const name of [
      'outbox',
      'outbox_tasks',
      'activities',
      'api_usage',
      'imports',
      'import_records',
      'webhook_deliveries',
      'form_token_uses',
      'preview_tokens',
      'media_uploads',
      'tenant_mail_counts',
      'ownership_transfers',
      'placement_events',
      'sessions',
      'memberships',
      'invitations',
    ])
      expect(entries.get(name)?.export, name).toBe(false)
    expect(entries.get('tenant_settings')).toMatchObject({
      export: true,
      omit: ['smtp_password_encrypted', 'webhook_secret_encrypted'],
    })
    expect(entries.get('api_tokens')).toMatchObject({ export: true, omit: ['token_hash'] })
    expect(entries.get('form_responses')).toMatchObject({ optIn: 'includeResponses' })
    expect(entries.get('placement_stats')).toMatchObject({ optIn: 'includeStatistics' })
  })

  it('orders the tables parents first, self references left to a second step', () => {
    const order = portableTables().map((table) => table.name)
    const precedes = (parent: string, child: string) => order.indexOf(parent) < order.indexOf(child)
    expect(precedes('media', 'contents')).toBe(true)
    expect(precedes('contents', 'content_versions')).toBe(true)
    expect(precedes('galleries', 'gallery_items')).toBe(true)
    expect(precedes('collections', 'collection_entries')).toBe(true)
    expect(portableTables().find((table) => table.name === 'contents')?.selfColumns).toEqual(['parent_id'])
    expect(portableTables().find((table) => table.name === 'menu_items')?.selfColumns).toEqual(['parent_id'])
  })
})
