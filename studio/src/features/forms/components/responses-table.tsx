import { Table, Text } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { answerText } from '../api/answer-text'
import type { FormResponse } from '../api/forms'
import { type ResponseAction, ResponseActions } from './response-actions'
import { FormStatusBadge } from './status-badge'

/** A column of the table: a field's answers, headed by its label. */
export interface AnswerColumn {
  id: string
  label: string
}

/** A page of responses: date, status, the first answers, each row's actions. */
export function ResponsesTable({
  responses,
  columns,
  total,
  busy,
  onAction,
}: {
  responses: FormResponse[]
  columns: AnswerColumn[]
  total: number
  busy: boolean
  onAction: (response: FormResponse, action: ResponseAction) => void
}) {
  const { t, i18n } = useTranslation()
  const captionId = useId()
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Table.ScrollContainer
      minWidth={640}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('forms.responses.title')}
    >
      <Table striped aria-describedby={captionId} aria-busy={busy}>
        <Table.Caption id={captionId}>{t('forms.responses.count', { count: total })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('forms.responses.receivedAt')}</Table.Th>
            <Table.Th>{t('forms.responses.status')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.id}>{column.label}</Table.Th>
            ))}
            <Table.Th>{t('forms.responses.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {responses.map((response) => {
            const name = when(response.createdAt)
            return (
              <Table.Tr key={response._id} data-response={response._id}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <FormStatusBadge kind="response" status={response.status} />
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.id}>
                    <Text size="sm" lineClamp={2}>
                      {answerText(response.data[column.id])}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td>
                  <ResponseActions
                    response={response}
                    name={name}
                    onAction={(action) => onAction(response, action)}
                  />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
