import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import { globProblem } from './glob.js'
import { type ExperienceRow, PLACEMENT_SLUG_KEY, type PlacementRow } from './repository.js'
import type { Experience, Placement } from './schemas.js'

export function toExperience(row: ExperienceRow): Experience {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as Experience['status'],
    priority: row.priority,
    weight: row.weight,
    contentType: row.contentType as Experience['contentType'],
    payload: row.payload,
    ui: row.ui,
    trigger: row.trigger,
    rules: row.rules as Experience['rules'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toPlacement(row: PlacementRow, experiences: readonly ExperienceRow[]): Placement {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category as Placement['category'],
    status: row.status as Placement['status'],
    timezone: row.timezone,
    defaultRules: row.defaultRules as Placement['defaultRules'],
    settings: row.settings as Placement['settings'],
    version: row.version,
    experiences: experiences.filter((experience) => experience.placementId === row.id).map(toExperience),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The facts a `placement.*` event carries (src/events/catalog.ts): never rules, settings or payloads. */
export function summaryOf(placement: Placement) {
  return {
    id: placement.id,
    slug: placement.slug,
    name: placement.name,
    status: placement.status,
    version: placement.version,
    experienceIds: placement.experiences.map((experience) => experience.id),
  }
}

/** 409 SlugConflict for the slug index, else the error itself. */
export function slugConflict(err: unknown, slug: string | undefined): unknown {
  return uniqueConflict(err, { [PLACEMENT_SLUG_KEY]: () => errors.slugConflict(slug ?? '') })
}

/** @throws ValidationFailed naming `member` when `zone` is not an IANA time zone. */
export function checkTimeZone(zone: string | undefined, member = 'timezone'): void {
  if (zone === undefined) return
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    throw errors.validation(phrase('placements.notATimeZone', { member, zone }))
  }
}

/**
 * @throws ValidationFailed naming `member.paths[i]` when a path glob of `rules` has more wildcards than
 * GLOB_MAX_WILDCARDS (glob.ts). Checked on save only: stored globs past the cap keep matching.
 */
export function checkPathGlobs(rules: { paths?: string[] | undefined } | undefined, member: string): void {
  rules?.paths?.forEach((glob, index) => {
    const problem = globProblem(glob)
    if (problem !== undefined) {
      throw errors.validation(
        phrase('common.memberSentence', { member: `${member}.paths[${index}]`, problem }),
      )
    }
  })
}
