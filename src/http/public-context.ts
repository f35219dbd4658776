import type { FastifyRequest } from 'fastify'
import type { PublicContext } from '../context.js'
import { errors } from '../errors.js'

/**
 * The context of a public route, built by the public-route plugin (`http/public.ts`). A module of
 * its own: a family's public routes read it without loading the plugin, which loads families.
 * @throws NotFound when called outside a public route (a wiring mistake).
 */
export function publicContext(request: FastifyRequest): PublicContext {
  if (request.publicContext === null) throw errors.notFound('Tenant')
  return request.publicContext
}
