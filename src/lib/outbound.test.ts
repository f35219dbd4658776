import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutbound, isPublicAddress, OutboundBlockedError } from './outbound.js'

/** A receiver on loopback that counts what reaches it; `/redirect` sends clients to `/target`. */
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
})
