import type { ActivityWords, FamilyDeclarations } from '../declare.js'
import { mergeOwned, type UnionToIntersection } from '../lib/registry.js'
import { declarations as account } from './account/declarations.js'
import { declarations as activities } from './activities/declarations.js'
import { declarations as apiTokens } from './api-tokens/declarations.js'
import { declarations as auth } from './auth/declarations.js'
import { declarations as categories } from './categories/declarations.js'
import { declarations as collections } from './collections/declarations.js'
import { declarations as contents } from './contents/declarations.js'
import { declarations as customFields } from './custom-fields/declarations.js'
import { declarations as featureFlags } from './feature-flags/declarations.js'
import { declarations as forms } from './forms/declarations.js'
import { declarations as galleries } from './galleries/declarations.js'
import { declarations as imports } from './imports/declarations.js'
import { declarations as live } from './live/declarations.js'
import { declarations as media } from './media/declarations.js'
import { declarations as members } from './members/declarations.js'
import { declarations as menus } from './menus/declarations.js'
import { declarations as placements } from './placements/declarations.js'
import { declarations as portability } from './portability/declarations.js'
import { declarations as roles } from './roles/declarations.js'
import { declarations as tags } from './tags/declarations.js'
import { declarations as tenantSettings } from './tenant-settings/declarations.js'
import { declarations as tenants } from './tenants/declarations.js'
import { declarations as webhooks } from './webhooks/declarations.js'

/**
 * What each family declares to the platform's registries (its `declarations.ts`), one line a family,
 * keyed by its folder (docs/architecture.md "Adding a family"). The event catalog, the permissions,
 * the activity log's words and the configuration table are assembled from these, each entry owned
 * by one family: a name two families declare fails at load, naming both.
 */
export const DECLARED = {
  account,
  activities,
  'api-tokens': apiTokens,
  auth,
  categories,
  collections,
  contents,
  'custom-fields': customFields,
  'feature-flags': featureFlags,
  forms,
  galleries,
  imports,
  live,
  media,
  members,
  menus,
  placements,
  portability,
  roles,
  tags,
  'tenant-settings': tenantSettings,
  tenants,
  webhooks,
} satisfies Record<string, FamilyDeclarations>

type Declared = (typeof DECLARED)[keyof typeof DECLARED]
/** The union of what the families declare under `key` (never for a family declaring none). */
type Part<D, K extends keyof FamilyDeclarations> = D extends { readonly [P in K]: infer V } ? V : never

/** Each family's declarations of one kind, by family. */
function partsOf<K extends keyof FamilyDeclarations>(key: K) {
  const parts: Record<string, FamilyDeclarations[K]> = {}
  for (const [family, declared] of Object.entries(DECLARED) as [string, FamilyDeclarations][]) {
    parts[`the family "${family}"`] = declared[key]
  }
  return parts
}

/** Every family's event types and payload schemas (the event catalog, src/events/catalog.ts). */
export const FAMILY_EVENTS = mergeOwned('The event type', partsOf('events')) as UnionToIntersection<
  Part<Declared, 'events'>
>

/** Every family's account events, by how far they are heard. */
export const FAMILY_ACCOUNT_EVENTS: Readonly<Record<string, 'account' | 'shared'>> = mergeOwned(
  'The account event',
  partsOf('accountEvents'),
)

/** Every family's permissions, by resource (src/permissions.ts). */
export const FAMILY_PERMISSIONS = mergeOwned(
  'The permission resource',
  partsOf('permissions'),
) as UnionToIntersection<Part<Declared, 'permissions'>>

/**
 * Each family's activity words of one kind (`modules/activities/describe.ts` assembles them), by
 * family.
 */
export function activityWordsOf(
  kind: keyof ActivityWords,
): Record<string, Readonly<Record<string, string>> | undefined> {
  return Object.fromEntries(
    Object.entries(partsOf('activity')).map(([family, words]) => [family, words?.[kind]]),
  )
}

type ConfigOf<D> = D extends { readonly config: { readonly section?: infer S } } ? NonNullable<S> : never
type VariablesOf<D> = D extends { readonly config: { readonly variables: infer V } } ? V : never

/** The `Config` members the families' variables fill (src/config.ts). */
export type FamilyConfig = UnionToIntersection<ConfigOf<Declared>>

/** Every family's configuration variables (src/config-schema.ts). */
export const FAMILY_VARIABLES = mergeOwned(
  'The configuration variable',
  Object.fromEntries(
    Object.entries(partsOf('config')).map(([family, config]) => [family, config?.variables]),
  ),
) as UnionToIntersection<VariablesOf<Declared>>
