import { describe, expect, it } from 'vitest'
import { canMoveTo, flatten, inTreeOrder, reorderMoves, siblingsOf, subtreeIds, toTree } from './tree'

const answer = [
  {
    id: 'news',
    name: 'News',
    slug: 'news',
    description: 'Daily',
    parentId: null,
    position: 0,
    translations: { tr: { name: 'Haberler', slug: 'haberler' } },
    children: [
      { id: 'world', name: 'World', slug: 'world', parentId: 'news', position: 0, children: [] },
      {
        id: 'local',
        name: 'Local',
        slug: 'local',
        parentId: 'news',
        position: 0,
        children: [{ id: 'city', name: 'City', slug: 'city', parentId: 'local', position: 3 }],
      },
    ],
  },
  { id: 'sport', name: 'Sport', slug: 'sport', description: '', parentId: null, position: 1 },
]
const tree = toTree(answer)

describe('toTree and flatten', () => {
  it('reads the answer into typed nodes and lists them parent first with depths', () => {
    expect(tree[0]?.description).toBe('Daily')
    expect(tree[0]?.translations).toEqual({ tr: { name: 'Haberler', slug: 'haberler' } })
    expect(tree[1]?.children).toEqual([])
    expect(tree[1]?.translations).toEqual({})
    expect(flatten(tree).map(({ node, depth }) => `${depth}:${node.id}`)).toEqual([
      '0:news',
      '1:world',
      '1:local',
      '2:city',
      '0:sport',
    ])
  })
})

describe('subtreeIds and canMoveTo', () => {
  it('collects a category and its descendants', () => {
    expect([...subtreeIds(tree, 'news')]).toEqual(['news', 'world', 'local', 'city'])
    expect([...subtreeIds(tree, 'missing')]).toEqual([])
  })

  it('refuses a move under itself, a descendant, or where it already is', () => {
    expect(canMoveTo(tree, 'news', 'city')).toBe(false)
    expect(canMoveTo(tree, 'news', 'news')).toBe(false)
    expect(canMoveTo(tree, 'world', 'news')).toBe(false)
    expect(canMoveTo(tree, 'sport', null)).toBe(false)
    expect(canMoveTo(tree, 'city', null)).toBe(true)
    expect(canMoveTo(tree, 'sport', 'city')).toBe(true)
    expect(canMoveTo(tree, 'missing', null)).toBe(false)
  })
})

describe('reorderMoves', () => {
  it('renumbers siblings that share a position, writing only the changed ones', () => {
    // Both at 0: local (kept at 0) goes before world, which alone is written (1).
    expect(reorderMoves(tree, 'local', -1)).toEqual([{ id: 'world', position: 1 }])
    expect(reorderMoves(tree, 'world', 1)).toEqual([{ id: 'world', position: 1 }])
  })

  it('writes nothing past either end', () => {
    expect(reorderMoves(tree, 'news', -1)).toEqual([])
    expect(reorderMoves(tree, 'sport', 1)).toEqual([])
    expect(reorderMoves(tree, 'city', 1)).toEqual([])
    expect(reorderMoves(tree, 'sport', -1)).toEqual([
      { id: 'sport', position: 0 },
      { id: 'news', position: 1 },
    ])
  })

  it('finds the siblings of a nested category', () => {
    expect(siblingsOf(tree, 'city').map((node) => node.id)).toEqual(['city'])
    expect(siblingsOf(tree, 'missing')).toEqual([])
  })
})

const category = (id: string, parentId: string | null, position: number, name = id) => ({
  id,
  parentId,
  position,
  name,
})

describe('inTreeOrder', () => {
  it('puts children under their parent, siblings by position then name, with depths', () => {
    const rows = inTreeOrder([
      category('news', null, 1),
      category('sport', 'news', 0, 'Sport'),
      category('about', null, 0),
      category('local', 'news', 0, 'Local'),
      category('football', 'sport', 0),
    ])
    expect(rows.map((row) => `${'-'.repeat(row.depth)}${row.item.id}`)).toEqual([
      'about',
      'news',
      '-local',
      '-sport',
      '--football',
    ])
  })

  it('shows a category whose parent is not listed as a root', () => {
    expect(inTreeOrder([category('orphan', 'gone', 0)])).toEqual([
      { item: category('orphan', 'gone', 0), depth: 0 },
    ])
  })
})
