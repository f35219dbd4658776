import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { createToken, type NewApiToken, TOKEN_ROLES, TOKEN_SCOPES } from '../api/tokens'

/**
 * A new token's name, role, scopes and lifetime; once created, the dialog shows its plaintext, the
 * only time it is ever shown, with a copy button, until the user closes it.
 */
export function CreateTokenDialog({
  tenantId,
  opened,
  onClose,
}: {
  tenantId: string
  opened: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [role, setRole] = useState<string>('viewer')
  const [scopes, setScopes] = useState<string[]>(['read'])
  const [days, setDays] = useState<string | number>('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const create = useMutation({
    mutationFn: (body: NewApiToken) => createToken(tenantId, body),
    // The answer holds the plaintext: dropped from the mutation cache as soon as the dialog resets.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'api-tokens'] }),
    // The one 403 left once the screen is open: a role above what the creator may grant.
    onError: (failure) => setErrors(fieldErrors(failure, { Forbidden: 'role' })),
  })
  const close = () => {
    setErrors({})
    setRole('viewer')
    setScopes(['read'])
    setDays('')
    create.reset()
    onClose()
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setErrors({})
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim()
    create.mutate({
      name,
      role: role as NewApiToken['role'],
      scopes: scopes as NewApiToken['scopes'],
      ...(typeof days === 'number' ? { expiresInDays: days } : {}),
    })
  }
  const created = create.data

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('tokens.created.title') : t('tokens.create.title')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {created ? (
        <Stack>
          {/* The title in the body: a light alert's title takes its colour, too pale in yellow. */}
          <Alert color="yellow">
            <Text fw={700}>{t('tokens.created.once')}</Text>
            <Text size="sm">{t('tokens.created.store')}</Text>
          </Alert>
          <TextInput
            label={t('tokens.created.plaintext', { name: created.token.name })}
            value={created.plaintext}
            readOnly
            data-autofocus
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group justify="flex-end">
            <CopyButton value={created.plaintext}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('tokens.created.copied') : t('tokens.created.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{t('tokens.created.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <TextInput
              name="name"
              label={t('tokens.name')}
              description={t('tokens.create.nameHelp')}
              required
              data-autofocus
              autoComplete="off"
              error={errors.name}
            />
            <Select
              label={t('tokens.role')}
              description={t('tokens.create.roleHelp')}
              data={TOKEN_ROLES.map((key) => ({ value: key, label: t(`tokens.roles.${key}`) }))}
              value={role}
              onChange={(value) => setRole(value ?? 'viewer')}
              allowDeselect={false}
              error={errors.role}
            />
            <Checkbox.Group
              label={t('tokens.scopes')}
              value={scopes}
              onChange={setScopes}
              error={errors.scopes}
            >
              <Stack gap="xs" mt="xs">
                {TOKEN_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={t(`tokens.scope.${scope}`)}
                    description={t(`tokens.scopeHelp.${scope}`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <NumberInput
              label={t('tokens.create.expiresInDays')}
              description={t('tokens.create.expiresHelp')}
              value={days}
              onChange={setDays}
              min={1}
              max={3650}
              allowDecimal={false}
              error={errors.expiresInDays}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('app.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('tokens.create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
