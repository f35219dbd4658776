import { describe, expect, it } from 'vitest'
import { type DraftItem, flatten, itemProblems } from './tree'

/** Items from `'A'`, `'-B'`, `'--C'` (one dash per level below the root). */
const tree = (...rows: string[]): DraftItem[] =>
  rows.map((row) => {
    const title = row.replace(/^-*/, '')
    return {
      key: title,
      id: title,
      depth: row.length - title.length + 1,
      title,
      type: 'custom',
      url: '/',
      referenceId: null,
      target: '_self',
      isVisible: true,
      translations: {},
    }
  })

describe('the menu draft', () => {
  it("reads the API's tree as rows in tree order", () => {
    const node = {
      title: 'A',
      type: 'custom' as const,
      url: '/',
      referenceId: null,
      target: '_self' as const,
      isVisible: true,
    }
    const items = flatten([
      {
        ...node,
        id: 'a',
        translations: { tr: { title: 'A (tr)' } },
        children: [{ ...node, id: 'b', title: 'B', children: [] }],
      },
    ])
    expect(items.map((item) => [item.key, item.id, item.depth, item.title, item.translations])).toEqual([
      ['a', 'a', 1, 'A', { tr: { title: 'A (tr)' } }],
      ['b', 'b', 2, 'B', {}],
    ])
  })

  it('checks links as the API does', () => {
    const [item] = tree('A') as [DraftItem]
    expect(itemProblems({ ...item, type: 'external', url: 'javascript:alert(1)' })).toEqual({
      url: 'menus.problems.external',
    })
    expect(itemProblems({ ...item, type: 'external', url: 'https://example.com/' })).toEqual({})
    expect(itemProblems({ ...item, url: '//evil.example' })).toEqual({ url: 'menus.problems.custom' })
    expect(itemProblems({ ...item, title: ' ', type: 'content' })).toEqual({
      title: 'menus.problems.title',
      referenceId: 'menus.problems.content',
    })
  })
})
