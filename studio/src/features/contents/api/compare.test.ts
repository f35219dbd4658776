import { describe, expect, it } from 'vitest'
import { compareTexts } from './compare'

describe('compareTexts', () => {
  it('marks the words removed from the older version and added in the current one, per field', () => {
    const changes = compareTexts(
      { title: 'Hello world', summary: 'Same.', body: 'One line\nTwo lines' },
      { title: 'Hello Studio', summary: 'Same.', body: 'One line\nThree lines' },
    )
    expect(changes.title).toEqual([
      { value: 'Hello ', kind: 'same' },
      { value: 'world', kind: 'removed' },
      { value: 'Studio', kind: 'added' },
    ])
    expect(changes.summary).toEqual([{ value: 'Same.', kind: 'same' }])
    expect(changes.body.filter((change) => change.kind !== 'same').map((change) => change.value)).toEqual([
      'Two',
      'Three',
    ])
  })
})
