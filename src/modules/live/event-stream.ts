import type { OutgoingHttpHeaders } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { StreamSlot } from './hub.js'

/**
 * Answers `request` with a Server-Sent Events stream fed by `slot` (docs/decisions/live.md): the
 * reply is hijacked, so no serializer, compression, ETag or delivery-cache hook sees it; the headers
 * the frame set (Vary, CORS, request id, RateLimit) are written with the stream's own. The slot is
 * closed when the client goes away. Resumes from `Last-Event-ID`, else `?lastEventId=`.
 */
export async function answerWithStream(
  request: FastifyRequest,
  reply: FastifyReply,
  slot: StreamSlot,
  /** The validated `lastEventId` query parameter. */
  queried: string | undefined,
): Promise<void> {
  const header = request.headers['last-event-id']
  const lastEventId = (typeof header === 'string' ? header : undefined) ?? queried
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and similar proxies would otherwise hold the stream back in their buffers.
    'x-accel-buffering': 'no',
  })
  request.raw.socket.setNoDelay(true)
  raw.on('close', slot.close)
  raw.on('error', slot.close)
  try {
    await slot.start(raw, lastEventId === '' ? undefined : lastEventId)
  } catch (err) {
    // The stream has begun: a failed replay ends it, and the client reconnects.
    request.log.error({ err }, 'A change stream could not start')
    slot.close()
  }
}
