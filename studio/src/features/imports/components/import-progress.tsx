import { Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Import } from '../api/imports'

/** The phases of an import, in the order the server runs them. */
const PHASES = ['categories', 'tags', 'attachments', 'contents', 'menus'] as const
/** The kinds the server counts, in the order shown. */
const KINDS = ['categories', 'tags', 'media', 'posts', 'pages', 'menus', 'menuItems'] as const

/** Filled badges in shades dark enough for white text (WCAG AA). */
const STATUS_COLORS: Record<string, string> = {
  queued: 'gray.7',
  running: 'blue.8',
  succeeded: 'teal.9',
  failed: 'red.8',
}

/** An import's status as a filled badge. */
export function ImportStatusBadge({ status }: { status: Import['status'] }) {
  const { t } = useTranslation()
  return (
    <Badge variant="filled" color={STATUS_COLORS[status] ?? 'gray.7'}>
      {t(`imports.statuses.${status}`)}
    </Badge>
  )
}

type PhaseState = 'done' | 'running' | 'waiting'

function phaseState(state: Import, phase: (typeof PHASES)[number]): PhaseState {
  if (state.status === 'succeeded') return 'done'
  if (state.status !== 'running' || state.phase === null) return 'waiting'
  const current = PHASES.indexOf(state.phase as (typeof PHASES)[number])
  const index = PHASES.indexOf(phase)
  return index < current ? 'done' : index === current ? 'running' : 'waiting'
}

/**
 * An import as the server reports it: its status, each phase's state with the items the export
 * holds, the counts per kind (created, already there, of those updated, skipped), and its problems.
 */
export function ImportProgress({ state }: { state: Import }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const phasesId = useId()
  const countsId = useId()
  const skipped = Object.entries(state.skipped)
  return (
    <Stack>
      <Group>
        <Title order={2} size="h3">
          {state.siteTitle || t('imports.untitled')}
        </Title>
        <ImportStatusBadge status={state.status} />
        {state.dryRun && <Badge variant="outline">{t('imports.dryRunBadge')}</Badge>}
      </Group>
      <Text role="status">
        {state.status === 'running' && state.phase
          ? t('imports.running', { phase: t(`imports.phases.${state.phase}`) })
          : t(`imports.statusText.${state.status}`)}
      </Text>
      {state.error && (
        <Alert color="red" role="alert" title={t('imports.failed')}>
          {state.error}
        </Alert>
      )}
      <Table withTableBorder maw={520} aria-labelledby={phasesId}>
        <Table.Caption id={phasesId}>{t('imports.phasesCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('imports.phase')}</Table.Th>
            <Table.Th ta="right">{t('imports.inExport')}</Table.Th>
            <Table.Th>{t('imports.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PHASES.map((phase) => {
            const phaseNow = phaseState(state, phase)
            return (
              <Table.Tr key={phase}>
                <Table.Th scope="row">{t(`imports.phases.${phase}`)}</Table.Th>
                <Table.Td ta="right">{number.format(state.totals[phase])}</Table.Td>
                <Table.Td>{t(`imports.phaseStates.${phaseNow}`)}</Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
      <Table.ScrollContainer minWidth={480} type="native">
        <Table withTableBorder maw={720} aria-labelledby={countsId}>
          <Table.Caption id={countsId}>{t('imports.countsCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('imports.kind')}</Table.Th>
              <Table.Th ta="right">{t('imports.created')}</Table.Th>
              <Table.Th ta="right">{t('imports.existing')}</Table.Th>
              <Table.Th ta="right">{t('imports.updated')}</Table.Th>
              <Table.Th ta="right">{t('imports.skipped')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {KINDS.map((kind) => (
              <Table.Tr key={kind}>
                <Table.Th scope="row">{t(`imports.kinds.${kind}`)}</Table.Th>
                <Table.Td ta="right">{number.format(state.counts[kind].created)}</Table.Td>
                <Table.Td ta="right">{number.format(state.counts[kind].existing)}</Table.Td>
                <Table.Td ta="right">{number.format(state.counts[kind].updated)}</Table.Td>
                <Table.Td ta="right">{number.format(state.counts[kind].skipped)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {state.status === 'succeeded' && (
        <Text>
          {t(state.mediaFiles.mode === 'copied' ? 'imports.mediaCopied' : 'imports.mediaExternal', {
            copied: state.mediaFiles.copied,
            external: state.mediaFiles.external,
          })}
        </Text>
      )}
      {skipped.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('imports.skippedTitle')}
          </Title>
          <List>
            {skipped.map(([reason, count]) => (
              <List.Item key={reason}>{`${reason}: ${number.format(count)}`}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-labelledby={`${countsId}-problems`}>
        <Title order={3} size="h4" id={`${countsId}-problems`}>
          {t('imports.problems', { count: state.problems.length })}
        </Title>
        {state.problems.length === 0 ? (
          <Text c="dimmed">{t('imports.noProblems')}</Text>
        ) : (
          <Table.ScrollContainer
            minWidth={480}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={t('imports.problemsRegion')}
          >
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('imports.problemKey')}</Table.Th>
                  <Table.Th>{t('imports.problemMessage')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.problems.map((problem, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one WordPress key may be reported twice; the list only grows
                  <Table.Tr key={`${problem.key}-${index}`}>
                    <Table.Td>{problem.key}</Table.Td>
                    <Table.Td>{problem.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  )
}
