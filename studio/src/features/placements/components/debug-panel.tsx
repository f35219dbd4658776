import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { type DebugResult, type DecisionContext, debugDecision, type Placement } from '../api/placements'
import { fromWallTime, mapOf } from '../api/rules'
import { DateTimeInput } from './date-time-input'
import { PairsInput } from './pairs-input'

const DEVICES = ['mobile', 'tablet', 'desktop'] as const

interface Sample {
  path: string
  sessionId: string
  userKey: string
  locale: string
  device: string | null
  browser: string
  os: string
  country: string
  authenticated: string
  userRoles: string[]
  userTags: string[]
  featureFlags: string[]
  referrer: string
  query: [string, string][]
  cookies: [string, string][]
  at: string | null
}

const EMPTY: Sample = {
  path: '/',
  sessionId: 'studio-sample',
  userKey: '',
  locale: '',
  device: null,
  browser: '',
  os: '',
  country: '',
  authenticated: 'unknown',
  userRoles: [],
  userTags: [],
  featureFlags: [],
  referrer: '',
  query: [],
  cookies: [],
  at: null,
}

/** One member of the context, or nothing when it is not sent. */
function member<K extends keyof DecisionContext>(
  key: K,
  value: DecisionContext[K] | undefined,
): Partial<DecisionContext> {
  return value === undefined ? {} : ({ [key]: value } as Partial<DecisionContext>)
}

/** The sample as the API's context: members left empty are not sent (a rule needing them fails). */
function contextOf(sample: Sample): DecisionContext {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim())
  const list = (values: string[]) => (values.length === 0 ? undefined : values)
  const map = (rows: [string, string][]) => {
    const entries = mapOf(rows)
    return Object.keys(entries).length === 0 ? undefined : entries
  }
  return {
    path: sample.path.trim(),
    sessionId: sample.sessionId.trim(),
    ...member('userKey', text(sample.userKey)),
    ...member('locale', text(sample.locale)),
    ...member('device', (sample.device ?? undefined) as DecisionContext['device']),
    ...member('browser', text(sample.browser)),
    ...member('os', text(sample.os)),
    ...member('country', text(sample.country)),
    ...member(
      'authenticated',
      sample.authenticated === 'unknown' ? undefined : sample.authenticated === 'true',
    ),
    ...member('userRoles', list(sample.userRoles)),
    ...member('userTags', list(sample.userTags)),
    ...member('featureFlags', list(sample.featureFlags)),
    ...member('referrer', text(sample.referrer)),
    ...member('query', map(sample.query)),
    ...member('cookies', map(sample.cookies)),
  }
}

/**
 * Asks the API what the placement would show a sample visitor (at a chosen time, default now) and
 * shows the answer with its reasons: the selected experience, the visitor's bucket and, for every
 * experience, why it was or was not eligible.
 */
