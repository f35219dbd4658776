import { describe, expect, it } from 'vitest'
import { applyMove, dropAt } from '../../../lib/flat-tree'
import { MAX_DEPTH, moveWrites, ORDER_STEP, type PageRow, pageRows, siblingOrders, withWrites } from './moves'

/** Rows from `'A:0'`, `'-B:10'` (one dash per level below the root, then the title and its order). */
const rows = (...lines: string[]): PageRow[] =>
  lines.map((line) => {
    const [name, order] = line.replace(/^-*/, '').split(':') as [string, string]
    return {
      key: name,
      id: name,
      depth: line.length - line.replace(/^-*/, '').length + 1,
      title: name,
      slug: name.toLowerCase(),
      status: 'draft',
      order: Number(order),
      parentId: null,
    }
  })

describe('the orders of a move', () => {
  it('gives the moved page an order between its neighbours when there is room', () => {
    expect(siblingOrders([0, 20, 10], 1)).toEqual([0, 5, 10])
    expect(siblingOrders([20, 0, 10], 0)).toEqual([-10, 0, 10])
    expect(siblingOrders([0, 10, -5], 2)).toEqual([0, 10, 20])
    expect(siblingOrders([0, 7, 10], 1)).toEqual([0, 7, 10])
    expect(siblingOrders([4], 0)).toEqual([4])
  })

  it('numbers the siblings afresh when they tie or leave no room', () => {
    expect(siblingOrders([0, 0, 0], 2)).toEqual([0, ORDER_STEP, 2 * ORDER_STEP])
    expect(siblingOrders([0, 9, 1], 1)).toEqual([0, 10, 20])
    expect(siblingOrders([0, 1, 5], 2)).toEqual([0, 1, 5])
    expect(siblingOrders([0, 5, 1], 1)).toEqual([0, 10, 20])
  })
})

describe('the writes of a move', () => {
  it('writes only the moved page when it fits between its new neighbours', () => {
    const before = rows('A:0', 'B:10', 'C:20')
    const after = applyMove(before, 2, 'up', MAX_DEPTH)
    expect(moveWrites(before, after, 'C')).toEqual([{ id: 'C', order: 5 }])
  })

  it('renumbers tied siblings, the moved page first', () => {
    const before = rows('A:0', 'B:0', 'C:0')
    const after = applyMove(before, 0, 'down', MAX_DEPTH)
    expect(moveWrites(before, after, 'A')).toEqual([
      { id: 'A', order: 10 },
      { id: 'C', order: 20 },
    ])
  })

  it('sends the new parent when the view’s parent changes, and null at the root', () => {
    const before = rows('A:0', '-A1:0', 'B:10')
    const nested = applyMove(before, 2, 'indent', MAX_DEPTH)
    expect(moveWrites(before, nested, 'B')).toEqual([{ id: 'B', parentId: 'A' }])
    const out = applyMove(before, 1, 'outdent', MAX_DEPTH)
    expect(moveWrites(before, out, 'A1')).toEqual([{ id: 'A1', parentId: null, order: 5 }])
    const dropped = dropAt(before, 2, 0, 0, MAX_DEPTH)
    expect(moveWrites(before, dropped, 'B')).toEqual([{ id: 'B', order: -10 }])
  })

  it('keeps the stored parent of a root whose parent is of another type', () => {
    const before = rows('A:0', 'B:10').map((row) => (row.id === 'B' ? { ...row, parentId: 'post' } : row))
    const after = applyMove(before, 1, 'up', MAX_DEPTH)
    expect(moveWrites(before, after, 'B')).toEqual([{ id: 'B', order: -10 }])
    expect(withWrites(after, moveWrites(before, after, 'B'))[0]).toMatchObject({
      id: 'B',
      order: -10,
      parentId: 'post',
    })
  })

  it('reads the API’s tree as rows', () => {
    const leaf = { slug: 'x', status: 'published', order: 0, children: [] }
    expect(
      pageRows([
        {
          ...leaf,
          id: 'a',
          title: 'A',
          parentId: null,
          children: [{ ...leaf, id: 'b', title: 'B', parentId: 'a' }],
        },
      ]).map((row) => [row.key, row.depth, row.parentId]),
    ).toEqual([
      ['a', 1, null],
      ['b', 2, 'a'],
    ])
  })
})
