import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { publicContext } from '../../http/public.js'
import { errorResponses } from '../../http/schemas.js'
import type { Decisions } from './decide.js'
import type { PlacementEvents } from './events.js'
import {
  DecideBatchBody,
  DecideBody,
  DecisionBody,
  DecisionsBody,
  EventsBatchBody,
  EventsBatchResult,
} from './public-schemas.js'

const EDGE =
  'Tenant from X-Tenant-ID; 403 when the tenant turned public delivery off or the Origin is not allowed, 429 when the monthly quota is spent.'
const HOW =
  'Rules are fail-closed (a rule whose context member is missing does not match); schedules are read in the placement time zone; caps read context.seenCaps[capKey]. The highest eligible priority wins, and among equals the visitor (userKey, else sessionId) is assigned by weight through a hash of placement id, version and visitor, so the same visitor keeps the same experience until the placement changes.'

/** `POST /api/public/placements/…`: decisions and events (registered in the public-route plugin). */
export function placementsPublicRoutes(deps: {
  decisions: Decisions
  events: PlacementEvents
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/placements/decide',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['public'],
          operationId: 'decidePlacement',
          summary: 'Decide which experience a visitor sees',
          description: `${HOW} ${EDGE} 404 when the placement is missing or not active, or nothing is eligible (and no active fallback).`,
          body: DecideBody,
          response: { 200: DecisionBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request) => ({
        decision: await deps.decisions.decide(
          publicContext(request),
          request.body.placement,
          request.body.context,
        ),
      }),
    )

    app.post(
      '/placements/decide-batch',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['public'],
          operationId: 'decidePlacements',
          summary: 'Decide several placements at once',
          description: `Up to 20 placement slugs with one context; placements with nothing eligible are left out of \`decisions\`. ${HOW} ${EDGE}`,
          body: DecideBatchBody,
          response: { 200: DecisionsBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request) => ({
        decisions: await deps.decisions.decideBatch(
          publicContext(request),
          request.body.placements,
          request.body.context,
        ),
      }),
    )

    app.post(
      '/placements/events/batch',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['public'],
          operationId: 'recordPlacementEvents',
          summary: 'Record placement events',
          description: `1..100 events. Each is stored (IP as a keyed hash, sensitive formData keys redacted) and counted into the daily stats when its experience belongs to its placement in this tenant; others are listed in \`rejected\` by index. \`stored\` is what was written; a failed write is an error, never a success. ${EDGE}`,
          body: EventsBatchBody,
          response: { 200: EventsBatchResult, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request) => deps.events.record(publicContext(request), request.body.events),
    )
  }
}
