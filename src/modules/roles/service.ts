import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { findSystemRole } from '../../permissions.js'
import { assertCanDefine, assertCanGrant } from './guards.js'
import { createRolesRepository } from './repository.js'
import { type ResolvedRole, type RoleResolver, resolvedOf } from './resolver.js'
import type { CreateRoleInput, Role, UpdateRoleInput } from './schemas.js'

/** The role list item of a resolved role. */
export function toRole(role: ResolvedRole): Role {
  return {
    id: role.id,
    key: role.key,
    name: role.name,
    description: role.description,
    level: role.level,
    permissions: [...role.permissions],
    tenantId: role.tenantId,
    isDefault: role.isSystem,
    isSystem: role.isSystem,
  }
}

/**
 * The memberships holding a role, in the caller's transaction `tx`: the members family's
 * (`roleHolders` in members/index.ts), which owns `memberships`.
 */
export type RoleHolders = (tx: Db) => {
  count(tenantId: string, key: string): Promise<number>
  /** Moves every membership holding `from` to `to`; how many moved. */
  reassign(tenantId: string, from: string, to: string): Promise<number>
}

/**
 * Roles (API contract: GET /api/roles; docs/decisions/auth.md "Nobody grants more than they hold"):
 * the system roles of the catalogue, read-only, and the tenant's custom roles. A custom role sits
 * below the caller's level and holds only permissions the caller holds; a role in use is deleted
 * only by moving its members to another role the caller may grant. Writes emit `role.created`,
 * `role.updated`, `role.deleted`, which also drop the resolver's cache on every instance.
 */
export function createRolesService(deps: {
  db: Db
  events: EventSink
  roles: RoleResolver
  holders: RoleHolders
}) {
  const { roles } = deps
  const repository = createRolesRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  /** The tenant's custom role `id`, or 404 (system roles have no row, so they are read-only here). */
  async function customRole(context: TenantContext, id: string) {
    const row = await repository.findById(context.tenantId, id)
    if (row === undefined) {
      throw findSystemRole(id) === undefined
        ? errors.notFound('Role')
        : errors.forbidden('roles.systemReadOnly')
    }
    return row
  }

  return {
    /** `GET /api/roles`: system roles, then the tenant's custom roles, highest level first. */
    async list(context: TenantContext) {
      return { roles: (await roles.list(context.tenantId)).map(toRole) }
    },

    /**
     * `POST /api/roles`. 400 for a system key, 403 when the level is not below the caller's or a
     * permission is one the caller lacks, 409 when the key exists in the tenant.
     */
    async create(context: TenantContext, callerRole: string, input: CreateRoleInput) {
      if (findSystemRole(input.key) !== undefined) {
        throw errors.validation(phrase('roles.systemKey', { key: input.key }))
      }
      assertCanDefine(await roles.resolve(context.tenantId, callerRole), input.level, input.permissions)
      try {
        return await write(context, async (tx, emit) => {
          const row = await createRolesRepository(tx).insert(context.tenantId, {
            id: newId(),
            key: input.key,
            name: input.name.trim(),
            description: input.description ?? '',
            level: input.level,
            permissions: input.permissions,
          })
          const role = toRole(resolvedOf(row))
          emit({ type: 'role.created', subjectId: role.id, payload: roleFacts(role) })
          return { role }
        })
      } catch (err) {
        throw uniqueConflict(err, {
          roles_tenant_key_key: () => errors.conflict(phrase('roles.keyExists', { key: input.key })),
        })
      }
    },

    /**
     * `PUT /api/roles/{id}`: name, description, level, permissions (the key is fixed: memberships
     * name it). The caller must outrank the role as it is and as it will be. 403 for system roles.
     */
    async update(context: TenantContext, callerRole: string, id: string, input: UpdateRoleInput) {
      const before = await customRole(context, id)
      const caller = await roles.resolve(context.tenantId, callerRole)
      assertCanDefine(caller, before.level, [])
      assertCanDefine(caller, input.level ?? before.level, input.permissions ?? [])
      return write(context, async (tx, emit) => {
        const row = await createRolesRepository(tx).update(context.tenantId, id, {
          name: input.name?.trim(),
          description: input.description,
          level: input.level,
          permissions: input.permissions,
        })
        if (row === undefined) throw errors.notFound('Role')
        const role = toRole(resolvedOf(row))
        emit({
          type: 'role.updated',
          subjectId: role.id,
          payload: { ...roleFacts(role), changed: Object.keys(input) },
        })
        return { role }
      })
    },

    /**
     * `DELETE /api/roles/{id}`. While memberships (any status) hold the role: 409, unless
     * `reassignTo` names another role the caller may grant, to which they all move first.
     */
    async delete(context: TenantContext, callerRole: string, id: string, reassignTo: string | undefined) {
      const row = await customRole(context, id)
      const caller = await roles.resolve(context.tenantId, callerRole)
      assertCanDefine(caller, row.level, [])
      let target: ResolvedRole | undefined
      if (reassignTo !== undefined) {
        target = await roles.resolve(context.tenantId, reassignTo)
        if (target === undefined || target.key === row.key) {
          throw errors.validation(phrase('roles.reassignToInvalid', { role: reassignTo }))
        }
        assertCanGrant(caller, target)
      }
      return write(context, async (tx, emit) => {
        const inTx = createRolesRepository(tx)
        const holding = deps.holders(tx)
        const holders = await holding.count(context.tenantId, row.key)
        if (holders > 0 && target === undefined) {
          throw errors.conflict(phrase('roles.heldBy', { role: row.key, count: holders }))
        }
        const reassigned =
          target === undefined ? 0 : await holding.reassign(context.tenantId, row.key, target.key)
        await inTx.delete(context.tenantId, id)
        emit({
          type: 'role.deleted',
          subjectId: id,
          payload: { ...roleFacts(toRole(resolvedOf(row))), reassignedTo: target?.key ?? null, reassigned },
        })
        return { success: true, reassigned }
      })
    },
  }
}

export type RolesService = ReturnType<typeof createRolesService>

/** The facts a `role.*` event carries (src/events/catalog.ts). */
function roleFacts(role: Role) {
  return { id: role.id, key: role.key, name: role.name, level: role.level }
}
