import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import ipaddr from 'ipaddr.js'
import type { Agent, request } from 'undici'
import { catalogPhrase, type Phrase, translate } from '../i18n/index.js'

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
 * `download` (files Folio copies: the WordPress importer's attachments) differs in the last point
 * only: it follows up to 5 redirects, each target checked again as the first, and streams at most
 * the caller's byte limit (see `download`).
 * `allowPrivate` (`OUTBOUND_ALLOW_PRIVATE=true`) lifts the address rule for on-premises installs.
 * Every refused address, whatever the reason, gives the one message `OUTBOUND_REFUSED`; the reason
 * is in `detail`.
 */
export class OutboundBlockedError extends Error {
  override name = 'OutboundBlockedError'
  constructor(
    /** Why, as a phrase of the catalogs (`message` is its English text). */
    readonly phrase: Phrase,
    /** `address`: the target is, resolves to, or cannot be resolved to an address the guard takes; `url`: scheme, credentials or syntax. */
    readonly reason: 'url' | 'address' = 'url',
    /** What exactly was refused (the host, what it resolved to), for the operator's log only. */
    readonly detail: string = translate(phrase, 'en'),
  ) {
    super(translate(phrase, 'en'))
  }
}

/**
 * What every refused address says, whatever the reason (private, resolving to a private address,
 * not resolving): a tenant who may name hosts must not learn which names the server's network
 * knows (docs/decisions/security.md "Outbound requests go through one guarded client"). The reason
 * stays in the error's `detail`.
 */
const REFUSED = catalogPhrase('errors.outbound.refused')
/** That message in English, as logs and records (a webhook delivery's last error) keep it. */
export const OUTBOUND_REFUSED = translate(REFUSED, 'en')

/** The refusal of an address, with what happened kept for the log. */
const refused = (detail: string) => new OutboundBlockedError(REFUSED, 'address', detail)

/**
 * A download that did not give a file: `status` (an answer other than 2xx, `status` set),
 * `too-large` (more than the caller's limit, declared or sent), `redirects` (too many, or one
 * without a Location).
 */
export class OutboundDownloadError extends Error {
  override name = 'OutboundDownloadError'
  constructor(
    message: string,
    readonly reason: 'status' | 'too-large' | 'redirects',
    readonly status?: number,
  ) {
    super(message)
  }
}

/** Redirects a download follows: WordPress files move (http to https, a new domain, a CDN). */
const DOWNLOAD_MAX_REDIRECTS = 5
/** The answer's headers must arrive within this, and then each chunk of its body within `DOWNLOAD_IDLE_MS`. */
const DOWNLOAD_HEADERS_MS = 10_000
const DOWNLOAD_IDLE_MS = 30_000
/**
 * A whole download, redirects included, ends within this: 100 MB (the default upload limit) at
 * 3 Mbit/s. Past it the body fails with the timeout and nothing is kept.
 */
const DOWNLOAD_TOTAL_MS = 300_000
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** A file being downloaded (see `download`). */
export interface OutboundDownload {
  /** The body: read it or destroy it. Fails with OutboundDownloadError `too-large` past the limit. */
  body: Readable
  /** The Content-Length the answer declared, null when none. */
  declaredBytes: number | null
  /** Where the file came from, after redirects. */
  url: string
}

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

/** Drops an answer's body unread (its connection closes; the abort it reports is expected). */
function discard(body: Readable): void {
  body.on('error', () => {})
  body.destroy()
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
    throw new OutboundBlockedError(catalogPhrase('errors.outbound.notAbsolute'))
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundBlockedError(catalogPhrase('errors.outbound.scheme', { scheme: url.protocol }))
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundBlockedError(catalogPhrase('errors.outbound.credentials'))
  }
  return url
}

/**
 * The bare address of a URL hostname that is an IP literal (`[::1]` → `::1`), else undefined.
 * `localhost` and its subdomains count as the loopback literal: they are loopback by definition
 * (RFC 6761 §6.3), whatever a resolver would say.
 */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  if (/(^|\.)localhost\.?$/i.test(bare)) return '127.0.0.1'
  return ipaddr.isValid(bare) ? bare : undefined
}

