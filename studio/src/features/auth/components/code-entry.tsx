import { Button, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Where the code of a mail is pasted when its link carries none: every account mail also gives the
 * screen's bare address and the code on a line of its own. `onCode` puts it in the address
 * (`?token=`), so the screen goes on as if the full link had been opened.
 */
export function CodeEntry({ label, onCode }: { label: string; onCode: (code: string) => void }) {
  const { t } = useTranslation()
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('token') ?? '').trim()
    if (code === '') {
      setError(t('account.code.required'))
      return
    }
    onCode(code)
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('account.code.intro')}</Text>
        <TextInput name="token" label={label} autoComplete="off" required error={error} />
        <Button type="submit">{t('account.code.submit')}</Button>
      </Stack>
    </form>
  )
}
