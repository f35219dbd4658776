import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { Pager } from '../../../app/pager'
import { fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { textIn, textsOf } from '../api/definition'
import {
  deleteResponse,
  exportResponses,
  type FormResponse,
  formQuery,
  markSpam,
  purgeResponse,
  responsesQuery,
  setResponseStatus,
} from '../api/forms'
import { RESPONSE_STATUSES, type ResponsesSearch } from '../api/search'
import type { ResponseAction } from '../components/response-actions'
import { ResponseDrawer } from '../components/response-drawer'
import { type AnswerColumn, ResponsesTable } from '../components/responses-table'

const route = getRouteApi('/signed-in/t/$tenantId/forms/$formId/responses')

/** How many answers the table shows beside date and status (the drawer shows them all). */
const ANSWER_COLUMNS = 3

/** Saves a file the browser holds under `filename` (the browser's download). */
function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.click()
  // The download has its own copy once started; the URL is only needed for the click.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** A form's responses: filtered by status and days, changed one by one, exported as CSV. */
export function FormResponsesPage() {
  const { t, i18n } = useTranslation()
  const { tenantId, formId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const queryClient = useQueryClient()
  const form = useQuery(formQuery(tenantId, formId))
  const { data, error, isFetching } = useQuery(responsesQuery(tenantId, formId, search))
  const [viewing, setViewing] = useState<string>()
  const [purging, setPurging] = useState<FormResponse>()
  const filter = (patch: Partial<ResponsesSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch, page: undefined }) })

  const title = form.data ? textIn(textsOf(form.data.form.title), i18n.language) || form.data.form.slug : ''
  const columns: AnswerColumn[] = (form.data?.form.fields ?? [])
    .filter((field) => field.type !== 'section')
    .slice(0, ANSWER_COLUMNS)
    .map((field) => ({
      id: String(field.id),
      label: textIn(textsOf(field.label), i18n.language) || String(field.id),
    }))

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'forms', 'responses', formId] })
  const change = useMutation({
    mutationFn: async ({
      response,
      action,
    }: {
      response: FormResponse
      action: ResponseAction
    }): Promise<unknown> => {
      switch (action.kind) {
        case 'status':
          return setResponseStatus(tenantId, formId, response._id, action.status)
        case 'spam':
          return markSpam(tenantId, formId, response._id)
        case 'delete':
          return deleteResponse(tenantId, formId, response._id)
        default:
          return purgeResponse(tenantId, formId, response._id)
      }
    },
    onSuccess: async (_, { action }) => {
      setPurging(undefined)
      await refresh()
      notifySuccess(
        t(`forms.responses.done.${action.kind}`, {
          status: action.kind === 'status' ? t(`forms.responseStatus.${action.status}`) : '',
        }),
      )
    },
  })
  const exporting = useMutation({
    mutationFn: () => exportResponses(tenantId, formId, search),
    onSuccess: ({ blob, filename }) => download(blob, filename),
  })
  const onAction = (response: FormResponse, action: ResponseAction) => {
    if (action.kind === 'view') setViewing(response._id)
    else if (action.kind === 'purge') {
      change.reset()
      setPurging(response)
    } else change.mutate({ response, action })
  }

  return (
    <Stack>
      <AnchorLink to="/t/$tenantId/forms/$formId" params={{ tenantId, formId }} size="sm">
        {t('forms.responses.back')}
      </AnchorLink>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('forms.responses.heading', { title })}
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          {t('forms.responses.export')}
        </Button>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('forms.responses.statusFilter')}
          clearable
          placeholder={t('forms.anyStatus')}
          value={search.status ?? null}
          data={RESPONSE_STATUSES.map((status) => ({
            value: status,
            label: t(`forms.responseStatus.${status}`),
          }))}
          onChange={(value) => filter({ status: (value as ResponsesSearch['status'] | null) ?? undefined })}
        />
        <TextInput
          type="date"
          label={t('forms.responses.from')}
          value={search.from ?? ''}
          onChange={(event) => filter({ from: event.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label={t('forms.responses.to')}
          value={search.to ?? ''}
          onChange={(event) => filter({ to: event.currentTarget.value || undefined })}
        />
      </Group>
      {[error, exporting.error, change.error && !purging ? change.error : null].map(
        (failure) =>
          failure && (
            <Alert key={failure.message} color="red" role="alert">
              {fieldErrors(failure).form ?? failure.message}
            </Alert>
          ),
      )}
      {data && data.items.length === 0 ? (
        <Text>{t('forms.responses.empty')}</Text>
      ) : (
        data && (
          <ResponsesTable
            responses={data.items}
            columns={columns}
            total={data.pagination.total}
            busy={isFetching || change.isPending}
            onAction={onAction}
          />
        )
      )}
      {data && (
        <Pager
          pages={data.pagination.pages}
          page={data.pagination.page}
          onChange={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
        />
      )}
      <ResponseDrawer
        tenantId={tenantId}
        formId={formId}
        responseId={viewing}
        onClose={() => setViewing(undefined)}
      />
      <ConfirmDialog
        opened={purging !== undefined}
        title={t('forms.responses.purgeTitle')}
        confirmLabel={t('forms.responses.purge')}
        pending={change.isPending}
        error={change.error ? fieldErrors(change.error).form : undefined}
        onConfirm={() => purging && change.mutate({ response: purging, action: { kind: 'purge' } })}
        onClose={() => setPurging(undefined)}
      >
        {t('forms.responses.purgeText')}
      </ConfirmDialog>
    </Stack>
  )
}
