import { tmpdir } from 'node:os'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '../db/client.js'
import {
  copyTable,
  countRows,
  deferKeys,
  type ForeignKey,
  foreignKeyOrder,
  foreignKeysOf,
  MoveRefused,
  rowsOf,
  suspendTriggers,
  tablesOf,
} from './instance-copy.js'
import { formatBytes, parsePlace } from './instance-move.js'

const key = (table: string, references: string, name = `${table}_${references}_fk`): ForeignKey => ({
  name,
  table,
  references,
  deferrable: false,
})

describe('foreignKeyOrder', () => {
  it('puts every table after the tables it references, ties by name', () => {
    const { order, unordered } = foreignKeyOrder(
      ['contents', 'users', 'tenants', 'memberships', 'activities'],
      [key('memberships', 'users'), key('memberships', 'tenants'), key('contents', 'tenants')],
    )
    expect(order).toEqual(['activities', 'tenants', 'users', 'contents', 'memberships'])
    expect(unordered).toEqual([])
  })

  it('leaves self-references and cycles to be checked at the end, and still places every table', () => {
    const selfRef = key('categories', 'categories')
    const cycle = [key('a', 'b'), key('b', 'a')]
    const { order, unordered } = foreignKeyOrder(
      ['a', 'b', 'c', 'categories', 'tenants'],
      [selfRef, key('categories', 'tenants'), ...cycle, key('c', 'a')],
    )
    expect(order.slice(0, 2)).toEqual(['tenants', 'categories'])
    expect(order.slice(2).sort()).toEqual(['a', 'b', 'c'])
    // c waits on the cycle: its key to a is checked at the end too.
    expect(unordered).toEqual([selfRef, ...cycle, key('c', 'a')])
  })
})

describe('parsePlace', () => {
  it('reads a PostgreSQL URL, a directory, and refuses another scheme', () => {
    expect(parsePlace('postgres://root@127.0.0.1:5432/folio')).toEqual({
      kind: 'postgres',
      url: 'postgres://root@127.0.0.1:5432/folio',
    })
    expect(parsePlace('postgresql://db/folio').kind).toBe('postgres')
    expect(parsePlace('/srv/folio-data')).toEqual({ kind: 'dir', dir: '/srv/folio-data' })
    expect(() => parsePlace('postgress://db/folio')).toThrow(MoveRefused)
    expect(() => parsePlace('mysql://db/folio')).toThrow(
      'mysql:// is neither postgres:// nor a directory path.',
    )
  })

  it('formats bytes in binary units', () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(5 * 1024 ** 3)]).toEqual([
      '512 B',
      '1.5 KiB',
      '5.0 GiB',
    ])
  })
})

