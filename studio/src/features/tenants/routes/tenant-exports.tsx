import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import {
  deleteExport,
  downloadUrl,
  type ExportOptions,
  exportsQuery,
  isFinished,
  percentOf,
  startExport,
  type TenantExport,
} from '../api/portability'
import { BackupScheduleSection } from '../components/backup-schedule-section'

const route = getRouteApi('/signed-in/t/$tenantId/exports')

/** Filled badges in shades dark enough for white text (WCAG AA), as the import screens use. */
const STATUS_COLORS: Record<TenantExport['status'], string> = {
  queued: 'gray.7',
  running: 'blue.8',
  succeeded: 'teal.9',
  failed: 'red.8',
}

/**
 * Which words name a row: a manual export's, or a backup's (an export of the backup schedule,
 * kept by count rather than by age: docs/decisions/portability.md "Backups").
 */
const KIND = { manual: 'manual', schedule: 'backup' } as const satisfies Record<
  TenantExport['trigger'],
  string
>

/** The counts an export's summary names, in this order, when the export has them. */
const SUMMARY_KINDS = ['contents', 'media', 'mediaFiles', 'categories', 'tags', 'forms', 'members'] as const

/**
 * Export and backups (docs/decisions/studio.md "Tenant export and import"): a new export of the
 * whole tenant, with or without form responses and placement statistics, the tenant's backup
 * schedule, and the tenant's exports and backups, followed every second while one is unfinished,
 * each downloadable once it succeeded.
 */
export function TenantExportsPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const [options, setOptions] = useState<ExportOptions>({ includeResponses: false, includeStatistics: false })
  const list = useQuery(exportsQuery(tenantId))
  const start = useMutation({
    mutationFn: (chosen: ExportOptions) => startExport(tenantId, chosen),
    onSuccess: async () => {
      notifySuccess(t('exports.started'))
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'exports'] })
    },
  })
  const startError = start.error ? fieldErrors(start.error).form : undefined
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        {t('exports.title')}
      </Title>
      <Text>{t('exports.help')}</Text>
      <Paper withBorder p="md" component="section" aria-labelledby="export-start-title">
        <Stack>
          <Title order={2} size="h3" id="export-start-title">
            {t('exports.startTitle')}
          </Title>
          <Checkbox
            label={t('exports.includeResponses')}
            checked={options.includeResponses}
            onChange={(event) => setOptions({ ...options, includeResponses: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('exports.includeStatistics')}
            checked={options.includeStatistics}
            onChange={(event) => setOptions({ ...options, includeStatistics: event.currentTarget.checked })}
          />
          {startError && (
            <Alert color="red" role="alert">
              {startError}
            </Alert>
          )}
          <Button w="fit-content" loading={start.isPending} onClick={() => start.mutate(options)}>
            {t('exports.start')}
          </Button>
        </Stack>
      </Paper>
      <BackupScheduleSection tenantId={tenantId} />
      <Paper withBorder p="md" component="section" aria-labelledby="export-list-title">
        <Stack>
          <Title order={2} size="h3" id="export-list-title">
            {t('exports.listTitle')}
          </Title>
          {list.error ? (
            <Alert color="red" role="alert">
              {list.error.message}
            </Alert>
          ) : list.data === undefined ? (
            <Skeleton h={120} />
          ) : list.data.length === 0 ? (
            <Text c="dimmed">{t('exports.none')}</Text>
          ) : (
            <ExportsTable tenantId={tenantId} exports={list.data} />
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}

/** The exports, newest first, with their state, what they hold, and what can be done with each. */
function ExportsTable({ tenantId, exports }: { tenantId: string; exports: TenantExport[] }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [deleting, setDeleting] = useState<TenantExport>()
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const number = new Intl.NumberFormat(i18n.language)
  const size = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 1,
  })
  const remove = useMutation({
    mutationFn: (removed: TenantExport) => deleteExport(tenantId, removed.id),
    onSuccess: async (_answer, removed) => {
      setDeleting(undefined)
      notifySuccess(t(`exports.${KIND[removed.trigger]}.deleted`))
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'exports'] })
    },
  })
  const summary = (state: TenantExport) =>
    SUMMARY_KINDS.filter((kind) => state.counts[kind] !== undefined)
      .map((kind) => t(`exports.kinds.${kind}`, { count: number.format(state.counts[kind] ?? 0) }))
      .join(', ')
  return (
    <>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table withTableBorder aria-labelledby="exports-caption">
          <Table.Caption id="exports-caption">{t('exports.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('exports.created')}</Table.Th>
              <Table.Th>{t('exports.status')}</Table.Th>
              <Table.Th>{t('exports.contents')}</Table.Th>
              <Table.Th ta="right">{t('exports.size')}</Table.Th>
              <Table.Th>{t('exports.expires')}</Table.Th>
              <Table.Th>{t('exports.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exports.map((state) => {
              const created = date.format(new Date(state.createdAt))
              const percent = percentOf(state.progress)
              const kind = KIND[state.trigger]
              return (
                <Table.Tr key={state.id}>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      {created}
                      {state.trigger === 'schedule' && (
                        <Badge variant="outline" color="indigo.8">
                          {t('exports.backupBadge')}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Badge variant="filled" color={STATUS_COLORS[state.status]}>
                        {t(`imports.statuses.${state.status}`)}
                      </Badge>
                      {!isFinished(state) && (
                        <Progress
                          value={percent}
                          aria-label={t('exports.progress', { percent })}
                          w={120}
                          animated
                        />
                      )}
                      {state.error && (
                        <Text size="sm" c="red.8">
                          {state.error}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{isFinished(state) ? summary(state) : '—'}</Table.Td>
                  <Table.Td ta="right">
                    {state.sizeBytes === null ? '—' : size.format(state.sizeBytes / 1000)}
                  </Table.Td>
                  <Table.Td>
                    {state.trigger === 'schedule'
                      ? t('exports.keptBySchedule')
                      : state.expiresAt === null
                        ? '—'
                        : date.format(new Date(state.expiresAt))}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {state.status === 'succeeded' && (
                        <Anchor
                          href={downloadUrl(tenantId, state.id)}
                          download
                          aria-label={t(`exports.${kind}.downloadOf`, { date: created })}
                        >
                          {t('exports.download')}
                        </Anchor>
                      )}
                      {isFinished(state) && (
                        <Button
                          size="xs"
                          variant="default"
                          color="red.8"
                          aria-label={t(`exports.${kind}.deleteOf`, { date: created })}
                          onClick={() => {
                            remove.reset()
                            setDeleting(state)
                          }}
                        >
                          {t('exports.delete')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text role="status" size="sm" c="dimmed">
        {exports.some((state) => !isFinished(state)) ? t('exports.working') : ''}
      </Text>
      {deleting && (
        <ConfirmDialog
          title={t(`exports.${KIND[deleting.trigger]}.deleteTitle`)}
          confirmLabel={t('exports.delete')}
          pending={remove.isPending}
          error={remove.error ? fieldErrors(remove.error).form : undefined}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(undefined)}
        >
          {t(`exports.${KIND[deleting.trigger]}.deleteText`, {
            date: date.format(new Date(deleting.createdAt)),
          })}
        </ConfirmDialog>
      )}
    </>
  )
}
