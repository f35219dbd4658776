import { describe, expect, it } from 'vitest'
import { bodyOf, EMPTY_DRAFT } from './custom-fields'

describe('bodyOf', () => {
  it('sends options only for select types, trimmed, blank rows dropped, an empty value from the label', () => {
    const draft = {
      ...EMPTY_DRAFT,
      key: 'mood',
      label: ' Mood ',
      type: 'select' as const,
      options: [
        { label: ' Happy ', value: '' },
        { label: '', value: '' },
        { label: 'Sad', value: 'sad-1' },
      ],
    }
    expect(bodyOf(draft)).toEqual({
      label: 'Mood',
      description: '',
      type: 'select',
      options: [
        { label: 'Happy', value: 'Happy' },
        { label: 'Sad', value: 'sad-1' },
      ],
      required: false,
      public: true,
      filterable: false,
      searchable: false,
    })
    expect(bodyOf({ ...draft, type: 'text' }).options).toEqual([])
  })

  it('leaves an empty label to the API (the key) and never sends the key', () => {
    const body = bodyOf({ ...EMPTY_DRAFT, key: 'price', label: '  ', type: 'number', required: true })
    expect(body).not.toHaveProperty('label')
    expect(body).not.toHaveProperty('key')
    expect(body).toMatchObject({ type: 'number', required: true })
  })
})