describe('copyTable', () => {
  let source: Database
  let target: Database
  const schema = `create table parts (
      tenant_id text not null, id integer not null, parent_id integer, body text not null,
      made_at timestamptz not null, tags text[] not null,
      primary key (tenant_id, id),
      foreign key (tenant_id, parent_id) references parts (tenant_id, id))`

  beforeAll(async () => {
    source = await createDatabase({ url: 'memory://', dataDir: tmpdir() })
    target = await createDatabase({ url: 'memory://', dataDir: tmpdir() })
    await source.execute(schema)
    await target.execute(schema)
    // Children carry lower ids than their parents, so key order inserts a child first.
    await source.execute(
      `insert into parts
       select 't' || (n % 2), n, case when n < 10 then n + 10 end, repeat(chr(65 + n % 26), 40 + n),
              timestamptz '2026-01-01 00:00:00.123456+00' + n * interval '1 second', array['a', 'b''' || n]
         from generate_series(1, 19) n`,
    )
  })
  afterAll(async () => {
    await source.close()
    await target.close()
  })

  it('copies a table in pages bounded by rows and bytes, self-references checked at the end, values exact', async () => {
    const [table] = await tablesOf(source.db, 'public')
    expect(table?.key).toEqual([
      { name: 'tenant_id', type: 'text' },
      { name: 'id', type: 'integer' },
    ])
    const keys = await foreignKeysOf(target.db, 'public')
    const pages: number[] = []
    await target.db.transaction(async (tx) => {
      const check = await deferKeys(tx, 'public', foreignKeyOrder(['parts'], keys).unordered)
      const copied = await copyTable(source.db, tx, table as never, {
        pageRows: 5,
        pageBytes: 400,
        total: 19,
        onProgress: (_, rows) => pages.push(rows),
      })
      expect(copied).toBe(19)
      await check()
    })
    // Rows of 150 to 200 bytes of JSON: two fit in 400 bytes, three do not (and five would).
    expect(pages).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 19])
    const all = sql`select to_jsonb(p)::text as row from parts p order by tenant_id, id`
    expect(await rowsOf(target.db, all)).toEqual(await rowsOf(source.db, all))
    expect(await countRows(target.db, { schema: 'public', name: 'parts' })).toBe(19)
    // The key is NOT DEFERRABLE again once the copy is done.
    const [constraint] = await rowsOf<{ deferrable: boolean }>(
      target.db,
      sql`select condeferrable as deferrable from pg_constraint where contype = 'f'`,
    )
    expect(constraint?.deferrable).toBe(false)
  })

  it('copies rows a trigger of the target would now refuse, and leaves the trigger on for later writes', async () => {
    await target.execute('delete from parts')
    await target.execute(`create function refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by a rule made later' using errcode = 'not_null_violation'; end $$`)
    await target.execute(
      'create trigger parts_refuse before insert on parts for each row execute function refuse()',
    )
    const [table] = await tablesOf(source.db, 'public')
    const copied = await target.db.transaction(async (tx) => {
      const check = await deferKeys(
        tx,
        'public',
        foreignKeyOrder(['parts'], await foreignKeysOf(tx, 'public')).unordered,
      )
      const resume = await suspendTriggers(tx, 'public')
      const rows = await copyTable(source.db, tx, table as never, {
        pageRows: 100,
        pageBytes: 1 << 20,
        total: 19,
        onProgress: () => {},
      })
      await check()
      await resume()
      return rows
    })
    expect(copied).toBe(19)
    await expect(
      target.execute(`insert into parts values ('t9', 1, null, 'x', now(), '{}')`),
    ).rejects.toThrow('refused by a rule made later')
  })

  it('copies two tables that reference each other, both keys checked at the end and restored', async () => {
    const cycle = `create table x (id integer primary key, y_id integer);
      create table y (id integer primary key, x_id integer references x);
      alter table x add foreign key (y_id) references y`
    await source.execute(cycle)
    await target.execute(cycle)
    await source.execute(
      'insert into x values (1, null); insert into y values (1, 1), (2, 1); update x set y_id = 2',
    )
    const tables = (await tablesOf(source.db, 'public')).filter((table) => ['x', 'y'].includes(table.name))
    const { order, unordered } = foreignKeyOrder(['x', 'y'], await foreignKeysOf(target.db, 'public'))
    expect(order).toEqual(['x', 'y'])
    expect(unordered.map((key) => `${key.table}->${key.references}`).sort()).toEqual(['x->y', 'y->x'])
    await target.db.transaction(async (tx) => {
      const check = await deferKeys(tx, 'public', unordered)
      for (const table of tables) {
        await copyTable(source.db, tx, table, {
          pageRows: 10,
          pageBytes: 1 << 20,
          total: 2,
          onProgress: () => {},
        })
      }
      await check()
    })
    const both = sql`select (select json_agg(x order by id) from x)::text as x, (select json_agg(y order by id) from y)::text as y`
    expect(await rowsOf(target.db, both)).toEqual(await rowsOf(source.db, both))
    const declared = await rowsOf<{ deferrable: boolean }>(
      target.db,
      sql`select condeferrable as deferrable from pg_constraint where contype = 'f' and conrelid in ('x'::regclass, 'y'::regclass)`,
    )
    expect(declared).toEqual([{ deferrable: false }, { deferrable: false }])
  })

  it('refuses a table without a primary key', async () => {
    await source.execute('create table loose (value text)')
    await expect(tablesOf(source.db, 'public')).rejects.toThrow('The table public.loose has no primary key.')
  })
})
