import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'

/** One Server-Sent Events message as EventSource would dispatch it (a comment is `event: ':'`). */
export interface SseMessage {
  id: string | undefined
  event: string
  data: string
}

/** An open Server-Sent Events answer, parsed as it arrives. */
export interface SseStream {
  status: number
  headers: IncomingHttpHeaders
  /** Every message so far, comments included, in order. */
  readonly messages: SseMessage[]
  /** The body of a non-stream answer (an error), once it ended. */
  body(): Promise<string>
  /**
   * The next message (after those already taken by `next`) matching `accept` (default: any but a
   * comment or a bare `retry:`/`id:` line); rejects after `timeoutMs`.
   */
  next(accept?: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>
  /** Whether the server ended the stream. */
  readonly ended: boolean
  /** Resolves when the server ends the stream. */
  end(): Promise<void>
  close(): void
}

const isMessage = (message: SseMessage) => message.event !== ':' && message.data !== ''

/**
 * Opens `url` (a listening test app) as EventSource would, and parses the stream as the HTML
 * standard says: lines `field: value`, a blank line dispatches, `:` starts a comment. A message with
 * no data is kept (its `id` or `retry`) with `data` ''.
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8')
      const messages: SseMessage[] = []
      let taken = 0
      let buffer = ''
      let text = ''
      let ended = false
      const waiters: (() => void)[] = []
      const wake = () => {
        for (const waiter of waiters.splice(0)) waiter()
      }
      res.on('data', (chunk: string) => {
        text += chunk
        buffer += chunk
        let cut = buffer.indexOf('\n\n')
        while (cut >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          cut = buffer.indexOf('\n\n')
          const message: SseMessage = { id: undefined, event: 'message', data: '' }
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              message.event = ':'
              continue
            }
            const colon = line.indexOf(':')
            const field = colon < 0 ? line : line.slice(0, colon)
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
            if (field === 'id') message.id = value
            else if (field === 'event') message.event = value
            else if (field === 'data') data.push(value)
          }
          message.data = data.join('\n')
          messages.push(message)
        }
        wake()
      })
      const finished = new Promise<void>((done) => {
        res.on('end', () => {
          ended = true
          wake()
          done()
        })
        res.on('close', () => {
          ended = true
          wake()
          done()
        })
      })
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        get ended() {
          return ended
        },
        async body() {
          await finished
          return text
        },
        next(accept = isMessage, timeoutMs = 5000) {
          return new Promise((found, failed) => {
            const timer = setTimeout(() => {
              failed(new Error(`No matching message within ${timeoutMs} ms; had ${JSON.stringify(messages)}`))
            }, timeoutMs)
            const look = () => {
              while (taken < messages.length) {
                const message = messages[taken++]!
                if (accept(message)) {
                  clearTimeout(timer)
                  found(message)
                  return
                }
              }
              if (ended) {
                clearTimeout(timer)
                failed(new Error(`The stream ended; had ${JSON.stringify(messages)}`))
                return
              }
              waiters.push(look)
            }
            look()
          })
        },
        end: () => finished,
        close() {
          req.destroy()
        },
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** The base URL of a listening app. */
export function baseUrlOf(address: string | { port: number } | null): string {
  if (address === null || typeof address === 'string') throw new Error('The app is not listening on a port.')
  return `http://127.0.0.1:${address.port}`
}
