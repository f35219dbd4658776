import { describe, expect, it } from 'vitest'
import { inTreeOrder } from './tree'

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
