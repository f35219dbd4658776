import { describe, expect, it } from 'vitest'
import { translate } from '../../i18n/index.js'
import { linkProblem as problemOf } from './links.js'
import { checkTree, move, nest, reorder, TreeError } from './tree.js'

const item = (id: string, parentId: string | null, position: number) => ({ id, parentId, position })
// a ─ b ─ c      d
const items = [item('a', null, 0), item('b', 'a', 0), item('c', 'b', 0), item('d', null, 1)]

describe('nest', () => {
  it('nests by parent and sorts each level by position, then id', () => {
    const tree = nest([item('y', null, 1), item('x', null, 1), item('w', null, 0), item('v', 'x', 0)])
    expect(tree.map((node) => node.id)).toEqual(['w', 'x', 'y'])
    expect(tree[1]?.children.map((node) => node.id)).toEqual(['v'])
  })

  it('drops items whose parent is missing, with their subtree', () => {
    expect(nest([item('a', null, 0), item('c', 'gone', 0), item('d', 'c', 0)]).map((n) => n.id)).toEqual([
      'a',
    ])
  })
})

describe('checkTree', () => {
  it('gives each item its depth and refuses a fourth level, a cycle or a missing parent', () => {
    expect(Object.fromEntries(checkTree(items))).toEqual({ a: 1, b: 2, c: 3, d: 1 })
    expect(() => checkTree([...items, item('e', 'c', 0)])).toThrow('Item e would be at depth 4')
    expect(() => checkTree([item('a', 'b', 0), item('b', 'a', 0)])).toThrow(TreeError)
    expect(() => checkTree([item('a', 'zz', 0)])).toThrow('The parent zz of item a is not in this menu.')
  })
})

describe('move', () => {
  it('inserts at the position and renumbers old and new siblings', () => {
    const flat = [item('a', null, 0), item('b', null, 1), item('c', null, 2), item('d', 'a', 0)]
    expect(move(flat, 'c', null, 0)).toEqual([item('a', null, 1), item('b', null, 2), item('c', null, 0)])
    expect(move(flat, 'd', null, 99)).toEqual([item('d', null, 3)])
    expect(move(flat, 'a', 'b', 0)).toEqual([item('a', 'b', 0), item('b', null, 0), item('c', null, 1)])
  })

  it('refuses a move under its own descendant, or one that makes the subtree too deep', () => {
    expect(() => move(items, 'a', 'c', 0)).toThrow('would be its own ancestor')
    expect(() => move(items, 'b', 'd', 0)).not.toThrow()
    expect(() => move([...items, item('e', 'd', 0)], 'b', 'e', 0)).toThrow('depth 4')
    expect(() => move(items, 'nope', null, 0)).toThrow('Item nope is not in this menu.')
  })
})

describe('reorder', () => {
  it('applies several places and renumbers each group from 0', () => {
    const flat = [item('a', null, 0), item('b', null, 1), item('c', null, 2)]
    expect(reorder(flat, [item('c', null, 10), item('a', null, 20)])).toEqual([
      item('a', null, 2),
      item('b', null, 0),
      item('c', null, 1),
    ])
    expect(reorder(flat, [item('a', null, 0)])).toEqual([])
  })

  it('refuses unknown or repeated items and cycles', () => {
    expect(() => reorder(items, [item('x', null, 0)])).toThrow('Item x is not in this menu.')
    expect(() => reorder(items, [item('d', null, 0), item('d', null, 1)])).toThrow('listed twice')
    expect(() => reorder(items, [item('a', 'c', 0)])).toThrow(TreeError)
  })
})

/** The problem in English, as the tests read it. */
function linkProblem(...args: Parameters<typeof problemOf>): string | null {
  const problem = problemOf(...args)
  return problem === null ? null : translate(problem, 'en')
}

describe('linkProblem', () => {
  it('accepts site paths for custom and http(s)/mailto/tel URLs for external items', () => {
    for (const url of ['/', '/about?x=1', '#top', '?page=2'])
      expect(linkProblem('custom', url, null)).toBeNull()
    for (const url of ['https://a.example/x', 'http://b.example', 'mailto:a@b.example', 'tel:+4930123']) {
      expect(linkProblem('external', url, null)).toBeNull()
    }
    expect(linkProblem('content', null, 'a'.repeat(24))).toBeNull()
  })

  it('refuses script URLs, other hosts as custom paths and mixed members', () => {
    for (const url of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'about', '/a b']) {
      expect(linkProblem('custom', url, null), url).toMatch(/custom item/)
    }
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://a.example', '/relative']) {
      expect(linkProblem('external', url, null), url).toMatch(/external item/)
    }
    expect(linkProblem('custom', null, null)).toBe('url is required for custom items.')
    expect(linkProblem('custom', '/a', 'a'.repeat(24))).toBe('referenceId must be null for custom items.')
    expect(linkProblem('category', null, null)).toBe('referenceId is required for category items.')
    expect(linkProblem('form', '/x', 'a'.repeat(24))).toMatch(/^url must be null for form items/)
  })
})
