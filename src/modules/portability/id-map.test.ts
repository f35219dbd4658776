import { describe, expect, it } from 'vitest'
import { IdMap } from './id-map.js'

const A = '5f0000000000000000000001'
const B = '5f0000000000000000000002'
const C = '5f0000000000000000000003'
const UNSEEN = 'abcdefabcdefabcdefabcdef'

describe('IdMap (docs/decisions/portability.md "Ids are issued again")', () => {
  it('issues fresh ids in the order of the old ones, the same for every sight of an id', () => {
    const ids = new IdMap()
    for (const id of [C, A, B, A, 'not-an-id', null]) ids.collect(id)
    ids.seal()
    expect(ids.size).toBe(3)
    const [a, b, c] = [ids.get(A)!, ids.get(B)!, ids.get(C)!]
    expect(new Set([a, b, c, A, B, C]).size).toBe(6)
    expect([a, b, c].every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true)
    expect(a < b && b < c).toBe(true)
    expect(ids.get(UNSEEN)).toBeUndefined()
  })

  it('replaces known tokens in every string at any depth, keys included, and leaves others alone', () => {
    const ids = new IdMap()
    ids.collect(A)
    ids.collect(B)
    ids.seal()
    const value = {
      url: `https://cdn.example/media/${A}/2026/01/${UNSEEN}/file.png`,
      lexical: { root: { children: [{ type: 'image', mediaId: B, n: 3, ok: true, none: null }] } },
      [A]: [B, `${A}${B}`],
    }
    expect(ids.deep(value)).toEqual({
      url: `https://cdn.example/media/${ids.get(A)}/2026/01/${UNSEEN}/file.png`,
      lexical: { root: { children: [{ type: 'image', mediaId: ids.get(B), n: 3, ok: true, none: null }] } },
      [ids.get(A)!]: [ids.get(B), `${ids.get(A)}${ids.get(B)}`],
    })
  })

  it('refuses to collect once sealed and to map before', () => {
    const ids = new IdMap()
    expect(() => ids.get(A)).toThrow('not sealed')
    ids.seal()
    expect(() => ids.collect(A)).toThrow('sealed')
  })
})
