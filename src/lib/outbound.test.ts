import { createServer, type Server } from 'node:http'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createOutbound,
  isPublicAddress,
  OUTBOUND_REFUSED,
  OutboundBlockedError,
  OutboundDownloadError,
} from './outbound.js'

/**
 * A receiver on loopback that counts what reaches it; `/redirect` sends clients to `/target`,
 * `/hop/<n>` to `/hop/<n-1>` (and `/hop/0` to `/target`), `/to-file` to a file: URL; `/sized`
 * declares its 5000 bytes, `/chunked` sends 3000 without a Content-Length, `/missing` answers 404.
 */
let server: Server
let port = 0
const received: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url ?? '')
    if (request.url === '/redirect') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/target` }).end()
      return
    }
    const hop = /^\/hop\/(\d+)$/.exec(request.url ?? '')
    if (hop !== null) {
      const next = Number(hop[1]) === 0 ? '/target' : `/hop/${Number(hop[1]) - 1}`
      response.writeHead(301, { location: next }).end()
      return
    }
    if (request.url === '/to-file') {
      response.writeHead(307, { location: 'file:///etc/passwd' }).end()
      return
    }
    if (request.url === '/missing') {
      response.writeHead(404).end('gone')
      return
    }
    if (request.url === '/sized') {
      response.writeHead(200, { 'content-length': '5000' }).end('z'.repeat(5000))
      return
    }
    if (request.url === '/chunked') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' })
      response.write('y'.repeat(1500))
      response.end('y'.repeat(1500))
      return
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(100_000))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('SSRF guard', () => {
  const guarded = createOutbound({ allowPrivate: false })

  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['hexadecimal IPv4', () => `http://0x7f000001:${port}/`],
    ['decimal IPv4', () => `http://2130706433:${port}/`],
    ['octal IPv4', () => `http://0177.0.0.1:${port}/`],
    ['short IPv4', () => `http://127.1:${port}/`],
    ['hexadecimal IPv4-mapped IPv6', () => `http://[::ffff:7f00:1]:${port}/`],
    ['IPv6 loopback', () => `http://[::1]:${port}/`],
    ['unspecified address', () => `http://0.0.0.0:${port}/`],
    ['cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['cloud metadata address, IPv4-mapped', () => 'http://[::ffff:169.254.169.254]/latest/meta-data/'],
    ['private network', () => 'http://10.1.2.3/'],
    ['a name that resolves to loopback', () => `http://localhost:${port}/`],
    ['file: URL', () => 'file:///etc/passwd'],
    ['gopher: URL', () => `gopher://127.0.0.1:${port}/_x`],
    ['credentials in the URL', () => `http://user:pw@example.com/`],
  ])('refuses %s and sends nothing', async (_label, url) => {
    const before = received.length
    await expect(guarded.post(url(), '{}', { 'content-type': 'application/json' })).rejects.toBeInstanceOf(
      OutboundBlockedError,
    )
    expect(received.length).toBe(before)
  })

  it('gives one message for every refused address, whether private, resolving to one or not resolving', async () => {
    const targets = [
      'http://10.1.2.3/hook',
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://localhost:${port}/`,
      'http://no-such-host.folio-test.invalid/hook',
    ]
    const refusals: unknown[] = []
    for (const url of targets) {
      refusals.push(await guarded.post(url, '{}', {}).catch((err: unknown) => err))
      refusals.push(await guarded.download(url, { maxBytes: 10 }).catch((err: unknown) => err))
      refusals.push(await guarded.checkTarget(url).catch((err: unknown) => err))
      refusals.push(await guarded.pinnedAddress(new URL(url).hostname).catch((err: unknown) => err))
    }
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(OutboundBlockedError)
      expect(refusal).toMatchObject({ reason: 'address', message: OUTBOUND_REFUSED })
    }
    // The operator's log keeps what happened.
    expect((refusals[8] as OutboundBlockedError).detail).toMatch(/localhost.*not a public address/)
    expect((refusals[12] as OutboundBlockedError).detail).toMatch(/no-such-host.*does not resolve/)
  })

  it('classifies addresses', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true)
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true)
    for (const address of ['127.0.0.1', '::ffff:10.0.0.1', '100.64.0.1', '224.0.0.1', 'fd00::1', 'fe80::1']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })
})

