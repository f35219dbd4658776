import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { writeWithFreeSlug } from '../../db/slugs.js'
import { errors } from '../../errors.js'
import { type Emit, type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate } from '../../lib/paging.js'
import {
  checkPathGlobs,
  checkTimeZone,
  slugConflict,
  summaryOf,
  toExperience,
  toPlacement,
} from './mapping.js'
import {
  createPlacementsRepository,
  type ExperienceValues,
  PLACEMENT_SLUG_KEY,
  type PlacementsRepository,
} from './repository.js'
import {
  type CreateExperienceInput,
  type CreatePlacementInput,
  type Experience,
  type ListPlacementsQuery,
  MAX_EXPERIENCES,
  PLACEMENT_SLUG_MAX_LENGTH,
  type Placement,
  type UpdateExperienceInput,
  type UpdatePlacementInput,
} from './schemas.js'

function experienceValues(input: CreateExperienceInput): ExperienceValues {
  return {
    name: input.name.trim(),
    description: input.description?.trim() ?? '',
    status: input.status ?? 'draft',
    priority: input.priority ?? 50,
    weight: input.weight ?? 100,
    contentType: input.contentType,
    payload: input.payload ?? {},
    ui: input.ui ?? {},
    trigger: input.trigger ?? {},
    rules: input.rules ?? {},
  }
}

/**
 * Placements and their experiences (docs/decisions/menus-and-placements.md; gated by
 * `placements:*`). Writes emit `placement.created|updated|deleted`; experience changes emit
 * `placement.updated` with `changed: ['experiences']` and bump the placement's version.
 */
