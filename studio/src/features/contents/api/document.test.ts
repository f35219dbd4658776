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

  it('opens the html when the tree holds what the editor cannot open', () => {
    const treeOf = (children: unknown[]) => ({ root: { type: 'root', children } })
    // Text straight under the root (Lexical refuses it), a node type of another editor, nested too.
    expect(openingOf({ lexical: treeOf([{ type: 'text', text: 'Hi' }]), html: '<p>Hi</p>' })).toEqual({
      kind: 'html',
      html: '<p>Hi</p>',
    })
    expect(
      openingOf({ lexical: treeOf([{ type: 'table', children: [] }]), html: '<table></table>' }),
    ).toEqual({
      kind: 'html',
      html: '<table></table>',
    })
    const nested = treeOf([{ type: 'paragraph', children: [{ type: 'hashtag', text: '#a' }] }])
    expect(openingOf({ lexical: nested, html: '<p>#a</p>' })).toEqual({ kind: 'html', html: '<p>#a</p>' })
    // Html blocks, images and nested lists are the editor's own.
    const own = treeOf([
      { type: 'html-block', html: '<table></table>' },
      { type: 'image', src: 'a.jpg' },
      {
        type: 'list',
        children: [{ type: 'listitem', children: [{ type: 'list', children: [{ type: 'listitem' }] }] }],
      },
    ])
    expect(openingOf({ lexical: own, html: '' })).toEqual({ kind: 'lexical', state: JSON.stringify(own) })
  })

  it('opens empty without either', () => {
    expect(openingOf(undefined)).toEqual({ kind: 'empty' })
    expect(openingOf({ lexical: null, html: '  ' })).toEqual({ kind: 'empty' })
  })
})
