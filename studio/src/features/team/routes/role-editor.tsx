import { Alert, Button, Group, NumberInput, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate, useParams } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { mayDefine, permissionFamilies } from '../api/grant-rules'
import { useGrantor } from '../api/grants'
import { createRole, type Permission, type Role, rolesQuery, updateRole } from '../api/roles'
import { PermissionMatrix } from '../components/permission-matrix'
import { roleLabel } from '../components/role-label'

const route = getRouteApi('/signed-in/t/$tenantId')

/** The highest level a custom role may have (the API's), below every owner. */
const MAX_LEVEL = 49

/**
 * A role's name, description, level and permissions (`/roles/new`, `/roles/$roleId`). A system
 * role, or one at or above the member's own level, is shown read-only; a new or editable role
 * offers only permissions the member holds and a level below their own (the API's rule).
 */
export function RoleEditorPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const { roleId } = useParams({ strict: false })
  const { data } = useSuspenseQuery(rolesQuery(tenantId))
  const role = roleId === undefined ? undefined : data.roles.find((r) => r.id === roleId)
  if (roleId !== undefined && role === undefined) {
    return (
      <Alert color="red" role="alert">
        {t('roles.notFound')}
      </Alert>
    )
  }
  return <RoleForm key={roleId ?? 'new'} tenantId={tenantId} role={role} roles={data.roles} />
}

function RoleForm({ tenantId, role, roles }: { tenantId: string; role?: Role; roles: readonly Role[] }) {
  const { t } = useTranslation()
  const can = useCan()
  const grantor = useGrantor(tenantId)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const families = permissionFamilies(roles)
  const topLevel = Math.min(MAX_LEVEL, grantor.isOwner ? MAX_LEVEL : grantor.level - 1)
  const editable =
    role === undefined
      ? can('roles:create')
      : !role.isSystem && can('roles:update') && (grantor.isOwner || role.level < grantor.level)
  const [permissions, setPermissions] = useState<Set<string>>(new Set(role?.permissions ?? []))
  const [level, setLevel] = useState<number | string>(role?.level ?? Math.min(10, topLevel))
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useMutation({
    mutationFn: (body: { key: string; name: string; description: string; level: number }) => {
      // The matrix offers only the catalogue's permissions (read from the roles themselves).
      const chosen = [...permissions] as Permission[]
      if (role === undefined) return createRole(tenantId, { ...body, permissions: chosen })
      const { key: _key, ...changes } = body
      return updateRole(tenantId, role.id, { ...changes, permissions: chosen })
    },
    onSuccess: async ({ role: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'roles'] })
      notifySuccess(t('roles.saved', { name: saved.name }))
      await navigate({ to: '/t/$tenantId/roles', params: { tenantId } })
    },
    onError: (failure) => setErrors(fieldErrors(failure, { Conflict: 'key' })),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setErrors({})
    save.mutate({
      key: String(form.get('key') ?? '').trim(),
      name: String(form.get('name') ?? '').trim(),
      description: String(form.get('description') ?? ''),
      level: Number(level),
    })
  }
  const title =
    role === undefined
      ? t('roles.new')
      : editable
        ? t('roles.edit', { name: roleLabel(t, role.key, roles) })
        : roleLabel(t, role.key, roles)
  return (
    <Stack>
      <AnchorLink to="/t/$tenantId/roles" params={{ tenantId }} w="fit-content">
        {t('roles.back')}
      </AnchorLink>
      <Title order={1} size="h2">
        {title}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group grow align="flex-start" maw={720}>
            <TextInput
              name="name"
              label={t('roles.name')}
              defaultValue={role?.name}
              required
              readOnly={!editable}
              error={errors.name}
            />
            <TextInput
              name="key"
              label={t('roles.key')}
              description={role === undefined ? t('roles.keyHint') : undefined}
              defaultValue={role?.key}
              required
              readOnly={role !== undefined}
              error={errors.key}
            />
          </Group>
          <Textarea
            name="description"
            label={t('roles.description')}
            defaultValue={role?.description}
            readOnly={!editable}
            maw={720}
            autosize
            minRows={2}
            error={errors.description}
          />
          <NumberInput
            label={t('roles.level')}
            description={t('roles.levelHint', { max: topLevel })}
            value={level}
            onChange={setLevel}
            min={1}
            max={topLevel}
            allowDecimal={false}
            readOnly={!editable}
            required
            maw={240}
            error={errors.level}
          />
          <PermissionMatrix
            families={families}
            value={permissions}
            onChange={setPermissions}
            mayDefine={(permission) => mayDefine(grantor, permission)}
            readOnly={!editable}
          />
          {errors.permissions && (
            <Alert color="red" role="alert">
              {errors.permissions}
            </Alert>
          )}
          {editable && (
            <Button type="submit" loading={save.isPending} w="fit-content">
              {role === undefined ? t('roles.submitCreate') : t('roles.submitSave')}
            </Button>
          )}
        </Stack>
      </form>
    </Stack>
  )
}
