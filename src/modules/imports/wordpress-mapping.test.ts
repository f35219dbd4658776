import { describe, expect, it } from 'vitest'
import { clip, parentsFirst, slugFrom } from './wordpress-mapping.js'
import type { WxrCategory } from './wxr-parser.js'

const category = (slug: string, parentSlug = ''): WxrCategory => ({
  termId: '',
  slug,
  parentSlug,
  name: slug,
  description: '',
})

describe('parentsFirst', () => {
  it('puts every parent before its children, even when the file lists the child first', () => {
    const ordered = parentsFirst([
      category('grandchild', 'child'),
      category('child', 'root'),
      category('root'),
    ])
    expect(ordered.map((entry) => entry.slug)).toEqual(['root', 'child', 'grandchild'])
  })

  it('keeps categories whose parent is missing or part of a cycle, once each', () => {
    const ordered = parentsFirst([category('a', 'b'), category('b', 'a'), category('orphan', 'gone')])
    expect(ordered.map((entry) => entry.slug).sort()).toEqual(['a', 'b', 'orphan'])
    expect(ordered).toHaveLength(3)
  })
})

describe('slugFrom', () => {
  it('decodes percent-encoded WordPress slugs and transliterates them', () => {
    expect(slugFrom('%ce%b5%cf%80%ce%af%cf%80%ce%b5%ce%b4%ce%bf-2')).toBe('epipedo-2')
    expect(slugFrom('dsc20050727_091048_222')).toBe('dsc20050727-091048-222')
  })

  it('slugs text that is not valid percent-encoding as it is, and gives up on nothing sluggable', () => {
    expect(slugFrom('100%-sure')).toBe('100-sure')
    expect(slugFrom('!!!')).toBe('')
  })
})

describe('clip', () => {
  it('trims and cuts text to a field limit', () => {
    expect(clip('  short  ', 10)).toBe('short')
    expect(clip('a'.repeat(12), 10)).toBe('a'.repeat(10))
  })
})
