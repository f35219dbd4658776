import type { FastifyReply } from 'fastify'

/**
 * Sends `json`, a complete JSON text, as the response body: Fastify sends a string whose content
 * type is JSON as it is, without the route's response serializer. Only for bodies built to the
 * route's declared response schema member for member (the contents reads, whose SQL projection is
 * held equal to the schema by a test), so the schema stays the exact contract and output allowlist
 * the OpenAPI document shows. Returns the reply, which tells Fastify the handler has answered.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json)
}
