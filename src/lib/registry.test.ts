import { describe, expect, it } from 'vitest'
import { mergeOwned } from './registry.js'

describe('mergeOwned', () => {
  it('merges the parts in order, skipping an owner that declares none', () => {
    const merged = mergeOwned('The permission resource', {
      'the family "media"': { media: ['view'] },
      'the family "health"': undefined,
      'the family "menus"': { menus: ['view', 'update'] },
    })
    expect(merged).toEqual({ media: ['view'], menus: ['view', 'update'] })
    expect(Object.keys(merged)).toEqual(['media', 'menus'])
  })

  it('fails on a key two owners declare, naming the key and both owners', () => {
    expect(() =>
      mergeOwned('The event type', {
        'the family "tags"': { 'tag.created': 1 },
        'the family "categories"': { 'category.created': 2, 'tag.created': 3 },
      }),
    ).toThrow(
      'The event type "tag.created" is declared by both the family "tags" and the family "categories".',
    )
  })
})
