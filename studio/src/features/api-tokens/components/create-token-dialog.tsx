import { requestBodies } from '@folio/client'
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
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { bodyValidator, memberOf } from '../../../lib/validation'
import { createToken, type NewApiToken, TOKEN_ROLES, TOKEN_SCOPES } from '../api/tokens'

/** What the creation form edits; an empty lifetime is none. */
interface TokenValues {
  name: string
  role: string
  scopes: string[]
  days: string | number
}

/** What a creation sends: the name trimmed, the lifetime only when one is given. */
function tokenOf(values: TokenValues): NewApiToken {
  return {
    name: values.name.trim(),
    role: values.role as NewApiToken['role'],
    scopes: values.scopes as NewApiToken['scopes'],
    ...(typeof values.days === 'number' ? { expiresInDays: values.days } : {}),
  }
}

/**
 * A new token's name, role, scopes and lifetime, checked against the API's schema of the body
 * first; once created, the dialog shows its plaintext, the
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
  const form = useForm<TokenValues>({
    initialValues: { name: '', role: 'viewer', scopes: ['read'], days: '' },
    clearInputErrorOnChange: false,
    validate: bodyValidator(requestBodies.createApiToken, tokenOf, (pointer) =>
      pointer === '/expiresInDays' ? 'days' : memberOf(pointer),
    ),
  })
  const errors = form.errors as FieldErrors
  const create = useMutation({
    mutationFn: (body: NewApiToken) => createToken(tenantId, body),
    // The answer holds the plaintext: dropped from the mutation cache as soon as the dialog resets.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'api-tokens'] }),
  })
  const close = () => {
    form.reset()
    create.reset()
    onClose()
  }
  const submit = form.onSubmit((values) =>
    create.mutateAsync(tokenOf(values)).catch((failure: unknown) => {
      // The one 403 left once the screen is open: a role above what the creator may grant.
      const found = fieldErrors(failure, { Forbidden: 'role' })
      const { expiresInDays, ...rest } = found
      form.setErrors(expiresInDays === undefined ? rest : { ...rest, days: expiresInDays })
    }),
  )
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
              {...form.getInputProps('name')}
              label={t('tokens.name')}
              description={t('tokens.create.nameHelp')}
              required
              data-autofocus
              autoComplete="off"
            />
            <Select
              label={t('tokens.role')}
              description={t('tokens.create.roleHelp')}
              data={TOKEN_ROLES.map((key) => ({ value: key, label: t(`tokens.roles.${key}`) }))}
              {...form.getInputProps('role')}
              allowDeselect={false}
            />
            <Checkbox.Group {...form.getInputProps('scopes')} label={t('tokens.scopes')}>
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
              {...form.getInputProps('days')}
              min={1}
              max={3650}
              allowDecimal={false}
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
