import { Alert, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { accountQuery, updateProfile } from '../api/session'

const BROWSER = 'browser'

/** The signed-in user's name and language; the language applies as soon as it is saved. */
export function ProfilePage() {
  const { t } = useTranslation()
  const { data: account } = useSuspenseQuery(accountQuery)
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [language, setLanguage] = useState<string>(account?.language ?? BROWSER)
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      notifySuccess(t('profile.saved'))
    },
    onError: (error) => setErrors(fieldErrors(error)),
  })
  if (!account) return null
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setErrors({})
    mutation.mutate({
      firstName: String(form.get('firstName')),
      lastName: String(form.get('lastName')),
      language: language === 'en' || language === 'tr' ? language : null,
    })
  }
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
            <TextInput
              name="firstName"
              label={t('auth.firstName')}
              defaultValue={account.user.firstName}
              required
              error={errors.firstName}
            />
            <TextInput
              name="lastName"
              label={t('auth.lastName')}
              defaultValue={account.user.lastName}
              required
              error={errors.lastName}
            />
          </Group>
          <Select
            label={t('profile.language')}
            value={language}
            allowDeselect={false}
            onChange={(value) => value && setLanguage(value)}
            data={[
              { value: BROWSER, label: t('profile.browserLanguage') },
              { value: 'en', label: 'English' },
              { value: 'tr', label: 'Türkçe' },
            ]}
            error={errors.language}
          />
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            {t('profile.save')}
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
