import { randomUUID } from 'node:crypto'
import type { Static } from 'typebox'
import type { PublicContext, TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { assign, bucketOf } from './assignment.js'
import type { DebugDecisionResult, Decision, DecisionContextInput } from './public-schemas.js'
import { createPlacementsRepository, type ExperienceRow, type PlacementRow } from './repository.js'
import { type DecisionContext, evaluate, type Rejection, type Rules } from './rules.js'

interface Evaluation {
  experience: ExperienceRow
  capKey: string
  rejections: Rejection[]
}

/**
 * Every experience of an active placement judged for `context` at `now`: experience rules override
 * the placement's default rules rule by rule (docs/decisions/menus-and-placements.md "Targeting
 * fails closed"). Inactive experiences and those of weight 0 are rejected with their own codes.
 */
export function judge(
  placement: PlacementRow,
  experiences: readonly ExperienceRow[],
  context: DecisionContext,
  now: Date,
): Evaluation[] {
  return experiences.map((experience) => {
    const rules = { ...(placement.defaultRules as Rules), ...(experience.rules as Rules) }
    const capKey = rules.frequency?.capKey ?? experience.id
    const rejections: Rejection[] = []
    if (experience.status !== 'active')
      rejections.push({ code: 'experience_inactive', message: `status is ${experience.status}` })
    if (experience.weight === 0) rejections.push({ code: 'weight_zero', message: 'weight 0 is never picked' })
    rejections.push(...evaluate(rules, context, { now, timeZone: placement.timezone, capKey }))
    return { experience, capKey, rejections }
  })
}

/**
 * The pick among the judged experiences: the eligible ones by priority and weight through the
 * visitor's bucket, else the placement's fallback experience when it is active.
 */
export function select(placement: PlacementRow, judged: readonly Evaluation[], bucket: number) {
  const eligible = judged.filter((entry) => entry.rejections.length === 0)
  const picked = assign(
    eligible.map((entry) => ({
      ...entry,
      id: entry.experience.id,
      priority: entry.experience.priority,
      weight: entry.experience.weight,
    })),
    bucket,
  )
  if (picked !== undefined) return { entry: picked, reason: 'eligible' as const }
  const fallbackId = (placement.settings as { fallbackExperienceId?: string | null }).fallbackExperienceId
  const fallback = judged.find(
    (entry) => entry.experience.id === fallbackId && entry.experience.status === 'active',
  )
  return fallback === undefined ? undefined : { entry: fallback, reason: 'fallback' as const }
}

/** Decisions for public delivery and the admin's debug view; reads only. */
export function createDecisions(deps: { db: Db; now?: () => Date }) {
  const repository = createPlacementsRepository(deps.db)
  const clock = deps.now ?? (() => new Date())

  function decisionOf(
    placement: PlacementRow,
    judged: Evaluation[],
    context: DecisionContext,
  ): Decision | undefined {
    const unitKey = context.userKey ?? context.sessionId
    const chosen = select(placement, judged, bucketOf(placement.id, placement.version, unitKey))
    if (chosen === undefined) return undefined
    const { experience, capKey } = chosen.entry
    const trackingId = randomUUID()
    return {
      decisionId: trackingId,
      placement: {
        id: placement.id,
        slug: placement.slug,
        name: placement.name,
        category: placement.category,
      },
      experience: {
        id: experience.id,
        name: experience.name,
        contentType: experience.contentType,
        payload: experience.payload,
        ui: experience.ui,
        trigger: experience.trigger,
      },
      reason: chosen.reason,
      tracking: {
        placementId: placement.id,
        experienceId: experience.id,
        trackingId,
        sessionId: context.sessionId,
        userKey: context.userKey ?? null,
        version: placement.version,
        capKey,
      },
    }
  }

  async function decideMany(tenantId: string, slugs: string[], input: DecisionContextInput) {
    // The schema admits exactly the members of DecisionContext.
    const context = input as DecisionContext
    const rows = (await repository.findBySlugs(tenantId, slugs)).filter((row) => row.status === 'active')
    const experiences = await repository.experiences(
      tenantId,
      rows.map((row) => row.id),
    )
    const now = clock()
    const decisions: Record<string, Decision> = {}
    for (const row of rows) {
      const own = experiences.filter((experience) => experience.placementId === row.id)
      const decision = decisionOf(row, judge(row, own, context, now), context)
      if (decision !== undefined) decisions[row.slug] = decision
    }
    return decisions
  }

  return {
    /**
     * `POST /api/public/placements/decide`: the experience this visitor sees in the placement.
     * @throws NotFound when the placement is missing or not active, or nothing is eligible.
     */
    async decide(context: PublicContext, slug: string, input: DecisionContextInput): Promise<Decision> {
      const decision = (await decideMany(context.tenantId, [slug], input))[slug]
      if (decision === undefined) throw errors.notFound('Eligible experience')
      return decision
    },

    /** `POST /api/public/placements/decide-batch`: decisions by slug; placements with none are left out. */
    decideBatch: (context: PublicContext, slugs: string[], input: DecisionContextInput) =>
      decideMany(context.tenantId, slugs, input),

    /**
     * `POST /api/placements/debug-decision`: every experience with why it is or is not eligible, and
     * what would be selected (also for a paused placement). @throws NotFound for an unknown slug.
     */
    async debug(
      context: TenantContext,
      slug: string,
      input: DecisionContextInput,
      at?: string,
    ): Promise<Static<typeof DebugDecisionResult>> {
      const row = await repository.findBySlug(context.tenantId, slug)
      if (row === undefined) throw errors.notFound('Placement')
      const decisionContext = input as DecisionContext
      const judged = judge(
        row,
        await repository.experiences(context.tenantId, [row.id]),
        decisionContext,
        at === undefined ? clock() : new Date(at),
      )
      const bucket = bucketOf(row.id, row.version, decisionContext.userKey ?? decisionContext.sessionId)
      const chosen = select(row, judged, bucket)
      return {
        selected:
          chosen === undefined ? null : { experienceId: chosen.entry.experience.id, reason: chosen.reason },
        bucket,
        evaluated: judged.map((entry) => ({
          experienceId: entry.experience.id,
          name: entry.experience.name,
          eligible: entry.rejections.length === 0,
          rejections: entry.rejections,
        })),
      }
    },
  }
}

export type Decisions = ReturnType<typeof createDecisions>
