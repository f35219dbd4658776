import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.js'
import type { SlugLookup } from '../lib/slug.js'
import { writeWithFreeSlug } from './slugs.js'

const KEY = 'things_tenant_slug_key'

/** A unique violation of `constraint` as the drivers report it, wrapped by Drizzle. */
const violation = (constraint: string) =>
  Object.assign(new Error('Failed query: insert'), {
    cause: Object.assign(new Error('duplicate key value'), { code: '23505', constraint }),
  })

/**
 * A table of slugs behind both kinds of write: `insert` answers undefined for a taken slug (ON
 * CONFLICT DO NOTHING), `insertOrThrow` throws the index's violation. `racers[n]` is the slug a
 * concurrent writer takes just before the nth write (none when undefined).
 */
function tableOf(taken: string[], racers: (string | undefined)[] = []) {
  const slugs = new Set(taken)
  const tried: string[] = []
  const lookup: SlugLookup = {
    async taken(candidates) {
      return new Set(candidates.filter((candidate) => slugs.has(candidate)))
    },
    async highestNumber() {
      return 1
    },
  }
  const insert = async (slug: string) => {
    tried.push(slug)
    const racer = racers.shift()
    if (racer !== undefined) slugs.add(racer)
    if (slugs.has(slug)) return undefined
    slugs.add(slug)
    return { slug }
  }
  const insertOrThrow = async (slug: string) => {
    const row = await insert(slug)
    if (row === undefined) throw violation(KEY)
    return row
  }
  return { lookup: () => lookup, insert, insertOrThrow, tried }
}

/** What `promise` rejects with. */
async function refusalOf(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (err: unknown) => err,
  )
}

describe('writeWithFreeSlug', () => {
  it('writes a free slug as it is', async () => {
    const table = tableOf([])
    const row = await writeWithFreeSlug(
      { slug: 'news', explicit: false, key: KEY, lookup: table.lookup },
      table.insert,
    )
    expect(row).toEqual({ slug: 'news' })
    expect(table.tried).toEqual(['news'])
  })

  it('numbers a taken derived slug, whether the write answers nothing or throws the violation', async () => {
    for (const style of ['insert', 'insertOrThrow'] as const) {
      const table = tableOf(['news', 'news-2'])
      const row = await writeWithFreeSlug(
        { slug: 'news', explicit: false, key: KEY, lookup: table.lookup },
        table[style],
      )
      expect(row).toEqual({ slug: 'news-3' })
      expect(table.tried).toEqual(['news', 'news-3'])
    }
  })

  it('tries the next free number after losing a race, five writes at most', async () => {
    const won = tableOf(['news'], [undefined, 'news-2'])
    expect(
      await writeWithFreeSlug(
        { slug: 'news', explicit: false, key: KEY, lookup: won.lookup },
        won.insertOrThrow,
      ),
    ).toEqual({ slug: 'news-3' })
    expect(won.tried).toEqual(['news', 'news-2', 'news-3'])

    const racers = ['news', 'news-2', 'news-3', 'news-4', 'news-5']
    const lost = tableOf([], racers)
    const refusal = await refusalOf(
      writeWithFreeSlug({ slug: 'news', explicit: false, key: KEY, lookup: lost.lookup }, lost.insert),
    )
    expect(refusal).toMatchObject({ code: 'SlugConflict', message: 'The slug "news-5" is already in use.' })
    expect(lost.tried).toHaveLength(5)
  })

  it('never numbers an explicit slug: SlugConflict, with free suggestions when asked', async () => {
    const table = tableOf(['acme', 'acme-3'])
    const plain = await refusalOf(
      writeWithFreeSlug({ slug: 'acme', explicit: true, key: KEY, lookup: table.lookup }, table.insert),
    )
    expect(plain).toBeInstanceOf(AppError)
    expect(plain).toMatchObject({ code: 'SlugConflict', extra: {} })
    const suggested = await refusalOf(
      writeWithFreeSlug(
        { slug: 'acme', explicit: true, key: KEY, lookup: table.lookup, suggestions: 3 },
        table.insertOrThrow,
      ),
    )
    expect(suggested).toMatchObject({
      code: 'SlugConflict',
      extra: { suggestions: ['acme-2', 'acme-4', 'acme-5'] },
    })
    expect(table.tried).toEqual(['acme', 'acme'])
  })

  it('lets any other failure through, another unique index included', async () => {
    const table = tableOf([])
    const other = violation('things_tenant_key_key')
    const failing = async () => {
      throw other
    }
    expect(
      await refusalOf(
        writeWithFreeSlug({ slug: 'news', explicit: false, key: KEY, lookup: table.lookup }, failing),
      ),
    ).toBe(other)
  })
})
