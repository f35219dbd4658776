import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  FolioResponseError,
  onPreview,
  type PublicChange,
  previewToken,
  readPreview,
  subscribeChanges,
} from './browser.js'

// The browser helpers against stand-ins of the browser's window, fetch and EventSource; the real
// ones are driven in Chromium by test/website-live.browser.test.ts.

const STUDIO = 'https://cms.example.com'

/** A window: an EventTarget for `message`, a parent (itself when not framed) and an address. */
function fakeWindow(options: { framed: boolean; href?: string }) {
  const posted: [unknown, string][] = []
  const parent = { postMessage: (data: unknown, target: string) => posted.push([data, target]) }
  const target = new EventTarget()
  const window = Object.assign(target, {
    location: { href: options.href ?? 'https://site.example/' },
    parent: options.framed ? parent : target,
  })
  vi.stubGlobal('window', window)
  return { window, posted }
}

const message = (origin: string, data: unknown) => new MessageEvent('message', { origin, data })

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('onPreview', () => {
  it('passes on the content of folio:preview messages from Studio’s origin, and nothing else', () => {
    const { window } = fakeWindow({ framed: false })
    const received: unknown[] = []
    const stop = onPreview((content) => received.push(content), { studioOrigin: `${STUDIO}/admin/` })
    const content = { id: 'c1', title: 'Draft title', html: '<p>Typed</p>' }
    window.dispatchEvent(message(STUDIO, { type: 'folio:preview', version: 1, content }))
    window.dispatchEvent(message('https://evil.example', { type: 'folio:preview', version: 1, content }))
    window.dispatchEvent(message('https://cms.example.com:8443', { type: 'folio:preview', content }))
    window.dispatchEvent(message(STUDIO, { type: 'other', content }))
    window.dispatchEvent(message(STUDIO, { type: 'folio:preview', content: 'text' }))
    window.dispatchEvent(message(STUDIO, { type: 'folio:preview', content: null }))
    window.dispatchEvent(message(STUDIO, 'folio:preview'))
    window.dispatchEvent(message(STUDIO, null))
    expect(received).toEqual([content])

    stop()
    window.dispatchEvent(message(STUDIO, { type: 'folio:preview', content: { title: 'After' } }))
    expect(received).toEqual([content])
  })

  it('in a frame, tells the parent at Studio’s origin only that it listens; alone, posts nothing', () => {
    const framed = fakeWindow({ framed: true })
    onPreview(() => {}, { studioOrigin: STUDIO })
    expect(framed.posted).toEqual([[{ type: 'folio:preview-ready' }, STUDIO]])

    const alone = fakeWindow({ framed: false })
    onPreview(() => {}, { studioOrigin: STUDIO })
    expect(alone.posted).toEqual([])
  })

  it('refuses a Studio origin that is not an http(s) address', () => {
    fakeWindow({ framed: false })
    expect(() => onPreview(() => {}, { studioOrigin: 'data:text/html,x' })).toThrow(
      'studioOrigin must be an http(s) address, not data:text/html,x.',
    )
    expect(() => onPreview(() => {}, { studioOrigin: 'cms.example.com' })).toThrow(TypeError)
  })
})

describe('previewToken', () => {
  it('reads ?preview= of the page’s address, null when absent or empty', () => {
    fakeWindow({ framed: false, href: 'https://site.example/?preview=fpv_abc-_1&lang=tr#/post/hello' })
    expect(previewToken()).toBe('fpv_abc-_1')
    expect(previewToken('https://site.example/?lang=tr')).toBeNull()
    expect(previewToken('https://site.example/?preview=')).toBeNull()
    expect(previewToken('https://site.example/#/post/x?preview=fpv_x')).toBeNull()
  })
})

describe('readPreview', () => {
  let requests: { url: string; init: RequestInit }[]
  let answer: Response
  beforeEach(() => {
    requests = []
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      requests.push({ url: String(url), init })
      return answer
    })
  })

  it('reads the draft by slug with the token and tenant headers, bypassing the browser cache', async () => {
    const content = { id: 'c1', slug: 'hello world', title: 'Draft', html: '<p>Draft</p>' }
    answer = Response.json({ content })
    const read = await readPreview({
      baseUrl: 'https://cms.example.com/folio/',
      tenantId: '0123456789abcdef01234567',
      slug: 'hello world',
      token: 'fpv_token',
      locale: 'tr',
    })
    expect(read).toEqual(content)
    expect(requests).toEqual([
      {
        url: 'https://cms.example.com/folio/api/public/contents/slug/hello%20world?locale=tr',
        init: {
          headers: { 'X-Tenant-ID': '0123456789abcdef01234567', 'X-Preview-Token': 'fpv_token' },
          cache: 'no-store',
        },
      },
    ])
  })

  it('rejects with the status, code and message of an error answer', async () => {
    answer = Response.json(
      { error: 'PreviewTokenInvalid', message: 'The preview token is invalid or has expired.' },
      { status: 401 },
    )
    const options = { baseUrl: STUDIO, tenantId: 't', slug: 's', token: 'fpv_x' }
    const error = await readPreview(options).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(FolioResponseError)
    expect(error).toMatchObject({
      status: 401,
      code: 'PreviewTokenInvalid',
      message: 'The preview token is invalid or has expired.',
    })
    expect(requests[0]?.url).toBe('https://cms.example.com/api/public/contents/slug/s')

    answer = new Response('<html>Bad gateway</html>', { status: 502 })
    await expect(readPreview(options)).rejects.toMatchObject({
      status: 502,
      code: 'Unknown',
      message: 'Folio answered 502.',
    })
  })
})

