import type { Db } from '../../db/client.js'
import type { CacheBus } from '../../events/bus.js'
import { createTenantCache } from '../../events/tenant-cache.js'
import { expandPermissions, findSystemRole, type Permission, SYSTEM_ROLES } from '../../permissions.js'
import { createRolesRepository, type RoleRow } from './repository.js'

/**
 * A role as a tenant sees it: a system role (catalog.ts) or one of the tenant's custom roles.
 * `permissions` are the declared ones; `granted` is their expansion (what checks use).
 */
export interface ResolvedRole {
  id: string
  key: string
  name: string
  description: string
  level: number
  permissions: readonly string[]
  granted: ReadonlySet<Permission>
  tenantId: string | null
  isSystem: boolean
}

const systemRoles: readonly ResolvedRole[] = SYSTEM_ROLES.map((role) => ({
  id: role.key,
  key: role.key,
  name: role.name,
  description: role.description,
  level: role.level,
  permissions: role.permissions,
  granted: expandPermissions(role.permissions),
  tenantId: null,
  isSystem: true,
}))

/** A custom role row as a resolved role. */
export function resolvedOf(row: RoleRow): ResolvedRole {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    level: row.level,
    permissions: row.permissions,
    granted: expandPermissions(row.permissions),
    tenantId: row.tenantId,
    isSystem: false,
  }
}

/**
 * The one place a role key becomes a level and permissions, tenant-aware (docs/decisions/auth.md
 * "Roles and permissions"): system roles from the catalog, custom roles from the `roles` table,
 * loaded once per tenant and cached. Every `role.*` event drops the tenant's entry on every
 * instance (the event bus); a generation counter keeps a load that raced a change from being
 * cached, and `ttlMs` bounds how long a delayed broadcast can leave a role stale. An unknown key
 * resolves to undefined, which callers treat as no permissions (docs/decisions/auth.md "An unknown
 * role fails closed").
 */
export function createRoleResolver(deps: { db: Db; bus: CacheBus; ttlMs?: number }) {
  const repository = createRolesRepository(deps.db)
  const cache = createTenantCache<ReadonlyMap<string, ResolvedRole>>(deps.bus, {
    dropOn: ['role.'],
    ttlMs: deps.ttlMs ?? 30_000,
  })

  function customRoles(tenantId: string): Promise<ReadonlyMap<string, ResolvedRole>> {
    return cache.get(tenantId, '', async () => {
      const rows = await repository.listByTenant(tenantId)
      return new Map(rows.map((row) => [row.key, resolvedOf(row)]))
    })
  }

  return {
    /** The role `key` names in the tenant, or undefined (unknown: no permissions). */
    async resolve(tenantId: string, key: string): Promise<ResolvedRole | undefined> {
      if (findSystemRole(key) !== undefined) return systemRoles.find((role) => role.key === key)
      return (await customRoles(tenantId)).get(key)
    },

    /** Every role of the tenant: system roles first, then custom roles, each by level, highest first. */
    async list(tenantId: string): Promise<ResolvedRole[]> {
      const custom = [...(await customRoles(tenantId)).values()].sort((a, b) => b.level - a.level)
      return [...systemRoles, ...custom]
    },
  }
}

export type RoleResolver = ReturnType<typeof createRoleResolver>

/** The expanded permissions of a resolved role; none for an unknown one. */
export function grantedBy(role: ResolvedRole | undefined): ReadonlySet<Permission> {
  return role?.granted ?? new Set()
}

/**
 * A membership's `roleMeta` (API contract: POST /api/auth/login): `tenantId` is the role's tenant,
 * or for a system role (which every tenant holds) the membership's `tenantId`.
 */
export function roleMetaOf(role: ResolvedRole, tenantId: string) {
  return {
    id: role.id,
    key: role.key,
    name: role.name,
    description: role.description,
    level: role.level,
    permissions: [...role.permissions],
    tenantId: role.tenantId ?? tenantId,
    isDefault: role.isSystem,
    isSystem: role.isSystem,
  }
}
