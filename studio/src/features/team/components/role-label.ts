import type { TFunction } from 'i18next'
import type { Role } from '../api/roles'

/** A role's name for people: the system roles translated, a custom role by the name it was given. */
export function roleLabel(t: TFunction, key: string, roles: readonly Role[] | undefined): string {
  const role = roles?.find((r) => r.key === key)
  if (role !== undefined && !role.isSystem) return role.name
  return t(`team.roles.${key}`, { defaultValue: role?.name ?? key })
}