/** An EventSource that the test drives: opens, messages, errors. */
class FakeEventSource extends EventTarget {
  static readonly made: FakeEventSource[] = []
  readyState = 0
  readonly url: string
  constructor(url: string | URL) {
    super()
    this.url = String(url)
    FakeEventSource.made.push(this)
  }
  close() {
    this.readyState = 2
  }
  open() {
    this.readyState = 1
    this.dispatchEvent(new Event('open'))
  }
  send(type: string, data: string, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }))
  }
  /** A network break (the browser reconnects: CONNECTING) or a refusal (it gives up: CLOSED). */
  fail(readyState: 0 | 2) {
    this.readyState = readyState
    this.dispatchEvent(new Event('error'))
  }
}

describe('subscribeChanges', () => {
  const TENANT = '0123456789abcdef01234567'
  const change: PublicChange = {
    type: 'content.published',
    record: { type: 'content', id: 'c1', slug: 'hello', locale: 'en' },
    surrogateKeys: [`t:${TENANT}`, 'content:c1'],
    at: '2025-01-01T00:00:00.000Z',
  }
  let changes: PublicChange[]
  let resets: number
  let close: () => void
  beforeEach(() => {
    FakeEventSource.made.length = 0
    vi.stubGlobal('EventSource', FakeEventSource)
    changes = []
    resets = 0
    close = subscribeChanges({
      baseUrl: 'https://cms.example.com/',
      tenantId: TENANT,
      onChange: (received) => changes.push(received),
      onReset: () => resets++,
    })
  })

  it('opens the tenant’s stream and passes on each change message, skipping malformed ones', () => {
    const [stream] = FakeEventSource.made
    expect(stream?.url).toBe(`https://cms.example.com/api/public/events?tenant=${TENANT}`)
    stream!.open()
    stream!.send('change', JSON.stringify(change), '101')
    stream!.send('change', 'not json', '102')
    stream!.send('change', JSON.stringify({ record: null }), '103')
    stream!.send('change', JSON.stringify({ type: 'menu.updated', record: 'menu' }), '104')
    const settings = { type: 'settings.updated', record: null, surrogateKeys: [], at: change.at }
    stream!.send('change', JSON.stringify(settings), '105')
    stream!.send('message', JSON.stringify(change), '106')
    expect(changes).toEqual([change, settings])
    expect(resets).toBe(0)

    stream!.send('reset', '', '')
    expect(resets).toBe(1)
    close()
    expect(stream!.readyState).toBe(2)
  })

  it('leaves a network break to the browser, and asks for a refetch when it could not resume', () => {
    const [stream] = FakeEventSource.made
    stream!.open()
    stream!.fail(0)
    stream!.open()
    // Nothing received before the break: the changes it hid cannot be replayed.
    expect(resets).toBe(1)
    stream!.send('change', JSON.stringify(change), '7')
    stream!.fail(0)
    stream!.open()
    expect(resets).toBe(1)
    expect(FakeEventSource.made).toHaveLength(1)
  })

  it('reopens a stream the browser gave up on, backing off, from the last change received', () => {
    vi.useFakeTimers()
    const [first] = FakeEventSource.made
    first!.open()
    first!.send('change', JSON.stringify(change), '42')
    first!.fail(2)
    vi.advanceTimersByTime(1_999)
    expect(FakeEventSource.made).toHaveLength(1)
    vi.advanceTimersByTime(1)
    const second = FakeEventSource.made[1]!
    expect(second.url).toBe(`https://cms.example.com/api/public/events?tenant=${TENANT}&lastEventId=42`)
    second.fail(2)
    vi.advanceTimersByTime(3_999)
    expect(FakeEventSource.made).toHaveLength(2)
    vi.advanceTimersByTime(1)
    const third = FakeEventSource.made[2]!
    third.open()
    expect(resets).toBe(0)
    third.send('change', JSON.stringify(change), '43')
    expect(changes).toEqual([change, change])

    // Closed for good: a pending reopen is cancelled.
    third.fail(2)
    close()
    vi.advanceTimersByTime(120_000)
    expect(FakeEventSource.made).toHaveLength(3)
  })
})
