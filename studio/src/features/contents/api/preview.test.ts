import { describe, expect, it } from 'vitest'
import type { Content } from './contents'
import { isPreviewReady, previewContentOf, previewMessage, previewOriginOf, renewInMs } from './preview'

const stored = {
  id: 'c1',
  locale: 'en',
  slug: 'stored-slug',
  title: 'Stored',
  summary: 'Stored summary',
  html: '<p>Stored.</p>',
  type: 'post',
  parentId: null,
  order: 0,
  publishedAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-03T00:00:00.000Z',
  authorName: 'Ada Lovelace',
  customFields: {},
} as unknown as Content

describe('preview', () => {
  it('puts the unsaved form over the stored content in the public shape', () => {
    const unsaved = {
      title: 'Typed title',
      slug: ' typed-slug ',
      summary: 'Typed summary',
      type: 'page',
      parentId: 'p1',
      order: 3,
      customFields: { mood: 'calm' },
      html: '<p>Typed.</p>',
    }
    expect(previewContentOf(stored, unsaved)).toEqual({
      id: 'c1',
      locale: 'en',
      slug: 'typed-slug',
      title: 'Typed title',
      summary: 'Typed summary',
      html: '<p>Typed.</p>',
      type: 'page',
      parentId: 'p1',
      order: 3,
      publishedAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-01-03T00:00:00.000Z',
      authorName: 'Ada Lovelace',
      customFields: { mood: 'calm' },
    })
    // An emptied slug and an untouched body are the stored ones.
    const kept = previewContentOf(stored, { ...unsaved, slug: '', html: undefined })
    expect([kept.slug, kept.html]).toEqual(['stored-slug', '<p>Stored.</p>'])
    expect(previewMessage(kept)).toEqual({ type: 'folio:preview', version: 1, content: kept })
  })

  it('posts only to an http(s) origin', () => {
    expect(previewOriginOf('https://site.example/en/a?preview=fpv_x')).toBe('https://site.example')
    expect(previewOriginOf('http://127.0.0.1:4000/p')).toBe('http://127.0.0.1:4000')
    expect(previewOriginOf('javascript:alert(1)')).toBeUndefined()
    expect(previewOriginOf('not a url')).toBeUndefined()
  })

  it('renews a token five minutes before it expires, never sooner than in 10 s', () => {
    const now = Date.parse('2025-01-01T12:00:00.000Z')
    expect(renewInMs('2025-01-01T13:00:00.000Z', now)).toBe(55 * 60_000)
    expect(renewInMs('2025-01-01T12:02:00.000Z', now)).toBe(10_000)
    expect(renewInMs('garbage', now)).toBe(10_000)
  })

  it('believes "ready" only from the frame and the preview origin', () => {
    const frame = {}
    const ready = { type: 'folio:preview-ready' }
    const origin = 'https://site.example'
    expect(isPreviewReady({ source: frame, origin, data: ready }, frame, origin)).toBe(true)
    expect(isPreviewReady({ source: {}, origin, data: ready }, frame, origin)).toBe(false)
    expect(
      isPreviewReady({ source: frame, origin: 'https://evil.example', data: ready }, frame, origin),
    ).toBe(false)
    expect(isPreviewReady({ source: frame, origin, data: { type: 'other' } }, frame, origin)).toBe(false)
    expect(isPreviewReady({ source: frame, origin, data: 'folio:preview-ready' }, frame, origin)).toBe(false)
    expect(isPreviewReady({ source: null, origin, data: ready }, null, origin)).toBe(false)
    expect(isPreviewReady({ source: frame, origin, data: ready }, frame, undefined)).toBe(false)
  })
})
