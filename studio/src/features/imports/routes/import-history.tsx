import { Alert, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '../../../app/pager'
import { AnchorLink, ButtonLink } from '../../../lib/links'
import { useCan } from '../../auth'
import { createdIn, type Import, importQuery, importsQuery } from '../api/imports'
import { ImportProgress, ImportStatusBadge } from '../components/import-progress'

const route = getRouteApi('/signed-in/t/$tenantId/imports')

/**
 * The tenant's imports, newest first, each with its status, options, what it created and its
 * problems; one's whole report (phases, counts, problems) opens below the list, from the address,
 * so a report stays readable after its import ended and the import screen was left.
 */
export function ImportHistoryPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const search = route.useSearch()
  const navigate = useNavigate()
  const can = useCan()
  const page = search.page ?? 1
  const list = useQuery(importsQuery(tenantId, page))
  const listed = list.data?.imports.find((state) => state.id === search.import)
  // A report opened by address may be on another page of the list: it is read by itself then.
  const opened = useQuery({
    ...importQuery(tenantId, search.import ?? ''),
    enabled: search.import !== undefined && list.data !== undefined && listed === undefined,
  })
  const report: Import | undefined = listed ?? opened.data
  const reportRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (search.import !== undefined) reportRef.current?.focus()
  }, [search.import])
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const number = new Intl.NumberFormat(i18n.language)

  return (
    <Stack maw={980}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('imports.history.title')}
        </Title>
        {can('tenants:update') && (
          <ButtonLink to="/t/$tenantId/import" params={{ tenantId }} variant="default">
            {t('imports.history.newImport')}
          </ButtonLink>
        )}
      </Group>
      <Text>{t('imports.history.intro')}</Text>
      {list.error ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : list.data === undefined ? (
        <Skeleton h={160} />
      ) : list.data.imports.length === 0 ? (
        <Text>{t('imports.history.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped aria-labelledby="imports-history-caption">
            <Table.Caption id="imports-history-caption">{t('imports.history.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.history.started')}</Table.Th>
                <Table.Th>{t('imports.history.site')}</Table.Th>
                <Table.Th>{t('imports.history.status')}</Table.Th>
                <Table.Th>{t('imports.history.options')}</Table.Th>
                <Table.Th ta="right">{t('imports.history.createdCount')}</Table.Th>
                <Table.Th ta="right">{t('imports.history.problemCount')}</Table.Th>
                <Table.Th>{t('imports.history.report')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.imports.map((state) => {
                const site = state.siteTitle || t('imports.untitled')
                const options = [
                  state.dryRun ? t('imports.dryRunBadge') : null,
                  state.copyMedia ? t('imports.history.copyMedia') : null,
                ].filter((option) => option !== null)
                return (
                  <Table.Tr key={state.id} aria-current={state.id === search.import ? 'true' : undefined}>
                    <Table.Td>{date.format(new Date(state.createdAt))}</Table.Td>
                    <Table.Th scope="row">{site}</Table.Th>
                    <Table.Td>
                      <ImportStatusBadge status={state.status} />
                    </Table.Td>
                    <Table.Td>{options.join(', ') || '—'}</Table.Td>
                    <Table.Td ta="right">{number.format(createdIn(state))}</Table.Td>
                    <Table.Td ta="right">{number.format(state.problems.length)}</Table.Td>
                    <Table.Td>
                      <AnchorLink
                        to="/t/$tenantId/imports"
                        params={{ tenantId }}
                        search={{ ...(page > 1 ? { page } : {}), import: state.id }}
                        aria-label={t('imports.history.showReportOf', {
                          site,
                          date: date.format(new Date(state.createdAt)),
                        })}
                      >
                        {t('imports.history.showReport')}
                      </AnchorLink>
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && (
        <Pager
          pages={list.data.pagination.pages}
          page={page}
          onChange={(next) =>
            navigate({
              to: '/t/$tenantId/imports',
              params: { tenantId },
              search: next > 1 ? { page: next } : {},
            })
          }
        />
      )}
      {search.import !== undefined && (
        <Paper
          withBorder
          p="md"
          component="section"
          aria-label={t('imports.history.reportRegion')}
          tabIndex={-1}
          ref={reportRef}
        >
          {opened.error ? (
            <Alert color="red" role="alert">
              {opened.error.message}
            </Alert>
          ) : report === undefined ? (
            <Skeleton h={240} />
          ) : (
            <ImportProgress state={report} />
          )}
        </Paper>
      )}
    </Stack>
  )
}
