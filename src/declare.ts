import type { TObject } from 'typebox'
import type { ConfigSection, Variable } from './config-variables.js'

/**
 * How the activity log words a family's events (docs/decisions/jobs-and-events.md "Activities"):
 * "<actor> <verb> <noun> “<name>”".
 */
export interface ActivityWords {
  /** What a resource's record is called: `category` → "the category". */
  readonly nouns?: Readonly<Record<string, string>>
  /** Verbs beyond the common ones (created, updated, deleted …): `merged` → "merged". */
  readonly verbs?: Readonly<Record<string, string>>
  /** Events said whole, whose actor is their subject: `member.joined` → "joined the tenant". */
  readonly sentences?: Readonly<Record<string, string>>
}

/**
 * What a family declares to the platform's registries, in its `declarations.ts`
 * (docs/architecture.md "Anatomy of a family"). That file is a leaf: it imports typebox and the
 * declaration vocabulary only (this file, `events/payloads.ts`, `config-variables.ts`), never the
 * family's other files, so the registries (src/modules/declarations.ts) load without any family's
 * code.
 */
export interface FamilyDeclarations {
  /** Its domain event types and their payload schemas (the event catalog, src/events/catalog.ts). */
  readonly events?: Readonly<Record<string, TObject>>
  /**
   * Which of its events are account events, recorded with no tenant
   * (docs/decisions/jobs-and-events.md "Account events have no tenant"): `account` stays with the
   * account; `shared` is also heard by each tenant where the user is an active member.
   */
  readonly accountEvents?: Readonly<Record<string, 'account' | 'shared'>>
  readonly activity?: ActivityWords
  /** Its `resource: actions` permissions (src/permissions.ts); `manage` implies the other actions. */
  readonly permissions?: Readonly<Record<string, readonly string[]>>
  /** Its configuration variables and the `Config` members they fill (`configSection`). */
  readonly config?: ConfigSection<object, Record<string, Variable>>
}

/** A family's declarations, their literal types kept (event types, permissions, variable names). */
export function declareFamily<const D extends FamilyDeclarations>(declarations: D): D {
  return declarations
}

/** The actions of a resource anyone with access may read and an editor may change. */
export const CRUD = ['view', 'create', 'update', 'delete', 'manage'] as const
