import { describe, expect, it } from 'vitest'
import { CONTENT_TYPE, previewTypes, urlsBody } from './preview-urls'

describe('preview URL templates', () => {
  it('offers post, page, the used types, the stored ones, then any other type, each once', () => {
    expect(previewTypes(['event', 'post'], { product: 'https://a.example/{token}', '*': 'x' })).toEqual([
      'post',
      'page',
      'event',
      'product',
      '*',
    ])
    expect(previewTypes([], {})).toEqual(['post', 'page', '*'])
  })

  it('sends the filled templates trimmed, an emptied one removed', () => {
    expect(urlsBody({ post: ' https://a.example/{slug}?preview={token} ', page: '  ', '*': '' })).toEqual({
      post: 'https://a.example/{slug}?preview={token}',
    })
  })

  it('takes a type as the API writes it', () => {
    expect(['event', 'case-study', 'a1'].every((type) => CONTENT_TYPE.test(type))).toBe(true)
    expect(['Event', 'two words', '', 'x'.repeat(41)].some((type) => CONTENT_TYPE.test(type))).toBe(false)
  })
})
