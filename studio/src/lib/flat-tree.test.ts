import { describe, expect, it } from 'vitest'
import {
  applyMove,
  dropAt,
  type FlatNode,
  flattenTree,
  indent,
  moveDown,
  movesOf,
  moveUp,
  outdent,
  placesOf,
  removeAt,
} from './flat-tree'

/** Rows from `'A'`, `'-B'`, `'--C'` (one dash per level below the root). */
const tree = (...rows: string[]): FlatNode[] =>
  rows.map((row) => {
    const key = row.replace(/^-*/, '')
    return { key, depth: row.length - key.length + 1 }
  })
const rows = (items: FlatNode[]) => items.map((item) => `${'-'.repeat(item.depth - 1)}${item.key}`)

describe('a flat tree', () => {
  it('moves a row with its subtree among its siblings', () => {
    const items = tree('A', '-A1', 'B', 'C')
    expect(rows(moveUp(items, 2))).toEqual(['B', 'A', '-A1', 'C'])
    expect(rows(moveDown(items, 0))).toEqual(['B', 'A', '-A1', 'C'])
    expect(movesOf(items, 0, 3)).toEqual({ up: false, down: true, indent: false, outdent: false })
    expect(movesOf(items, 1, 3)).toEqual({ up: false, down: false, indent: false, outdent: true })
  })

  it('indents under the previous sibling and outdents after the parent, never past the deepest level', () => {
    const items = tree('A', '-A1', '--A2', 'B', '-B1')
    expect(rows(indent(items, 3, 3))).toEqual(['A', '-A1', '--A2', '-B', '--B1'])
    expect(movesOf(items, 2, 3).indent).toBe(false)
    expect(movesOf(items, 2, 8).indent).toBe(false)
    expect(movesOf(indent(items, 3, 3), 3, 3).indent).toBe(false)
    expect(movesOf(indent(items, 3, 8), 3, 8).indent).toBe(true)
    expect(rows(outdent(tree('A', '-A1', '-A2', 'B'), 1))).toEqual(['A', '-A2', 'A1', 'B'])
  })

  it('applies a named move, and removes a subtree', () => {
    const items = tree('A', 'B', '-B1', 'C')
    expect(rows(applyMove(items, 3, 'up', 3))).toEqual(['A', 'C', 'B', '-B1'])
    expect(rows(applyMove(items, 1, 'down', 3))).toEqual(['A', 'C', 'B', '-B1'])
    expect(rows(applyMove(items, 1, 'indent', 3))).toEqual(['A', '-B', '--B1', 'C'])
    expect(rows(applyMove(items, 2, 'outdent', 3))).toEqual(['A', 'B', 'B1', 'C'])
    expect(rows(removeAt(items, 1))).toEqual(['A', 'C'])
  })

  it('drops a dragged subtree at the depth its neighbours allow', () => {
    const items = tree('A', 'B', '-B1', 'C')
    expect(rows(dropAt(items, 1, 3, 0, 3))).toEqual(['A', 'C', 'B', '-B1'])
    expect(rows(dropAt(items, 3, 0, 1, 3))).toEqual(['C', 'A', 'B', '-B1'])
    expect(rows(dropAt(items, 3, 3, 1, 3))).toEqual(['A', 'B', '-B1', '-C'])
    expect(rows(dropAt(items, 3, 3, 5, 3))).toEqual(['A', 'B', '-B1', '--C'])
    expect(rows(dropAt(items, 1, 2, 0, 3))).toEqual(rows(items))
  })

  it('names parents and positions', () => {
    expect(placesOf(tree('A', '-A1', '-A2', '--X', 'B'))).toEqual([
      { key: 'A', parentKey: null, position: 0 },
      { key: 'A1', parentKey: 'A', position: 0 },
      { key: 'A2', parentKey: 'A', position: 1 },
      { key: 'X', parentKey: 'A2', position: 0 },
      { key: 'B', parentKey: null, position: 1 },
    ])
  })

  it('flattens nested nodes in tree order', () => {
    const nodes = [
      { id: 'A', children: [{ id: 'A1', children: [{ id: 'X', children: [] }] }] },
      { id: 'B', children: [] },
    ]
    type Node = { id: string; children: Node[] }
    expect(rows(flattenTree(nodes as Node[], (node, depth) => ({ key: node.id, depth })))).toEqual([
      'A',
      '-A1',
      '--X',
      'B',
    ])
  })
})
