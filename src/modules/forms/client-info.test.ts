import { describe, expect, it } from 'vitest'
import { createGeoLookup, createIpHasher, deviceOf } from './client-info.js'

describe('client information of a response', () => {
  it('parses the device of common agents and none of an empty one', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ type: 'desktop', os: 'Windows 10', browser: 'Chrome 131' })
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toEqual({
      type: 'mobile',
      os: 'Android 14',
      browser: 'Chrome 131',
    })
    expect(deviceOf('curl/8.5.0')).toEqual({ type: 'unknown', os: '', browser: '' })
    expect(deviceOf('')).toBeNull()
  })

  it('hashes an address per tenant: equal within one, different across tenants, never the address', () => {
    const hash = createIpHasher('a-secret-of-at-least-thirty-two-characters')
    const a = hash('aaaaaaaaaaaaaaaaaaaaaaaa', '203.0.113.7')
    expect(a).toMatch(/^[a-f0-9]{64}$/)
    expect(hash('aaaaaaaaaaaaaaaaaaaaaaaa', '203.0.113.7')).toBe(a)
    expect(hash('bbbbbbbbbbbbbbbbbbbbbbbb', '203.0.113.7')).not.toBe(a)
    expect(
      createIpHasher('another-secret-of-at-least-thirty-two-chars')(
        'aaaaaaaaaaaaaaaaaaaaaaaa',
        '203.0.113.7',
      ),
    ).not.toBe(a)
    expect(hash('aaaaaaaaaaaaaaaaaaaaaaaa', '')).toBe('')
  })

  it('answers null geo without a database, for an unreadable one and for a non-address', async () => {
    expect(await createGeoLookup(undefined)('8.8.8.8')).toBeNull()
    const missing = createGeoLookup('/nonexistent/GeoLite2-City.mmdb')
    expect(await missing('8.8.8.8')).toBeNull()
    expect(await missing('not-an-ip')).toBeNull()
  })
})
