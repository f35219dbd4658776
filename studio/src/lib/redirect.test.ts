import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it('keeps a path of the app, with its search', () => {
    expect(safeRedirect('/t/0123456789abcdef01234567/contents?status=draft')).toBe(
      '/t/0123456789abcdef01234567/contents?status=draft',
    )
  })

  it('refuses what could leave the app', () => {
    for (const value of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/javascript:alert(1)',
      '',
      7,
    ]) {
      expect(safeRedirect(value), String(value)).toBe('/')
    }
    expect(safeRedirect(undefined, '/t/1')).toBe('/t/1')
  })
})
