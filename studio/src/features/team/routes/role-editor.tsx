import { requestBodies } from '@folio/client'
import { Alert, Button, Group, NumberInput, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { bodyValidator, memberOf } from '../../../lib/validation'
import { useCan } from '../../auth'
import { mayDefine, permissionFamilies } from '../api/grant-rules'
import { useGrantor } from '../api/grants'
import { createRole, type Permission, type Role, rolesQuery, updateRole } from '../api/roles'
import { PermissionMatrix } from '../components/permission-matrix'
import { roleLabel } from '../components/role-label'

const route = getRouteApi('/signed-in/t/$tenantId')

/** The highest level a custom role may have (the API's), below every owner. */
const MAX_LEVEL = 49

/** What the role form edits. */
interface RoleValues {
  key: string
  name: string
  description: string
  level: number | string
  permissions: string[]
}

/** What a save sends: a new role's key, and every member the API takes (a stored role keeps its key). */
function roleBodyOf(values: RoleValues, creating: boolean) {
  const body = {
    name: values.name.trim(),
    description: values.description,
    level: Number(values.level),
    // The matrix offers only the catalogue's permissions (read from the roles themselves).
    permissions: values.permissions as Permission[],
  }
  return creating ? { key: values.key.trim(), ...body } : body
}

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
  const form = useForm<RoleValues>({
    initialValues: {
      key: role?.key ?? '',
      name: role?.name ?? '',
      description: role?.description ?? '',
      level: role?.level ?? Math.min(10, topLevel),
      permissions: [...(role?.permissions ?? [])],
    },
    clearInputErrorOnChange: false,
    validate: bodyValidator(
      role === undefined ? requestBodies.createRole : requestBodies.updateRole,
      (values: RoleValues) => roleBodyOf(values, role === undefined),
      memberOf,
    ),
  })
  const errors = form.errors as FieldErrors
  const save = useMutation({
    mutationFn: (values: RoleValues) =>
      role === undefined
        ? createRole(tenantId, { ...roleBodyOf(values, true), key: values.key.trim() })
        : updateRole(tenantId, role.id, roleBodyOf(values, false)),
    onSuccess: async ({ role: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'roles'] })
      notifySuccess(t('roles.saved', { name: saved.name }))
      await navigate({ to: '/t/$tenantId/roles', params: { tenantId } })
    },
  })
  const submit = form.onSubmit((values) =>
    save
      .mutateAsync(values)
      .catch((failure: unknown) => form.setErrors(fieldErrors(failure, { Conflict: 'key' }))),
  )
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
              {...form.getInputProps('name')}
              label={t('roles.name')}
              required
              readOnly={!editable}
            />
            <TextInput
              {...form.getInputProps('key')}
              label={t('roles.key')}
              description={role === undefined ? t('roles.keyHint') : undefined}
              required
              readOnly={role !== undefined}
            />
          </Group>
          <Textarea
            {...form.getInputProps('description')}
            label={t('roles.description')}
            readOnly={!editable}
            maw={720}
            autosize
            minRows={2}
          />
          <NumberInput
            label={t('roles.level')}
            description={t('roles.levelHint', { max: topLevel })}
            {...form.getInputProps('level')}
            min={1}
            max={topLevel}
            allowDecimal={false}
            readOnly={!editable}
            required
            maw={240}
          />
          <PermissionMatrix
            families={families}
            value={new Set(form.values.permissions)}
            onChange={(chosen) => form.setFieldValue('permissions', [...chosen])}
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
