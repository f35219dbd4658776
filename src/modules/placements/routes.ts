import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import type { Decisions } from './decide.js'
import type { PlacementEvents } from './events.js'
import { DebugDecisionBody, DebugDecisionResult } from './public-schemas.js'
import {
  CreateExperienceBody,
  CreatePlacementBody,
  ExperienceBody,
  ExperienceParams,
  ListPlacementsQuery,
  PlacementBody,
  PlacementPage,
  PlacementParams,
  UpdateExperienceBody,
  UpdatePlacementBody,
} from './schemas.js'
import type { PlacementsService } from './service.js'
import { StatsBody, StatsQuery } from './stats-schemas.js'

const tags = ['placements']
const view = { auth: 'tenant', permission: 'placements:view' } as const
const edit = { auth: 'tenant', permission: 'placements:update' } as const

/**
 * `/api/placements`: personalization placements, experiences, debugging and stats
 * (docs/decisions/menus-and-placements.md).
 */
export const placementsRoutes: FastifyPluginAsyncTypebox<{
  service: PlacementsService
  decisions: Decisions
  events: PlacementEvents
}> = async (app, { service, decisions, events }) => {
  app.get(
    '/',
    {
      config: view,
      schema: {
        tags,
        operationId: 'listPlacements',
        summary: 'List placements',
        description:
          'Placements by name with their experiences, filtered by status or category. Permission placements:view.',
        querystring: ListPlacementsQuery,
        response: { 200: PlacementPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request), request.query),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'placements:create' },
      schema: {
        tags,
        operationId: 'createPlacement',
        summary: 'Create a placement',
        description:
          'Creates a placement (default status active, category other, time zone UTC) with up to 20 experiences (default status draft, priority 50, weight 100). Permission placements:create. 400 for an unknown time zone; 409 SlugConflict.',
        querystring: TenantOnlyQuery,
        body: CreatePlacementBody,
        response: { 200: PlacementBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ placement: await service.create(tenantContext(request), request.body) }),
  )

  app.post(
    '/debug-decision',
    {
      config: view,
      schema: {
        tags,
        operationId: 'debugPlacementDecision',
        summary: 'Explain a decision',
        description:
          'Judges every experience of the placement (any status) for the context, as of `at`: each with its rejection codes (experience_inactive, weight_zero, path_mismatch, query_mismatch, locale_mismatch, device_mismatch, browser_mismatch, os_mismatch, country_mismatch, auth_mismatch, role_mismatch, tag_mismatch, feature_flag_missing, feature_flag_excluded, cookie_mismatch, referrer_mismatch, referrer_excluded, schedule_inactive, frequency_capped), the visitor’s bucket and what would be selected. Permission placements:view. 404 for an unknown slug.',
        querystring: TenantOnlyQuery,
        body: DebugDecisionBody,
        response: { 200: DebugDecisionResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      decisions.debug(tenantContext(request), request.body.placement, request.body.context, request.body.at),
  )

  app.get(
    '/:id',
    {
      config: view,
      schema: {
        tags,
        operationId: 'getPlacement',
        summary: 'Get a placement',
        description:
          'The placement with its experiences. Permission placements:view. 404 when missing or another tenant’s.',
        params: PlacementParams,
        querystring: TenantOnlyQuery,
        response: { 200: PlacementBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ placement: await service.get(tenantContext(request), request.params.id) }),
  )

  app.put(
    '/:id',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'updatePlacement',
        summary: 'Update a placement',
        description:
          'Changes the given fields and bumps the version (visitors may be assigned anew). Permission placements:update. 404; 400 for an unknown time zone or a fallback that is not one of its experiences; 409 SlugConflict.',
        params: PlacementParams,
        querystring: TenantOnlyQuery,
        body: UpdatePlacementBody,
        response: { 200: PlacementBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      placement: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'placements:delete' },
      schema: {
        tags,
        operationId: 'deletePlacement',
        summary: 'Delete a placement',
        description:
          'Deletes the placement with its experiences, events and stats. Permission placements:delete. 404 when missing.',
        params: PlacementParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(tenantContext(request), request.params.id)
      return { success: true }
    },
  )

  app.post(
    '/:id/archive',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'archivePlacement',
        summary: 'Archive a placement',
        description:
          'Sets status archived: it no longer decides; stats stay. Permission placements:update. 404 when missing.',
        params: PlacementParams,
        querystring: TenantOnlyQuery,
        response: { 200: PlacementBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ placement: await service.archive(tenantContext(request), request.params.id) }),
  )

  app.post(
    '/:id/duplicate',
    {
      config: { auth: 'tenant', permission: 'placements:create' },
      schema: {
        tags,
        operationId: 'duplicatePlacement',
        summary: 'Duplicate a placement',
        description:
          'A paused copy "<name> (copy)" with slug <slug>-copy (or -copy-2 …) and copies of every experience (no fallback, no stats). Permission placements:create. 404 when missing.',
        params: PlacementParams,
        querystring: TenantOnlyQuery,
        response: { 200: PlacementBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ placement: await service.duplicate(tenantContext(request), request.params.id) }),
  )

  app.post(
    '/:id/experiences',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'addPlacementExperience',
        summary: 'Add an experience',
        description:
          'Adds an experience (at most 20 per placement) and bumps the version. Permission placements:update. 404 for a missing placement.',
        params: PlacementParams,
        querystring: TenantOnlyQuery,
        body: CreateExperienceBody,
        response: { 200: ExperienceBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      experience: await service.addExperience(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.put(
    '/:id/experiences/:experienceId',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'updatePlacementExperience',
        summary: 'Update an experience',
        description:
          'Changes the given fields (rules are replaced whole) and bumps the version. Permission placements:update. 404 for a missing placement or experience.',
        params: ExperienceParams,
        querystring: TenantOnlyQuery,
        body: UpdateExperienceBody,
        response: { 200: ExperienceBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      experience: await service.updateExperience(
        tenantContext(request),
        request.params.id,
        request.params.experienceId,
        request.body,
      ),
    }),
  )

  app.delete(
    '/:id/experiences/:experienceId',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'deletePlacementExperience',
        summary: 'Delete an experience',
        description:
          'Deletes the experience (clearing it as fallback) and bumps the version. Permission placements:update. 404 for a missing placement or experience.',
        params: ExperienceParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.removeExperience(tenantContext(request), request.params.id, request.params.experienceId)
      return { success: true }
    },
  )

  app.get(
    '/:id/stats',
    {
      config: { auth: 'tenant', permission: 'placements:view' },
      schema: {
        tags,
        operationId: 'getPlacementStats',
        summary: 'Placement statistics',
        description:
          'Impressions, views, clicks, conversions, closes, dismissals, submits and errors per experience and UTC day (default the last 30 days; at most 366), with totals. Permission placements:view. 404 when missing; 400 for from after to.',
        params: PlacementParams,
        querystring: StatsQuery,
        response: { 200: StatsBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => events.stats(tenantContext(request), request.params.id, request.query),
  )
}