export function createPlacementsService(deps: { db: Db; events: EventSink }) {
  const repository = createPlacementsRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  async function load(repo: PlacementsRepository, tenantId: string, id: string): Promise<Placement> {
    const row = await repo.find(tenantId, id)
    if (row === undefined) throw errors.notFound('Placement')
    return toPlacement(row, await repo.experiences(tenantId, [id]))
  }

  /** Bumps the version after an experience change and emits `placement.updated`. */
  async function touched(
    repo: PlacementsRepository,
    tenantId: string,
    id: string,
    emit: Emit,
    changed: string[],
  ) {
    await repo.update(tenantId, id, {})
    const placement = await load(repo, tenantId, id)
    emit({ type: 'placement.updated', subjectId: id, payload: { ...summaryOf(placement), changed } })
    return placement
  }

  /** Inserts the placement under `slug` with its experiences, and emits `placement.created`. */
  function insert(context: TenantContext, input: CreatePlacementInput, slug: string): Promise<Placement> {
    return write(context, async (tx, emit) => {
      const repo = createPlacementsRepository(tx)
      const id = newId()
      await repo.insert(context.tenantId, id, {
        slug,
        name: input.name.trim(),
        description: input.description?.trim() ?? '',
        category: input.category ?? 'other',
        status: input.status ?? 'active',
        timezone: input.timezone ?? 'UTC',
        defaultRules: input.defaultRules ?? {},
        settings: {},
      })
      for (const experience of input.experiences ?? []) {
        await repo.insertExperience(context.tenantId, id, newId(), experienceValues(experience))
      }
      const placement = await load(repo, context.tenantId, id)
      emit({ type: 'placement.created', subjectId: id, payload: summaryOf(placement) })
      return placement
    })
  }

  function checkFallback(placement: Placement, fallbackId: string | null | undefined) {
    if (fallbackId && !placement.experiences.some((experience) => experience.id === fallbackId)) {
      throw errors.validation('placements.fallbackNotHere')
    }
  }

  return {
    async list(context: TenantContext, query: ListPlacementsQuery) {
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await repository.list(context.tenantId, query, offset, limit)
      const experiences = await repository.experiences(
        context.tenantId,
        rows.map((row) => row.id),
      )
      return {
        placements: rows.map((row) => toPlacement(row, experiences)),
        pagination: paginate(page, limit, total),
      }
    },

    /** @throws NotFound (also for another tenant's id). */
    get: (context: TenantContext, id: string) => load(repository, context.tenantId, id),

    /**
     * Creates a placement with up to 20 experiences. @throws ValidationFailed (time zone, a path glob
     * past the wildcard cap), SlugConflict.
     */
    async create(context: TenantContext, input: CreatePlacementInput): Promise<Placement> {
      checkTimeZone(input.timezone)
      checkPathGlobs(input.defaultRules, 'defaultRules')
      for (const [index, experience] of (input.experiences ?? []).entries()) {
        checkPathGlobs(experience.rules, `experiences[${index}].rules`)
      }
      try {
        return await insert(context, input, input.slug)
      } catch (err) {
        throw slugConflict(err, input.slug)
      }
    },

    /** @throws NotFound, ValidationFailed (time zone, path glob, fallback), SlugConflict. */
    async update(context: TenantContext, id: string, input: UpdatePlacementInput): Promise<Placement> {
      checkTimeZone(input.timezone)
      checkPathGlobs(input.defaultRules, 'defaultRules')
      try {
        return await write(context, async (tx, emit) => {
          const repo = createPlacementsRepository(tx)
          checkFallback(await load(repo, context.tenantId, id), input.settings?.fallbackExperienceId)
          const values = { ...input, ...(input.name === undefined ? {} : { name: input.name.trim() }) }
          await repo.update(context.tenantId, id, values)
          const placement = await load(repo, context.tenantId, id)
          emit({
            type: 'placement.updated',
            subjectId: id,
            payload: { ...summaryOf(placement), changed: Object.keys(input) },
          })
          return placement
        })
      } catch (err) {
        throw slugConflict(err, input.slug)
      }
    },

    /** Sets status archived: the placement stops deciding, its stats stay. @throws NotFound. */
    archive(context: TenantContext, id: string) {
      return this.update(context, id, { status: 'archived' })
    },

    /** A paused copy named "<name> (copy)" with slug `<slug>-copy[-n]` and copies of the experiences. */
    async duplicate(context: TenantContext, id: string): Promise<Placement> {
      const source = await load(repository, context.tenantId, id)
      const copy: CreatePlacementInput = {
        ...source,
        name: `${source.name.slice(0, 193)} (copy)`,
        status: 'paused',
        experiences: source.experiences.map(
          ({ id: _id, createdAt: _c, updatedAt: _u, ...experience }) => experience,
        ),
      }
      return writeWithFreeSlug(
        {
          slug: `${source.slug.slice(0, 90)}-copy`,
          explicit: false,
          key: PLACEMENT_SLUG_KEY,
          lookup: () => repository.slugs(context.tenantId),
          maxLength: PLACEMENT_SLUG_MAX_LENGTH,
        },
        (slug) => insert(context, copy, slug),
      )
    },

    /** Deletes a placement with its experiences, events and stats. @throws NotFound. */
    async remove(context: TenantContext, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const row = await createPlacementsRepository(tx).delete(context.tenantId, id)
        if (row === undefined) throw errors.notFound('Placement')
        emit({ type: 'placement.deleted', subjectId: id, payload: summaryOf(toPlacement(row, [])) })
      })
    },

    /** @throws NotFound (placement), ValidationFailed (more than 20 experiences, path glob). */
    async addExperience(
      context: TenantContext,
      id: string,
      input: CreateExperienceInput,
    ): Promise<Experience> {
      checkPathGlobs(input.rules, 'rules')
      return write(context, async (tx, emit) => {
        const repo = createPlacementsRepository(tx)
        const placement = await load(repo, context.tenantId, id)
        if (placement.experiences.length >= MAX_EXPERIENCES) {
          throw errors.validation(phrase('placements.tooManyExperiences', { most: MAX_EXPERIENCES }))
        }
        const row = await repo.insertExperience(context.tenantId, id, newId(), experienceValues(input))
        await touched(repo, context.tenantId, id, emit, ['experiences'])
        return toExperience(row)
      })
    },

    /** @throws NotFound (placement or experience), ValidationFailed (path glob). */
    async updateExperience(
      context: TenantContext,
      id: string,
      experienceId: string,
      input: UpdateExperienceInput,
    ): Promise<Experience> {
      checkPathGlobs(input.rules, 'rules')
      return write(context, async (tx, emit) => {
        const repo = createPlacementsRepository(tx)
        await load(repo, context.tenantId, id)
        const values = { ...input, ...(input.name === undefined ? {} : { name: input.name.trim() }) }
        const row = await repo.updateExperience(context.tenantId, id, experienceId, values)
        if (row === undefined) throw errors.notFound('Experience')
        await touched(repo, context.tenantId, id, emit, ['experiences'])
        return toExperience(row)
      })
    },

    /** @throws NotFound (placement or experience). */
    async removeExperience(context: TenantContext, id: string, experienceId: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const repo = createPlacementsRepository(tx)
        const placement = await load(repo, context.tenantId, id)
        if (!(await repo.deleteExperience(context.tenantId, id, experienceId)))
          throw errors.notFound('Experience')
        if (placement.settings.fallbackExperienceId === experienceId) {
          await repo.update(context.tenantId, id, {
            settings: { ...placement.settings, fallbackExperienceId: null },
          })
        }
        await touched(repo, context.tenantId, id, emit, ['experiences'])
      })
    },
  }
}

export type PlacementsService = ReturnType<typeof createPlacementsService>
