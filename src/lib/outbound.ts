import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { Agent, request } from 'undici'

/**
 * The one way Folio sends a request to an address a tenant chose (webhooks, SMTP hosts, external
 * media checks): the SSRF guard of docs/decisions/security.md "Outbound requests go through one
 * guarded client".
 * - `http:` and `https:` only, no user name or password in the URL;
 * - every address the host resolves to must be public unicast: not loopback, private, link-local
 *   (the cloud metadata address 169.254.169.254 is one), carrier-grade NAT, multicast, reserved or
 *   unspecified, nor an IPv4-mapped IPv6 form of those; a literal address in any spelling
 *   (`0x7f000001`, `[::ffff:127.0.0.1]`) is normalized by the URL parser and checked the same way;
 * - the connection goes to the address that was checked (no second DNS answer can swap it);
 * - no redirects; connect timeout 5 s, whole request 10 s; at most 64 KB of the answer is read.
 * `allowPrivate` (`OUTBOUND_ALLOW_PRIVATE=true`) lifts the address rule for on-premises installs.
 */
export class OutboundBlockedError extends Error {
  override name = 'OutboundBlockedError'
  constructor(
    message: string,
    /** `private`: the target is (or resolves to) an address the guard refuses; `unresolved`: no DNS answer; `url`: scheme, credentials or syntax. */
    readonly reason: 'url' | 'private' | 'unresolved' = 'url',
  ) {
    super(message)
  }
}

/** What a refused private target says: the switch that allows it. */
const PRIVATE_HINT =
  'Folio sends only to public addresses unless the server sets OUTBOUND_ALLOW_PRIVATE=true (on-premises installs).'

export interface OutboundResponse {
  status: number
  /** At most `maxBodyBytes` of the answer, as text. */
  body: string
}

export interface OutboundOptions {
  allowPrivate: boolean
  connectTimeoutMs?: number
  totalTimeoutMs?: number
  maxBodyBytes?: number
}

/** Whether an address may be reached: public unicast, after unwrapping IPv4-mapped IPv6. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  }
  return parsed.range() === 'unicast'
}

/**
 * The URL, checked for scheme and credentials (no network). @throws OutboundBlockedError.
 */
export function checkOutboundUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new OutboundBlockedError('The URL is not an absolute URL.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundBlockedError(`The URL scheme "${url.protocol}" is not allowed; use http: or https:.`)
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundBlockedError('The URL must not carry a user name or password.')
  }
  return url
}

/** The bare address of a URL hostname that is an IP literal (`[::1]` → `::1`), else undefined. */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  return ipaddr.isValid(bare) ? bare : undefined
}

export function createOutbound(options: OutboundOptions) {
  const allowed = (address: string) => options.allowPrivate || isPublicAddress(address)
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024

  /** Resolves every address of `hostname` and refuses the host unless all of them are allowed. */
  function resolve(hostname: string): Promise<LookupAddress[]> {
    return new Promise((done, fail) => {
      dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
        if (err)
          return fail(new OutboundBlockedError(`The host "${hostname}" does not resolve.`, 'unresolved'))
        if (addresses.length === 0 || !addresses.every((entry) => allowed(entry.address))) {
          return fail(
            new OutboundBlockedError(
              `The host "${hostname}" resolves to a private, loopback or link-local address. ${PRIVATE_HINT}`,
              'private',
            ),
          )
        }
        done(addresses)
      })
    })
  }

  // Called by the socket for each connection: the address it returns is the one connected to.
  const guardedLookup = ((
    hostname: string,
    lookupOptions: { all?: boolean },
    callback: (err: Error | null, address?: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname).then(
      (addresses) =>
        lookupOptions.all === true
          ? callback(null, addresses)
          : callback(null, addresses[0]!.address, addresses[0]!.family),
      (err: Error) => callback(err),
    )
  }) as unknown as LookupFunction

  // Every new connection goes through the guarded lookup; a kept-alive one stays on its checked address.
  const agent = new Agent({ connect: { lookup: guardedLookup, timeout: options.connectTimeoutMs ?? 5000 } })

  /** Checks a URL's scheme, credentials and addresses. @throws OutboundBlockedError. */
  async function checkTarget(raw: string): Promise<URL> {
    const url = checkOutboundUrl(raw)
    const literal = literalAddress(url.hostname)
    if (literal !== undefined) {
      if (!allowed(literal))
        throw new OutboundBlockedError(
          `The URL points at a private, loopback or link-local address. ${PRIVATE_HINT}`,
          'private',
        )
    } else {
      await resolve(url.hostname)
    }
    return url
  }

  return {
    checkTarget,

    /**
     * A public address to open a raw connection to `hostname` (SMTP): the caller connects to the
     * returned address and names `hostname` for TLS. @throws OutboundBlockedError.
     */
    async pinnedAddress(hostname: string): Promise<string> {
      const literal = literalAddress(hostname)
      if (literal !== undefined) {
        if (!allowed(literal)) {
          throw new OutboundBlockedError(
            `The host is a private, loopback or link-local address. ${PRIVATE_HINT}`,
            'private',
          )
        }
        return literal
      }
      return (await resolve(hostname))[0]!.address
    },

    /**
     * POSTs `body` to `url` through the guard. Resolves with the status and the start of the
     * answer; rejects with OutboundBlockedError (refused target) or the network error (timeout,
     * refused connection).
     */
    async post(url: string, body: string, headers: Record<string, string>): Promise<OutboundResponse> {
      const target = await checkTarget(url)
      const response = await request(target, {
        method: 'POST',
        headers,
        body,
        dispatcher: agent,
        signal: AbortSignal.timeout(options.totalTimeoutMs ?? 10_000),
      })
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of response.body) {
        const bytes = chunk as Buffer
        chunks.push(bytes.subarray(0, Math.max(0, maxBodyBytes - size)))
        size += bytes.length
        if (size >= maxBodyBytes) break
      }
      response.body.destroy()
      return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }
    },

    close: () => agent.close(),
  }
}

export type Outbound = ReturnType<typeof createOutbound>
