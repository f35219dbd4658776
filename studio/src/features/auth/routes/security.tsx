import { FolioError } from '@folio/client'
import { Alert, Button, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconBrandGoogle } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { PasswordField } from '../../../app/password-field'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import {
  changePassword,
  deleteAccount,
  deletionPreflightQuery,
  googleStatusQuery,
  linkGoogle,
  unlinkGoogle,
} from '../api/account'
import { googleConfigQuery } from '../api/google'
import { accountQuery } from '../api/session'

const route = getRouteApi('/signed-in/security')

/** This screen's path: Google's answer to a link comes back here. */
const HERE = '/security'

/** The errors of a call that needed the current password: a wrong one goes to that field. */
function passwordErrors(error: unknown, field: string, wrong: string): FieldErrors {
  if (error instanceof FolioError && error.code === 'InvalidCredentials') return { [field]: wrong }
  return fieldErrors(error)
}

/** The signed-in account's password, Google link and deletion. */
export function SecurityPage() {
  const { t } = useTranslation()
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('security.title')}
      </Title>
      <PasswordSection />
      <GoogleSection />
      <DeletionSection />
    </Stack>
  )
}

function PasswordSection() {
  const { t } = useTranslation()
  const [errors, setErrors] = useState<FieldErrors>({})
  const change = useMutation({
    mutationFn: changePassword,
    onError: (error) => setErrors(passwordErrors(error, 'currentPassword', t('security.password.wrong'))),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setErrors({})
    change.mutate(
      {
        currentPassword: String(data.get('currentPassword') ?? ''),
        newPassword: String(data.get('newPassword') ?? ''),
      },
      {
        onSuccess: () => {
          form.reset()
          notifySuccess(t('security.password.changed'))
        },
      },
    )
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="security-password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="security-password">
            {t('security.password.title')}
          </Title>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <PasswordField
            name="currentPassword"
            label={t('security.password.current')}
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <PasswordField
            name="newPassword"
            label={t('security.password.new')}
            description={t('auth.register.passwordHint')}
            autoComplete="new-password"
            required
            error={errors.newPassword}
          />
          <Button type="submit" loading={change.isPending} w="fit-content">
            {t('security.password.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}

/** Shown when this Folio offers Google sign-in, or the account is still linked (unlinking works either way). */
function GoogleSection() {
  const { t, i18n } = useTranslation()
  const { googleError } = route.useSearch()
  const queryClient = useQueryClient()
  const config = useQuery(googleConfigQuery)
  const status = useQuery(googleStatusQuery)
  const [unlinking, setUnlinking] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [password, setPassword] = useState('')
  const unlink = useMutation({
    mutationFn: () => unlinkGoogle(password),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: googleStatusQuery.queryKey })
      notifySuccess(t('security.google.unlinked'))
      setUnlinking(false)
    },
    onError: async (error) => {
      setErrors(passwordErrors(error, 'currentPassword', t('security.password.wrong')))
      // Unlinked meanwhile (another tab): the status shows it, with the error above the form.
      if (error instanceof FolioError && error.code === 'GoogleNotLinked') {
        await queryClient.invalidateQueries({ queryKey: googleStatusQuery.queryKey })
      }
    },
  })
  const linked = status.data?.linked === true
  if (!(config.data?.enabled || linked)) return null
  const refused = unlink.error instanceof FolioError && unlink.error.code === 'GoogleUnlinkRefused'
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="security-google">
      <Stack>
        <Title order={2} size="h3" id="security-google">
          {t('security.google.title')}
        </Title>
        {googleError && (
          <Alert color="red" role="alert" title={t('security.google.failed')}>
            {t(`auth.google.errors.${googleError}`, { defaultValue: t('auth.google.errors.other') })}
          </Alert>
        )}
        {status.error && (
          <Alert color="red" role="alert">
            {status.error.message}
          </Alert>
        )}
        {status.data &&
          (linked ? (
            <>
              <Text>
                {t('security.google.linked', {
                  email: status.data.email ?? '',
                  date: status.data.linkedAt ? date.format(new Date(status.data.linkedAt)) : '',
                })}
              </Text>
              <Button
                variant="default"
                w="fit-content"
                onClick={() => {
                  unlink.reset()
                  setErrors({})
                  setPassword('')
                  setUnlinking(true)
                }}
              >
                {t('security.google.unlink')}
              </Button>
            </>
          ) : (
            <>
              <Text>{t('security.google.notLinked')}</Text>
              <Button
                variant="default"
                w="fit-content"
                leftSection={<IconBrandGoogle size={18} stroke={1.6} aria-hidden />}
                onClick={() => linkGoogle(HERE)}
              >
                {t('security.google.link')}
              </Button>
            </>
          ))}
      </Stack>
      <ConfirmDialog
        opened={unlinking}
        title={t('security.google.unlinkTitle')}
        confirmLabel={t('security.google.unlink')}
        pending={unlink.isPending}
        error={refused ? t('security.google.refused') : errors.form}
        onConfirm={() => {
          setErrors({})
          unlink.mutate()
        }}
        onClose={() => setUnlinking(false)}
        fields={
          <>
            <PasswordField
              label={t('security.password.current')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              required
              data-autofocus
              error={errors.currentPassword}
            />
            {refused && (
              <AnchorLink to="/account/forgot-password" w="fit-content">
                {t('security.google.setPassword')}
              </AnchorLink>
            )}
          </>
        }
      >
        {t('security.google.unlinkText')}
      </ConfirmDialog>
    </Paper>
  )
}

/** The preflight first: what blocks deletion, what goes with the account; then the password and the address. */
function DeletionSection() {
  const { t } = useTranslation()
  const { data: account } = useSuspenseQuery(accountQuery)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const preflight = useQuery(deletionPreflightQuery)
  const [deleting, setDeleting] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const remove = useMutation({
    mutationFn: () => deleteAccount({ currentPassword: password, confirmation }),
    onSuccess: async () => {
      // Off the signed-in screens first, so that none of them asks again for what is gone.
      await navigate({ to: '/login', search: {} })
      queryClient.clear()
      notifySuccess(t('security.delete.done'))
    },
    onError: (error) => setErrors(passwordErrors(error, 'currentPassword', t('security.password.wrong'))),
  })
  const plan = preflight.data
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="security-delete">
      <Stack>
        <Title order={2} size="h3" id="security-delete">
          {t('security.delete.title')}
        </Title>
        {preflight.error && (
          <Alert color="red" role="alert">
            {preflight.error.message}
          </Alert>
        )}
        {!plan && !preflight.error && <Text>{t('app.loading')}</Text>}
        {plan && plan.blockingTenants.length > 0 && (
          <Alert color="red" title={t('security.delete.blocked')}>
            <Stack gap="xs">
              <Text size="sm">{t('security.delete.blockedText')}</Text>
              <List size="sm">
                {plan.blockingTenants.map((tenant) => (
                  <List.Item key={tenant.tenantId}>
                    {t('security.delete.blocker', { name: tenant.name, count: tenant.otherMembers })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        )}
        {plan?.canDelete && (
          <>
            <Text>{t('security.delete.intro', { count: plan.membershipsToRevoke })}</Text>
            {plan.tenantsToDelete.length > 0 && (
              <>
                <Text>{t('security.delete.tenants')}</Text>
                <List>
                  {plan.tenantsToDelete.map((tenant) => (
                    <List.Item key={tenant.tenantId}>{tenant.name}</List.Item>
                  ))}
                </List>
              </>
            )}
            <Button
              color="red.8"
              w="fit-content"
              onClick={() => {
                remove.reset()
                setErrors({})
                setPassword('')
                setConfirmation('')
                setDeleting(true)
              }}
            >
              {t('security.delete.open')}
            </Button>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={t('security.delete.confirmTitle')}
        confirmLabel={t('security.delete.submit')}
        pending={remove.isPending}
        error={errors.form}
        onConfirm={() => {
          setErrors({})
          remove.mutate()
        }}
        onClose={() => setDeleting(false)}
        fields={
          <>
            <PasswordField
              label={t('security.password.current')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              required
              data-autofocus
              error={errors.currentPassword}
            />
            <TextInput
              label={t('security.delete.confirmation', { email: plan?.confirmation ?? account?.user.email })}
              autoComplete="off"
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              required
              error={errors.confirmation}
            />
          </>
        }
      >
        {t('security.delete.confirmText')}
      </ConfirmDialog>
    </Paper>
  )
}
