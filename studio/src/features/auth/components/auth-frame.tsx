import { Container, Paper, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The frame of the account screens: the product name and one centred card. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Container size={440} py="xl" component="main">
      <Text fw={700} size="lg" mb="md">
        {t('app.name')}
      </Text>
      <Paper withBorder p="lg" radius="md">
        <Stack>{children}</Stack>
      </Paper>
    </Container>
  )
}
