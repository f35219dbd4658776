import type { EffectiveSettings } from './effective.js'

type EdgeGateway = EffectiveSettings['edgeGateway']

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

interface ParsedOrigin {
  scheme: string
  host: string
  /** The explicit port, '' for the scheme's default. */
  port: string
}

/** An `Origin` header as scheme, host and port; null unless it is an http(s) origin. */
export function parseOrigin(origin: string): ParsedOrigin | null {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null
  return { scheme: url.protocol, host: url.hostname, port: url.port }
}

/**
 * Whether one `allowedOrigins` entry admits `origin`: the same scheme, port and host, or for a
 * wildcard entry (`https://*.example.com`) the same scheme and port and a host strictly below the
 * suffix (`a.example.com`, `a.b.example.com`; not `example.com`, not `badexample.com`).
 */
function entryAllows(entry: string, origin: ParsedOrigin): boolean {
  const wildcard = /^(https?):\/\/\*\.(.+)$/i.exec(entry.trim())
  if (wildcard === null) {
    const allowed = parseOrigin(entry.trim())
    return (
      allowed !== null &&
      allowed.scheme === origin.scheme &&
      allowed.host === origin.host &&
      allowed.port === origin.port
    )
  }
  const suffix = parseOrigin(`${wildcard[1]}://${wildcard[2]}`)
  return (
    suffix !== null &&
    suffix.scheme === origin.scheme &&
    suffix.port === origin.port &&
    origin.host.endsWith(`.${suffix.host}`)
  )
}

/**
 * The edge policy's answer for a browser `Origin` (docs/decisions/delivery.md "The tenant comes
 * from `X-Tenant-ID`, and its edge policy applies in the app"): an exact or wildcard entry of
 * `allowedOrigins`, or any scheme and port of localhost, 127.0.0.1 or [::1] when `allowLocalhost`
 * is on. `Origin: null` and non-http(s) origins are never allowed.
 */
export function originAllowed(policy: EdgeGateway, origin: string): boolean {
  const parsed = parseOrigin(origin)
  if (parsed === null) return false
  if (policy.allowLocalhost && LOCAL_HOSTS.has(parsed.host)) return true
  return policy.allowedOrigins.some((entry) => entryAllows(entry, parsed))
}
