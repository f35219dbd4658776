import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/helpers.js'
import { pgErrorOf } from '../../db/errors.js'

const ctx = useTestContext()

const settingOf = async (db: typeof ctx.db) => {
  const result = await db.execute(sql`select current_setting('statement_timeout') as value`)
  return ((result as { rows?: { value: string }[] }).rows ?? (result as unknown as { value: string }[]))[0]
    ?.value
}

describe('statement timeout of public reads', () => {
  it('applies to the bounded reads only', async () => {
    const inside = await ctx.database.bounded(1500, (db) => settingOf(db))
    expect(inside).toBe('1500ms')
    expect(await settingOf(ctx.db)).toBe('0')
  })

  it('applies to raw statements run inside the bound (named on PostgreSQL, in the transaction on PGlite)', async () => {
    const rows = await ctx.database.bounded(1500, (_db, run) =>
      run('timeout_probe', "select current_setting('statement_timeout') as value", []),
    )
    expect(rows).toEqual([{ value: '1500ms' }])
  })

  // PGlite runs in one thread without timers, so it accepts the setting but never cancels; there
  // the caps of the grammar bound a query (see query-run.test.ts).
  it.skipIf(process.env.TEST_DATABASE_URL === undefined)(
    'cancels a statement past it on PostgreSQL (57014)',
    async () => {
      const failure = await ctx.database
        .bounded(50, (db) => db.execute(sql`select pg_sleep(2)`))
        .then(
          () => undefined,
          (err: unknown) => err,
        )
      expect(pgErrorOf(failure)?.code).toBe('57014')
      const raw = await ctx.database
        .bounded(50, (_db, run) => run('', 'select pg_sleep(2)', []))
        .then(
          () => undefined,
          (err: unknown) => err,
        )
      expect(pgErrorOf(raw)?.code).toBe('57014')
    },
  )
})
