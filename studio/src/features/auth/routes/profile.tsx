import { requestBodies } from '@folio/client'
import { Alert, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { bodyValidator, memberOf } from '../../../lib/validation'
import { accountQuery, updateProfile } from '../api/session'

const BROWSER = 'browser'

interface ProfileValues {
  firstName: string
  lastName: string
  language: string
}

/** What a save sends: "the browser's" language is none of the user's own. */
const bodyOf = ({ firstName, lastName, language }: ProfileValues): Parameters<typeof updateProfile>[0] => ({
  firstName,
  lastName,
  language: language === 'en' || language === 'tr' ? language : null,
})

/** The signed-in user's name and language; the language applies as soon as it is saved. */
export function ProfilePage() {
  const { t } = useTranslation()
  const { data: account } = useSuspenseQuery(accountQuery)
  const queryClient = useQueryClient()
  const form = useForm<ProfileValues>({
    initialValues: {
      firstName: account?.user.firstName ?? '',
      lastName: account?.user.lastName ?? '',
      language: account?.language ?? BROWSER,
    },
    clearInputErrorOnChange: false,
    validate: bodyValidator(requestBodies.updateMe, bodyOf, memberOf),
  })
  const errors = form.errors as FieldErrors
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      notifySuccess(t('profile.saved'))
    },
  })
  if (!account) return null
  const submit = form.onSubmit((values) =>
    mutation.mutateAsync(bodyOf(values)).catch((error: unknown) => form.setErrors(fieldErrors(error))),
  )
  return (
    <Stack maw={520}>
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput label={t('auth.email')} value={account.user.email} readOnly />
          <Group grow align="flex-start">
            <TextInput {...form.getInputProps('firstName')} label={t('auth.firstName')} required />
            <TextInput {...form.getInputProps('lastName')} label={t('auth.lastName')} required />
          </Group>
          <Select
            label={t('profile.language')}
            {...form.getInputProps('language')}
            allowDeselect={false}
            data={[
              { value: BROWSER, label: t('profile.browserLanguage') },
              { value: 'en', label: 'English' },
              { value: 'tr', label: 'Türkçe' },
            ]}
          />
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            {t('profile.save')}
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
