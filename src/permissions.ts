import { mergeOwned } from './lib/registry.js'
import { FAMILY_PERMISSIONS } from './modules/declarations.js'

/**
 * System roles and `resource:action` permissions (docs/decisions/auth.md "Roles and permissions").
 * Routes are gated by permission, never by role name. `<resource>:manage` implies every other
 * action of that resource. Each family declares its resources' actions in its `declarations.ts`.
 */

/**
 * Resources of the tenant no one family owns: Studio's dashboard (fed by several families), its
 * analytics and the tenant's billing.
 */
const PLATFORM_PERMISSIONS = {
  dashboard: ['view'],
  analytics: ['view'],
  billing: ['view', 'manage'],
} as const

/** Every resource's actions: the platform's and those the families declare (`declarations.ts`). */
export const PERMISSIONS_BY_RESOURCE = mergeOwned('The permission resource', {
  'the platform': PLATFORM_PERMISSIONS,
  'the families': FAMILY_PERMISSIONS,
})

type ByResource = typeof PERMISSIONS_BY_RESOURCE
/** A `resource:action` permission, checked at compile time (`@folio/client` publishes the same type). */
export type Permission = {
  [R in keyof ByResource &
    string]: `${R}:${ByResource[R] extends readonly (infer A extends string)[] ? A : never}`
}[keyof ByResource & string]

const ACTIONS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(PERMISSIONS_BY_RESOURCE))

/** Every permission, resource by resource. */
export const ALL_PERMISSIONS = [...ACTIONS].flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}:${action}`),
) as readonly Permission[]

const KNOWN: ReadonlySet<string> = new Set(ALL_PERMISSIONS)

/** Whether `value` is a declared permission (a custom role's stored list may hold one since dropped). */
export function isPermission(value: string): value is Permission {
  return KNOWN.has(value)
}

export interface SystemRole {
  key: RoleKey
  name: string
  description: string
  level: number
  permissions: readonly Permission[]
}

export const ROLE_KEYS = ['owner', 'admin', 'editor', 'author', 'viewer'] as const
export type RoleKey = (typeof ROLE_KEYS)[number]

/** The resources that have `action`. */
type WithAction<A extends string> = {
  [R in keyof ByResource & string]: A extends ByResource[R][number] ? R : never
}[keyof ByResource & string]
type Managed = WithAction<'manage'> & WithAction<'view'>

const CONTENT_FAMILIES = [
  'content',
  'media',
  'categories',
  'collections',
  'forms',
  'placements',
  'menus',
] as const satisfies Managed[]
const viewOf = (resources: readonly WithAction<'view'>[]) =>
  resources.map((resource) => `${resource}:view` as const)
const manageOf = (resources: readonly Managed[]) =>
  resources.flatMap((resource) => [`${resource}:view` as const, `${resource}:manage` as const])

export const SYSTEM_ROLES: readonly SystemRole[] = [
  {
    key: 'owner',
    name: 'Owner',
    description: 'Full control of the tenant, including billing and ownership.',
    level: 50,
    permissions: ALL_PERMISSIONS,
  },
  {
    key: 'admin',
    name: 'Administrator',
    description: 'Manages content, members, roles, settings and API tokens; no billing.',
    level: 40,
    permissions: [
      'dashboard:view',
      ...manageOf(CONTENT_FAMILIES),
      'analytics:view',
      'activities:view',
      'users:view',
      'users:manage',
      'roles:view',
      'roles:manage',
      'profile:update',
      'tenants:view',
      'tenants:manage',
      'settings:manage',
      'api-tokens:manage',
      'webhooks:manage',
    ],
  },
  {
    key: 'editor',
    name: 'Editor',
    description: 'Creates, edits and publishes all content, media and taxonomy.',
    level: 30,
    permissions: [
      'dashboard:view',
      ...manageOf(CONTENT_FAMILIES),
      'analytics:view',
      'settings:view',
      'profile:update',
    ],
  },
  {
    key: 'author',
    name: 'Author',
    description: 'Writes content and manages media; reads taxonomy.',
    level: 20,
    permissions: [
      'dashboard:view',
      ...manageOf(['content', 'media', 'collections']),
      ...viewOf(['categories', 'forms', 'placements', 'menus']),
      'analytics:view',
      'profile:update',
    ],
  },
  {
    key: 'viewer',
    name: 'Viewer',
    description: 'Reads everything in the tenant; changes nothing.',
    level: 10,
    // Like every signed-in role, a viewer sees drafts; its API tokens may too, with the preview scope.
    permissions: [
      'dashboard:view',
      ...viewOf(CONTENT_FAMILIES),
      'content:preview',
      'analytics:view',
      'profile:update',
    ],
  },
]

const ROLE_BY_KEY = new Map(SYSTEM_ROLES.map((role) => [role.key, role]))

export function findSystemRole(key: string): SystemRole | undefined {
  return ROLE_BY_KEY.get(key as RoleKey)
}

/**
 * Adds what each `:manage` implies. A string that is no declared permission (a custom role may hold
 * one a later version dropped) grants nothing and is left out.
 */
export function expandPermissions(permissions: Iterable<string>): Set<Permission> {
  const expanded = new Set<Permission>()
  for (const permission of permissions) {
    if (!isPermission(permission)) continue
    expanded.add(permission)
    const [resource = '', action] = permission.split(':')
    if (action !== 'manage') continue
    for (const implied of ACTIONS.get(resource) ?? []) expanded.add(`${resource}:${implied}` as Permission)
  }
  return expanded
}

const expandedByRole = new Map(SYSTEM_ROLES.map((role) => [role.key, expandPermissions(role.permissions)]))

/**
 * A system role's expanded permissions; none for any other key. Tenant-aware resolution (custom
 * roles) goes through `resolver.ts`; this serves the catalog itself and the API document.
 */
export function permissionsOfRole(key: string): ReadonlySet<Permission> {
  return expandedByRole.get(key as RoleKey) ?? new Set()
}

export type ApiTokenScope = 'read' | 'write' | 'delete' | 'preview' | 'submit'

/**
 * An API token's permissions: its role's expanded permissions (`granted`, from the role resolver),
 * narrowed by scopes. `read` keeps `:view`; `write` keeps create/update/invite/assign-role;
 * `delete` keeps `:delete`; `preview` keeps `content:preview` (reading unpublished content,
 * docs/decisions/auth.md "Scopes follow the HTTP method") when the role may view content; `submit`
 * keeps none (form submission checks the scope itself). `:manage` is dropped so that a token
 * without `delete` cannot delete through it.
 */
export function permissionsOfApiToken(
  granted: Iterable<Permission>,
  scopes: readonly string[],
): Set<Permission> {
  const allowed = new Set<Permission>()
  for (const permission of granted) {
    const action = permission.split(':')[1]
    if (action === 'manage') continue
    if (action === 'preview') {
      if (scopes.includes('preview')) allowed.add(permission)
      continue
    }
    if (action === 'view' && scopes.includes('read')) allowed.add(permission)
    else if (action === 'delete' && scopes.includes('delete')) allowed.add(permission)
    else if (action !== 'view' && action !== 'delete' && scopes.includes('write')) allowed.add(permission)
  }
  return allowed
}

/**
 * The scope an API token needs for an HTTP method (docs/decisions/auth.md "Scopes follow the HTTP
 * method").
 */
export function scopeForMethod(method: string): ApiTokenScope {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return 'read'
  if (method === 'DELETE') return 'delete'
  return 'write'
}