export function createOutbound(options: OutboundOptions) {
  const allowed = (address: string) => options.allowPrivate || isPublicAddress(address)
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024

  /** Resolves every address of `hostname` and refuses the host unless all of them are allowed. */
  function resolve(hostname: string): Promise<LookupAddress[]> {
    return new Promise((done, fail) => {
      dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
        if (err) return fail(refused(`The host "${hostname}" does not resolve (${err.code ?? err.message}).`))
        if (addresses.length === 0 || !addresses.every((entry) => allowed(entry.address))) {
          const list = addresses.map((entry) => entry.address).join(', ')
          return fail(refused(`The host "${hostname}" resolves to ${list || 'no address'}, not all public.`))
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

  // Every new connection goes through the guarded lookup; a kept-alive one stays on its checked
  // address. undici is loaded on the first request: a server that sends none does not keep it in
  // memory (docs/architecture.md "Memory").
  let loaded: Promise<{ agent: Agent; request: typeof request }> | undefined
  const http = () => {
    loaded ??= import('undici').then((undici) => ({
      agent: new undici.Agent({
        connect: { lookup: guardedLookup, timeout: options.connectTimeoutMs ?? 5000 },
      }),
      request: undici.request,
    }))
    return loaded
  }

  /**
   * Checks a URL without the network: scheme, credentials, and the address when the host is one
   * (a literal, or `localhost`). A host name is left to `checkTarget`. @throws OutboundBlockedError.
   */
  function checkUrl(raw: string): URL {
    const url = checkOutboundUrl(raw)
    const literal = literalAddress(url.hostname)
    if (literal !== undefined && !allowed(literal)) {
      throw refused(`The URL points at ${url.hostname}, not a public address.`)
    }
    return url
  }

  /** Checks a URL's scheme, credentials and addresses. @throws OutboundBlockedError. */
  async function checkTarget(raw: string): Promise<URL> {
    const url = checkUrl(raw)
    if (literalAddress(url.hostname) === undefined) await resolve(url.hostname)
    return url
  }

  return {
    checkUrl,
    checkTarget,

    /**
     * A public address to open a raw connection to `hostname` (SMTP): the caller connects to the
     * returned address and names `hostname` for TLS. @throws OutboundBlockedError.
     */
    async pinnedAddress(hostname: string): Promise<string> {
      const literal = literalAddress(hostname)
      if (literal !== undefined) {
        if (!allowed(literal)) throw refused(`The host ${hostname} is not a public address.`)
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
      const { agent, request } = await http()
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

    /**
     * GETs a file at `url` through the guard, for Folio to keep (WordPress attachments): follows up
     * to 5 redirects, the target of each checked as the first (scheme, credentials, addresses; the
     * connection is pinned as for every request), and hands out the body as a stream of at most
     * `maxBytes` (a larger Content-Length is refused before reading; a body growing past it fails).
     * Headers within 10 s, then each chunk within 30 s, the whole within 5 minutes; `signal` cuts it
     * short (a stopping server).
     * @throws OutboundBlockedError (the target or a redirect's), OutboundDownloadError (an answer
     *   other than 2xx, too large, too many redirects) or the network error.
     */
    async download(
      url: string,
      limits: { maxBytes: number; signal?: AbortSignal },
    ): Promise<OutboundDownload> {
      const signals = [AbortSignal.timeout(DOWNLOAD_TOTAL_MS)]
      if (limits.signal !== undefined) signals.push(limits.signal)
      const signal = AbortSignal.any(signals)
      let target = await checkTarget(url)
      const { agent, request } = await http()
      for (let hop = 0; ; hop++) {
        const response = await request(target, {
          method: 'GET',
          dispatcher: agent,
          signal,
          headersTimeout: DOWNLOAD_HEADERS_MS,
          bodyTimeout: DOWNLOAD_IDLE_MS,
        })
        const { statusCode, headers } = response
        if (REDIRECT_STATUSES.has(statusCode)) {
          discard(response.body)
          const location = headers.location
          if (hop >= DOWNLOAD_MAX_REDIRECTS || typeof location !== 'string') {
            throw new OutboundDownloadError(
              hop >= DOWNLOAD_MAX_REDIRECTS
                ? `More than ${DOWNLOAD_MAX_REDIRECTS} redirects.`
                : `A redirect (${statusCode}) without a Location.`,
              'redirects',
            )
          }
          target = await checkTarget(new URL(location, target).href)
          continue
        }
        if (statusCode < 200 || statusCode > 299) {
          discard(response.body)
          throw new OutboundDownloadError(`The server answered ${statusCode}.`, 'status', statusCode)
        }
        const declared = Number(headers['content-length'])
        const declaredBytes = Number.isSafeInteger(declared) && declared >= 0 ? declared : null
        const tooLarge = () =>
          new OutboundDownloadError(`The file is larger than ${limits.maxBytes} bytes.`, 'too-large')
        if (declaredBytes !== null && declaredBytes > limits.maxBytes) {
          discard(response.body)
          throw tooLarge()
        }
        let received = 0
        const bounded = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            received += chunk.length
            done(received > limits.maxBytes ? tooLarge() : null, chunk)
          },
        })
        // Either side's failure or end reaches the other: a reader that stops destroys the answer.
        pipeline(response.body, bounded).catch(() => {})
        return { body: bounded, declaredBytes, url: target.href }
      }
    },

    close: async () => {
      if (loaded !== undefined) await (await loaded).agent.close()
    },
  }
}

export type Outbound = ReturnType<typeof createOutbound>