export function DebugPanel({ tenantId, placement }: { tenantId: string; placement: Placement }) {
  const { t } = useTranslation()
  const [sample, setSample] = useState(EMPTY)
  const change = (changes: Partial<Sample>) => setSample((current) => ({ ...current, ...changes }))
  const resultId = useId()
  const decide = useMutation({
    mutationFn: () =>
      debugDecision(tenantId, placement.slug, contextOf(sample), fromWallTime(sample.at, placement.timezone)),
  })
  const errors = decide.error ? fieldErrors(decide.error) : {}
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    decide.mutate()
  }

  return (
    <Stack>
      <form onSubmit={onSubmit} aria-label={t('placements.debug.form')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('placements.debug.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <TextInput
              label={t('placements.debug.path')}
              required
              value={sample.path}
              onChange={(event) => change({ path: event.currentTarget.value })}
            />
            <TextInput
              label={t('placements.debug.sessionId')}
              required
              value={sample.sessionId}
              onChange={(event) => change({ sessionId: event.currentTarget.value })}
            />
            <TextInput
              label={t('placements.debug.userKey')}
              value={sample.userKey}
              onChange={(event) => change({ userKey: event.currentTarget.value })}
            />
            <TextInput
              label={t('placements.debug.locale')}
              value={sample.locale}
              onChange={(event) => change({ locale: event.currentTarget.value })}
            />
            <Select
              label={t('placements.debug.device')}
              clearable
              placeholder={t('placements.debug.notSent')}
              value={sample.device}
              data={DEVICES.map((device) => ({ value: device, label: t(`placements.device.${device}`) }))}
              onChange={(device) => change({ device })}
            />
            <TextInput
              label={t('placements.debug.country')}
              maxLength={2}
              value={sample.country}
              onChange={(event) => change({ country: event.currentTarget.value })}
            />
            <TextInput
              label={t('placements.debug.browser')}
              value={sample.browser}
              onChange={(event) => change({ browser: event.currentTarget.value })}
            />
            <TextInput
              label={t('placements.debug.os')}
              value={sample.os}
              onChange={(event) => change({ os: event.currentTarget.value })}
            />
            <Select
              label={t('placements.debug.authenticated')}
              allowDeselect={false}
              value={sample.authenticated}
              data={['unknown', 'true', 'false'].map((choice) => ({
                value: choice,
                label: t(`placements.debug.signedIn.${choice}`),
              }))}
              onChange={(authenticated) => authenticated && change({ authenticated })}
            />
            <TagsInput
              label={t('placements.debug.userRoles')}
              value={sample.userRoles}
              onChange={(userRoles) => change({ userRoles })}
            />
            <TagsInput
              label={t('placements.debug.userTags')}
              value={sample.userTags}
              onChange={(userTags) => change({ userTags })}
            />
            <TagsInput
              label={t('placements.debug.featureFlags')}
              value={sample.featureFlags}
              onChange={(featureFlags) => change({ featureFlags })}
            />
            <TextInput
              label={t('placements.debug.referrer')}
              value={sample.referrer}
              onChange={(event) => change({ referrer: event.currentTarget.value })}
            />
            <DateTimeInput
              label={t('placements.debug.at')}
              description={t('placements.debug.atHint', { timezone: placement.timezone })}
              value={sample.at}
              onChange={(at) => change({ at })}
              clearLabel={t('placements.debug.clearAt')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <PairsInput
              legend={t('placements.debug.query')}
              rows={sample.query}
              onChange={(query) => change({ query })}
            />
            <PairsInput
              legend={t('placements.debug.cookies')}
              rows={sample.cookies}
              onChange={(cookies) => change({ cookies })}
            />
          </SimpleGrid>
          {Object.keys(errors).length > 0 && (
            <Alert color="red" role="alert">
              {Object.values(errors).join(' ')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={decide.isPending} aria-controls={resultId}>
              {t('placements.debug.run')}
            </Button>
          </Group>
        </Stack>
      </form>
      <section id={resultId} aria-live="polite" aria-labelledby={`${resultId}-title`}>
        {decide.data && !decide.isPending && (
          <DebugOutcome result={decide.data} placement={placement} titleId={`${resultId}-title`} />
        )}
      </section>
    </Stack>
  )
}

function DebugOutcome({
  result,
  placement,
  titleId,
}: {
  result: DebugResult
  placement: Placement
  titleId: string
}) {
  const { t, i18n } = useTranslation()
  const selected = result.selected
    ? (placement.experiences.find((experience) => experience.id === result.selected?.experienceId)?.name ??
      result.evaluated.find((entry) => entry.experienceId === result.selected?.experienceId)?.name)
    : undefined
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 })
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Title order={3} size="h4" id={titleId}>
          {t('placements.debug.decision')}
        </Title>
        <Text fw={600}>
          {result.selected
            ? t(`placements.debug.selected.${result.selected.reason}`, { name: selected })
            : t('placements.debug.nothing')}
        </Text>
        <Text size="sm">{t('placements.debug.bucket', { bucket: number.format(result.bucket) })}</Text>
        <Table.ScrollContainer minWidth={480} type="native">
          <Table>
            <Table.Caption>{t('placements.debug.evaluated')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('placements.debug.experience')}</Table.Th>
                <Table.Th>{t('placements.debug.eligible')}</Table.Th>
                <Table.Th>{t('placements.debug.why')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.evaluated.map((entry) => (
                <Table.Tr key={entry.experienceId}>
                  <Table.Td>{entry.name}</Table.Td>
                  <Table.Td>
                    <Badge color={entry.eligible ? 'teal.9' : 'gray.7'} variant="filled">
                      {entry.eligible ? t('placements.debug.yes') : t('placements.debug.no')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {entry.rejections.length === 0 ? (
                      t('placements.debug.allMatch')
                    ) : (
                      <List size="sm">
                        {entry.rejections.map((rejection) => (
                          <List.Item key={rejection.code}>
                            {t(`placements.rejection.${rejection.code}`)}
                            <Text span size="xs" c="dimmed">
                              {' '}
                              ({rejection.message})
                            </Text>
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  )
}
