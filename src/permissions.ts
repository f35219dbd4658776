/**
 * System roles and `resource:action` permissions (docs/decisions/auth.md "Roles and permissions").
 * Routes are gated by permission, never by role name. `<resource>:manage` implies every other
 * action of that resource.
 */
const CRUD = ['view', 'create', 'update', 'delete', 'manage'] as const

export const PERMISSIONS_BY_RESOURCE: Readonly<Record<string, readonly string[]>> = {
  dashboard: ['view'],
  users: ['view', 'create', 'update', 'delete', 'manage', 'invite', 'assign-role'],
  roles: CRUD,
  profile: ['update'],
  tenants: CRUD,
  billing: ['view', 'manage'],
  content: [...CRUD, 'preview'],
  media: CRUD,
  categories: CRUD,
  collections: CRUD,
  forms: CRUD,
  placements: CRUD,
  menus: CRUD,
  analytics: ['view'],
  activities: ['view'],
  settings: ['view', 'update', 'manage'],
  'api-tokens': ['view', 'create', 'delete', 'manage'],
  webhooks: ['view', 'update', 'manage'],
}

export const ALL_PERMISSIONS: readonly string[] = Object.entries(PERMISSIONS_BY_RESOURCE).flatMap(
  ([resource, actions]) => actions.map((action) => `${resource}:${action}`),
)

export interface SystemRole {
  key: RoleKey
  name: string
  description: string
  level: number
  permissions: readonly string[]
}

export const ROLE_KEYS = ['owner', 'admin', 'editor', 'author', 'viewer'] as const
export type RoleKey = (typeof ROLE_KEYS)[number]

const CONTENT_FAMILIES = ['content', 'media', 'categories', 'collections', 'forms', 'placements', 'menus']
const viewOf = (resources: string[]) => resources.map((r) => `${r}:view`)
const manageOf = (resources: string[]) => resources.flatMap((r) => [`${r}:view`, `${r}:manage`])

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

/** Adds what each `:manage` implies. Unknown permission strings are kept but imply nothing. */
export function expandPermissions(permissions: Iterable<string>): Set<string> {
  const expanded = new Set<string>()
  for (const permission of permissions) {
    expanded.add(permission)
    const [resource, action] = permission.split(':')
    if (action === 'manage' && resource !== undefined) {
      for (const implied of PERMISSIONS_BY_RESOURCE[resource] ?? []) expanded.add(`${resource}:${implied}`)
    }
  }
  return expanded
}

const expandedByRole = new Map(SYSTEM_ROLES.map((role) => [role.key, expandPermissions(role.permissions)]))

/**
 * A system role's expanded permissions; none for any other key. Tenant-aware resolution (custom
 * roles) goes through `resolver.ts`; this serves the catalog itself and the API document.
 */
export function permissionsOfRole(key: string): ReadonlySet<string> {
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
export function permissionsOfApiToken(granted: Iterable<string>, scopes: readonly string[]): Set<string> {
  const allowed = new Set<string>()
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
