import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type Placement = AnswerOf<'getPlacement'>['placement']
export type Experience = Placement['experiences'][number]
export type Rules = Experience['rules']
export type NewPlacement = BodyOf<'createPlacement'>
export type PlacementChanges = BodyOf<'updatePlacement'>
export type NewExperience = BodyOf<'addPlacementExperience'>
export type ExperienceChanges = BodyOf<'updatePlacementExperience'>
export type DecisionContext = BodyOf<'debugPlacementDecision'>['context']
export type DebugResult = AnswerOf<'debugPlacementDecision'>
export type PlacementStats = AnswerOf<'getPlacementStats'>

export const PLACEMENT_CATEGORIES: readonly Placement['category'][] = [
  'popup',
  'banner',
  'inline',
  'overlay',
  'notification',
  'widget',
  'other',
]
export const PLACEMENT_STATUSES: readonly Placement['status'][] = ['active', 'paused', 'archived']
export const EXPERIENCE_STATUSES: readonly Experience['status'][] = ['draft', 'active', 'paused', 'archived']
export const CONTENT_TYPES: readonly Experience['contentType'][] = [
  'text',
  'html',
  'content',
  'media',
  'form',
  'image',
  'video',
  'component',
  'external',
]
/** Placements per page of the list. */
export const PLACEMENTS_PAGE_SIZE = 20

/** A page of the tenant's placements by name (`GET /api/placements`). */
export const placementsQuery = (tenantId: string, page: number) =>
  queryOptions({
    ...tenantQuery(tenantId, ['placements', 'list', { page }], (api) =>
      unwrap(
        api.GET('/api/placements', { params: { query: { tenantId, page, limit: PLACEMENTS_PAGE_SIZE } } }),
      ),
    ),
    placeholderData: keepPreviousData,
  })

/** One placement with its experiences (`GET /api/placements/{id}`). */
export const placementQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(
      tenantId,
      ['placements', 'one', id],
      async (api) =>
        (await unwrap(api.GET('/api/placements/{id}', { params: { path: { id }, query: { tenantId } } })))
          .placement,
    ),
  })

/** The placement's counts per experience and UTC day over the last 30 days (`GET /api/placements/{id}/stats`). */
export const placementStatsQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['placements', 'stats', id], (api) =>
      unwrap(api.GET('/api/placements/{id}/stats', { params: { path: { id }, query: { tenantId } } })),
    ),
  })

/** Creates a placement (with no experience yet). */
export function createPlacement(tenantId: string, body: NewPlacement) {
  return unwrap(tenantApi(tenantId).POST('/api/placements', { params: { query: { tenantId } }, body }))
}

/** Changes the placement's own fields; its version grows. */
export function updatePlacement(tenantId: string, id: string, body: PlacementChanges) {
  return unwrap(
    tenantApi(tenantId).PUT('/api/placements/{id}', { params: { path: { id }, query: { tenantId } }, body }),
  )
}

/** Deletes the placement with its experiences and stats. */
export function deletePlacement(tenantId: string, id: string) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/placements/{id}', { params: { path: { id }, query: { tenantId } } }),
  )
}

/** Adds an experience to the placement. */
export function addExperience(tenantId: string, id: string, body: NewExperience) {
  return unwrap(
    tenantApi(tenantId).POST('/api/placements/{id}/experiences', {
      params: { path: { id }, query: { tenantId } },
      body,
    }),
  )
}

/** Saves an experience; its rules are replaced whole. */
export function updateExperience(
  tenantId: string,
  id: string,
  experienceId: string,
  body: ExperienceChanges,
) {
  return unwrap(
    tenantApi(tenantId).PUT('/api/placements/{id}/experiences/{experienceId}', {
      params: { path: { id, experienceId }, query: { tenantId } },
      body,
    }),
  )
}

/** Deletes an experience (no longer the fallback, if it was). */
export function deleteExperience(tenantId: string, id: string, experienceId: string) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/placements/{id}/experiences/{experienceId}', {
      params: { path: { id, experienceId }, query: { tenantId } },
    }),
  )
}

/** What the placement would show a visitor with `context` at `at` (default now), and why. */
export function debugDecision(tenantId: string, placement: string, context: DecisionContext, at?: string) {
  return unwrap(
    tenantApi(tenantId).POST('/api/placements/debug-decision', {
      params: { query: { tenantId } },
      body: { placement, context, ...(at === undefined ? {} : { at }) },
    }),
  )
}
