import { createHmac } from 'node:crypto'
import type { CityResponse, default as Maxmind, Reader } from 'maxmind'
import type { UAParser } from 'ua-parser-js'
import { lazyModule } from '../../lib/lazy-module.js'

const userAgents = lazyModule<{ UAParser: typeof UAParser }>('ua-parser-js')
const maxmindModule = lazyModule<typeof Maxmind>('maxmind')

export interface Device {
  type: string
  os: string
  browser: string
}

export interface Geo {
  country: string | null
  city: string | null
}

/**
 * The device of a user agent (a form response's `device` in the API contract: type, os, browser)
 * through ua-parser-js 1 (MIT); null for an empty agent. ua-parser leaves `type` unset for
 * desktops.
 */
export function deviceOf(userAgent: string): Device | null {
  if (userAgent.trim() === '') return null
  const parsed = new (userAgents().UAParser)(userAgent.slice(0, 500)).getResult()
  const join = (name?: string, version?: string) => [name, version].filter(Boolean).join(' ')
  return {
    type: parsed.device.type ?? (parsed.os.name === undefined ? 'unknown' : 'desktop'),
    os: join(parsed.os.name, parsed.os.version),
    browser: join(parsed.browser.name, parsed.browser.major),
  }
}

/**
 * The stored form of a client address: HMAC-SHA-256 keyed by a per-tenant salt derived from the
 * app secret, so equal addresses match within a tenant (rate limits, abuse review) and cannot be
 * matched across tenants or reversed by hashing the IPv4 space without the secret.
 */
export function createIpHasher(appSecret: string) {
  // The salt is derived per call (one HMAC, a microsecond): a map of salts by tenant would grow with
  // every tenant that ever took a submission.
  return (tenantId: string, ip: string): string => {
    if (ip === '') return ''
    const salt = createHmac('sha256', appSecret).update(`form-response-ip:${tenantId}`).digest()
    return createHmac('sha256', salt).update(ip).digest('hex')
  }
}

export type GeoLookup = (ip: string) => Promise<Geo | null>

/**
 * Country and city of an address from a MaxMind database (GeoLite2/GeoIP2 City or Country, opened
 * once, on first use); without `databasePath` every answer is null. A lookup that fails answers null:
 * geography is a nicety, never a reason to lose a submission.
 */
export function createGeoLookup(databasePath: string | undefined): GeoLookup {
  if (databasePath === undefined) return async () => null
  let reader: Promise<Reader<CityResponse>> | undefined
  return async (ip) => {
    const maxmind = maxmindModule()
    if (!maxmind.validate(ip)) return null
    try {
      reader ??= maxmind.open<CityResponse>(databasePath)
      const found = (await reader).get(ip)
      if (found === null) return null
      return { country: found.country?.iso_code ?? null, city: found.city?.names?.en ?? null }
    } catch {
      return null
    }
  }
}
