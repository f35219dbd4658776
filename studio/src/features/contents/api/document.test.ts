import { describe, expect, it } from 'vitest'
import { openingOf } from './document'

const tree = {
  root: {
    type: 'root',
    children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }],
  },
}

describe('openingOf', () => {
  it('opens the Lexical tree when the content has one', () => {
    expect(openingOf({ lexical: tree, html: '<p>Hi</p>' })).toEqual({
      kind: 'lexical',
      state: JSON.stringify(tree),
    })
  })

  it('opens the html of a content without a usable tree', () => {
    expect(openingOf({ lexical: null, html: '<p>Imported</p>' })).toEqual({
      kind: 'html',
      html: '<p>Imported</p>',
    })
    expect(openingOf({ lexical: { root: { type: 'root', children: [] } }, html: '<h2>T</h2>' })).toEqual({
      kind: 'html',
      html: '<h2>T</h2>',
    })
    expect(openingOf({ lexical: { blocks: [] }, html: '<p>x</p>' })).toEqual({
      kind: 'html',
      html: '<p>x</p>',
    })
  })

  it('opens empty without either', () => {
    expect(openingOf(undefined)).toEqual({ kind: 'empty' })
    expect(openingOf({ lexical: null, html: '  ' })).toEqual({ kind: 'empty' })
  })
})
