import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.js'
import { phrase } from '../i18n/index.js'
import { freeSlugs, nextFreeSlug, requiredSlug, type SlugLookup } from './slug.js'

/** A lookup over a fixed set of taken slugs, recording what the allocator asked. */
function lookupOver(taken: string[]) {
  const asked: string[][] = []
  const lookup: SlugLookup = {
    async taken(candidates) {
      asked.push(candidates)
      return new Set(candidates.filter((candidate) => taken.includes(candidate)))
    },
    async highestNumber(stem) {
      const numbers = taken
        .filter((slug) => slug.startsWith(`${stem}-`) && /^\d{1,15}$/.test(slug.slice(stem.length + 1)))
        .map((slug) => Number(slug.slice(stem.length + 1)))
      return Math.max(1, ...numbers)
    },
  }
  return { lookup, asked }
}

describe('the slug allocator', () => {
  it('takes the lowest free number from 2, filling gaps', async () => {
    expect(await nextFreeSlug(lookupOver([]).lookup, 'news')).toBe('news-2')
    expect(await nextFreeSlug(lookupOver(['news-2', 'news-3', 'news-5']).lookup, 'news')).toBe('news-4')
  })

  it('falls back to one past the highest number once the first twenty are taken', async () => {
    const taken = Array.from({ length: 20 }, (_, i) => `news-${i + 2}`).concat('news-97', 'news-x9')
    const { lookup, asked } = lookupOver(taken)
    expect(await nextFreeSlug(lookup, 'news')).toBe('news-98')
    expect(asked[0]).toHaveLength(20)
  })

  it('offers several free slugs at once for a conflict answer', async () => {
    const { lookup } = lookupOver(['acme-2', 'acme-4'])
    expect(await freeSlugs(lookup, 'acme', { wanted: 3 })).toEqual(['acme-3', 'acme-5', 'acme-6'])
  })

  it('cuts a long base so that the number fits within the limit, without a trailing dash', async () => {
    const base = `${'a'.repeat(59)}-${'b'.repeat(20)}`
    const slug = await nextFreeSlug(lookupOver([]).lookup, base, 80)
    expect(slug).toBe(`${'a'.repeat(59)}-bbbb-2`)
    expect(slug.length).toBeLessThanOrEqual(80)
  })
})

describe('requiredSlug', () => {
  it('normalizes text to a slug within the limit', () => {
    expect(requiredSlug('  Mi Café Çalışma ', 'slug')).toBe('mi-cafe-calisma')
    expect(requiredSlug('Über Straße', 'title')).toBe('uber-strasse')
    expect(requiredSlug('alpha beta gamma', 'slug', 12)).toBe('alpha-beta')
  })

  it('refuses text with nothing sluggable, naming the member it came from', () => {
    const refusal = (() => {
      try {
        requiredSlug('--- !!', 'title')
      } catch (err) {
        return err
      }
    })()
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({
      code: 'ValidationFailed',
      message: 'title must contain at least one letter or digit.',
      extra: { details: [{ path: '/title', message: phrase('common.hasNoLetterOrDigit') }] },
    })
  })
})
