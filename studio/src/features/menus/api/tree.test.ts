import { describe, expect, it } from 'vitest'
import {
  type DraftItem,
  dropAt,
  indent,
  itemProblems,
  moveDown,
  movesOf,
  moveUp,
  outdent,
  placesOf,
} from './tree'

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
    }
  })
const rows = (items: DraftItem[]) => items.map((item) => `${'-'.repeat(item.depth - 1)}${item.title}`)

describe('the menu draft tree', () => {
  it('moves an item with its subtree among its siblings', () => {
    const items = tree('A', '-A1', 'B', 'C')
    expect(rows(moveUp(items, 2))).toEqual(['B', 'A', '-A1', 'C'])
    expect(rows(moveDown(items, 0))).toEqual(['B', 'A', '-A1', 'C'])
    expect(movesOf(items, 0)).toEqual({ up: false, down: true, indent: false, outdent: false })
    expect(movesOf(items, 1)).toEqual({ up: false, down: false, indent: false, outdent: true })
  })

  it('indents under the previous sibling and outdents after the parent, never past 3 levels', () => {
    const items = tree('A', '-A1', '--A2', 'B', '-B1')
    expect(rows(indent(items, 3))).toEqual(['A', '-A1', '--A2', '-B', '--B1'])
    expect(movesOf(items, 2).indent).toBe(false)
    expect(movesOf(indent(items, 3), 3).indent).toBe(false)
    expect(rows(outdent(tree('A', '-A1', '-A2', 'B'), 1))).toEqual(['A', '-A2', 'A1', 'B'])
  })

  it('drops a dragged subtree at the depth its neighbours allow', () => {
    const items = tree('A', 'B', '-B1', 'C')
    expect(rows(dropAt(items, 1, 3, 0))).toEqual(['A', 'C', 'B', '-B1'])
    expect(rows(dropAt(items, 3, 0, 1))).toEqual(['C', 'A', 'B', '-B1'])
    expect(rows(dropAt(items, 3, 3, 1))).toEqual(['A', 'B', '-B1', '-C'])
    expect(rows(dropAt(items, 3, 3, 5))).toEqual(['A', 'B', '-B1', '--C'])
    expect(rows(dropAt(items, 1, 2, 0))).toEqual(rows(items))
  })

  it('names parents and positions as the API takes them', () => {
    expect(placesOf(tree('A', '-A1', '-A2', '--X', 'B'))).toEqual([
      { key: 'A', parentKey: null, position: 0 },
      { key: 'A1', parentKey: 'A', position: 0 },
      { key: 'A2', parentKey: 'A', position: 1 },
      { key: 'X', parentKey: 'A2', position: 0 },
      { key: 'B', parentKey: null, position: 1 },
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
