import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../app/data-table'
import { Pager } from '../../../app/pager'
import { SearchBox } from '../../../app/search-box'
import { AnchorLink } from '../../../lib/links'
import { useCan } from '../../auth'
import { textIn, textsOf } from '../api/definition'
import { formsQuery } from '../api/forms'
import { FORM_STATUSES, type FormStatus } from '../api/search'
import { NewFormDialog } from '../components/new-form-dialog'
import { FormStatusBadge } from '../components/status-badge'

const route = getRouteApi('/signed-in/t/$tenantId/forms')

/** The tenant's forms: filtered by status and words, in pages (the filters live in the URL). */
export function FormsListPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const can = useCan()
  const { data, error, isFetching } = useQuery(formsQuery(tenantId, search))
  const [creating, setCreating] = useState(false)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('forms.title')}
        </Title>
        {can('forms:create') && <Button onClick={() => setCreating(true)}>{t('forms.new')}</Button>}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <SearchBox
          label={t('forms.search')}
          submitLabel={t('forms.searchSubmit')}
          value={search.search ?? ''}
          onSearch={(words) =>
            void navigate({
              search: (previous) => ({ ...previous, search: words || undefined, page: undefined }),
            })
          }
        />
        <Select
          label={t('forms.statusFilter')}
          clearable
          placeholder={t('forms.anyStatus')}
          value={search.status ?? null}
          data={FORM_STATUSES.map((status) => ({ value: status, label: t(`forms.formStatus.${status}`) }))}
          onChange={(value) =>
            navigate({
              search: (previous) => ({
                ...previous,
                status: (value as FormStatus | null) ?? undefined,
                page: undefined,
              }),
            })
          }
        />
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data && data.forms.length === 0 ? (
        <Text>{t('forms.empty')}</Text>
      ) : (
        <DataTable
          label={t('forms.title')}
          busy={isFetching}
          caption={data ? t('forms.count', { count: data.pagination.total }) : t('app.loading')}
          head={
            <>
              <Table.Th>{t('forms.columns.title')}</Table.Th>
              <Table.Th>{t('forms.columns.status')}</Table.Th>
              <Table.Th>{t('forms.columns.version')}</Table.Th>
              <Table.Th>{t('forms.columns.updatedAt')}</Table.Th>
              <Table.Th>{t('forms.columns.responses')}</Table.Th>
            </>
          }
        >
          {data?.forms.map((form) => {
            const title = textIn(textsOf(form.title), i18n.language) || form.slug
            return (
              <Table.Tr key={form.id}>
                <Table.Td>
                  <AnchorLink to="/t/$tenantId/forms/$formId" params={{ tenantId, formId: form.id }}>
                    {title}
                  </AnchorLink>
                  <Text size="xs" c="dimmed">
                    {form.slug}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <FormStatusBadge kind="form" status={form.status} />
                </Table.Td>
                <Table.Td>{form.publishedVersion ?? '—'}</Table.Td>
                <Table.Td>{date.format(new Date(form.updatedAt))}</Table.Td>
                <Table.Td>
                  <AnchorLink
                    to="/t/$tenantId/forms/$formId/responses"
                    params={{ tenantId, formId: form.id }}
                    aria-label={t('forms.responsesOf', { title })}
                  >
                    {t('forms.actions.responses')}
                  </AnchorLink>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </DataTable>
      )}
      {data && (
        <Pager
          pages={data.pagination.pages}
          page={data.pagination.page}
          onChange={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
        />
      )}
      <NewFormDialog tenantId={tenantId} opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}
