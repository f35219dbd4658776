import { describe, expect, it } from 'vitest'
import { parseContentsSearch, parseEditContentSearch } from './search'

describe('parseContentsSearch', () => {
  it('keeps the filters the API takes', () => {
    const category = '0123456789abcdef01234567'
    expect(
      parseContentsSearch({
        status: 'draft',
        type: 'page',
        search: ' spring ',
        category,
        tag: category,
        locale: 'de-AT',
        missingLocale: 'tr',
        page: 3,
      }),
    ).toEqual({
      status: 'draft',
      type: 'page',
      search: 'spring',
      category,
      tag: category,
      locale: 'de-AT',
      missingLocale: 'tr',
      page: 3,
    })
  })

  it('drops what the API would refuse, and the first page', () => {
    expect(parseContentsSearch({ status: 'gone', type: 'Bad Type', search: '  ', page: 1 })).toEqual({})
    expect(parseContentsSearch({ page: '2.5', category: 'travel', tag: '1,2' })).toEqual({})
    expect(parseContentsSearch({ page: '2' })).toEqual({ page: 2 })
    // Locales as the API writes them only: a tag in another case or no tag is no filter.
    expect(parseContentsSearch({ locale: 'de-at', missingLocale: 'en_GB' })).toEqual({})
  })
})

describe('parseEditContentSearch', () => {
  it('keeps a source that is a content id', () => {
    const source = '0123456789abcdef01234567'
    expect(parseEditContentSearch({ source })).toEqual({ source })
    expect(parseEditContentSearch({ source: 'first' })).toEqual({})
  })
})