describe('outbound client with private addresses allowed (on-premises)', () => {
  const open = createOutbound({ allowPrivate: true, maxBodyBytes: 1024 })
  afterAll(() => open.close())

  it('posts, reads at most the body limit, and never follows a redirect', async () => {
    const ok = await open.post(`http://127.0.0.1:${port}/hook`, '{}', { 'content-type': 'application/json' })
    expect(ok.status).toBe(200)
    expect(ok.body.length).toBe(1024)
    const before = received.length
    const redirected = await open.post(`http://127.0.0.1:${port}/redirect`, '{}', {})
    expect(redirected.status).toBe(302)
    expect(received.slice(before)).toEqual(['/redirect'])
  })

  it('still refuses schemes other than http and https', async () => {
    await expect(open.post('file:///etc/passwd', '', {})).rejects.toBeInstanceOf(OutboundBlockedError)
  })

  it('downloads a file, following redirects (relative ones too) up to five', async () => {
    const before = received.length
    const file = await open.download(`http://127.0.0.1:${port}/hop/4`, { maxBytes: 100_000 })
    expect(file.url).toBe(`http://127.0.0.1:${port}/target`)
    expect((await buffer(file.body)).length).toBe(100_000)
    expect(received.slice(before)).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1', '/hop/0', '/target'])

    const tooMany = open.download(`http://127.0.0.1:${port}/hop/5`, { maxBytes: 100_000 })
    await expect(tooMany).rejects.toMatchObject({ name: 'OutboundDownloadError', reason: 'redirects' })
  })

  it('checks the target of every redirect as the first', async () => {
    const redirected = open.download(`http://127.0.0.1:${port}/to-file`, { maxBytes: 1000 })
    await expect(redirected).rejects.toBeInstanceOf(OutboundBlockedError)
  })

  it('refuses an answer other than 2xx, and a file over the limit declared or streamed', async () => {
    await expect(open.download(`http://127.0.0.1:${port}/missing`, { maxBytes: 1000 })).rejects.toMatchObject(
      {
        reason: 'status',
        status: 404,
        message: 'The server answered 404.',
      },
    )
    const before = received.length
    await expect(open.download(`http://127.0.0.1:${port}/sized`, { maxBytes: 4999 })).rejects.toMatchObject({
      reason: 'too-large',
      message: 'The file is larger than 4999 bytes.',
    })
    expect(received.slice(before)).toEqual(['/sized'])
    const sized = await open.download(`http://127.0.0.1:${port}/sized`, { maxBytes: 5000 })
    expect(sized.declaredBytes).toBe(5000)
    expect((await buffer(sized.body)).length).toBe(5000)
    const streamed = await open.download(`http://127.0.0.1:${port}/chunked`, { maxBytes: 2000 })
    expect(streamed.declaredBytes).toBeNull()
    await expect(buffer(streamed.body)).rejects.toBeInstanceOf(OutboundDownloadError)
    const fits = await open.download(`http://127.0.0.1:${port}/chunked`, { maxBytes: 3000 })
    expect((await buffer(fits.body)).toString()).toBe('y'.repeat(3000))
  })
})

describe('downloads through the guard without private addresses', () => {
  const guarded = createOutbound({ allowPrivate: false })
  afterAll(() => guarded.close())

  it('refuses a private target before connecting', async () => {
    const before = received.length
    await expect(
      guarded.download(`http://localhost:${port}/target`, { maxBytes: 1000 }),
    ).rejects.toMatchObject({ name: 'OutboundBlockedError', reason: 'address' })
    expect(received.length).toBe(before)
  })
})
