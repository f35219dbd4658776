import { Readable } from 'node:stream'
import type { stringify } from 'csv-stringify'
import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { lazyModule } from '../../lib/lazy-module.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { plainText } from './localize.js'
import { createFormsRepository } from './repository.js'
import {
  type ExportResponsesQuery,
  type ListResponsesQuery,
  toFullResponse,
  toListItem,
} from './response-schemas.js'
import { createResponsesRepository, type ResponseFilter, type ResponseRow } from './responses-repository.js'

const csv = lazyModule<{ stringify: typeof stringify }>('csv-stringify')

/** Rows read per query while streaming an export. */
const EXPORT_BATCH = 500

/**
 * Form responses for the tenant's members (API contract: `/api/forms/{id}/responses`;
 * docs/decisions/forms.md "Responses are personal data"): list, read, status changes (pending,
 * processed, spam, deleted; `flaggedAsSpam` follows `spam`), soft and permanent deletion, CSV
 * export. A response is addressed through its form: another form's or tenant's response is 404.
 * Writes emit `form.response.*` events.
 */
export function createResponsesService(deps: { db: Db; events: EventSink }) {
  const forms = createFormsRepository(deps.db)
  const responses = createResponsesRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  async function formOf(tenantId: string, formId: string) {
    const form = await forms.find(tenantId, formId)
    if (form === undefined) throw errors.notFound('Form')
    return form
  }

  async function responseOf(tenantId: string, formId: string, id: string): Promise<ResponseRow> {
    const row = await responses.find(tenantId, formId, id)
    if (row === undefined) throw errors.notFound('Form response')
    return row
  }

  /** Sets the status and emits `form.response.<verb>`. @throws NotFound. */
  function changeStatus(
    context: TenantContext,
    formId: string,
    id: string,
    status: string,
    verb: 'status-changed' | 'deleted',
  ) {
    return write(context, async (tx, emit) => {
      const row = await createResponsesRepository(tx).setStatus(context.tenantId, formId, id, status)
      if (row === undefined) throw errors.notFound('Form response')
      const response = { _id: row.id, status: row.status, flaggedAsSpam: row.flaggedAsSpam }
      emit({
        type: `form.response.${verb}`,
        subjectId: row.id,
        payload: { id: row.id, formId, status: row.status, flaggedAsSpam: row.flaggedAsSpam },
      })
      return response
    })
  }

  return {
    /** `GET /api/forms/{id}/responses`: newest first. @throws NotFound (form), ValidationFailed (dates). */
    async list(context: TenantContext, formId: string, query: ListResponsesQuery) {
      const form = await formOf(context.tenantId, formId)
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await responses.list(context.tenantId, formId, filterOf(query), offset, limit)
      return {
        items: rows.map(toListItem),
        pagination: paginate(page, limit, total),
        form: { id: form.id, title: form.title, slug: form.slug, status: form.status },
      }
    },

    async get(context: TenantContext, formId: string, id: string) {
      const form = await formOf(context.tenantId, formId)
      return toFullResponse(await responseOf(context.tenantId, formId, id), form)
    },

    /** PATCH …/status and POST …/spam (`spam`); any status may follow any other. */
    setStatus: (context: TenantContext, formId: string, id: string, status: string) =>
      changeStatus(context, formId, id, status, 'status-changed'),

    /** Soft deletion: status `deleted`, the record kept. */
    softDelete: (context: TenantContext, formId: string, id: string) =>
      changeStatus(context, formId, id, 'deleted', 'deleted'),

    /** Permanent deletion (irreversible). @throws NotFound. */
    async purge(context: TenantContext, formId: string, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        if (!(await createResponsesRepository(tx).delete(context.tenantId, formId, id))) {
          throw errors.notFound('Form response')
        }
        emit({ type: 'form.response.purged', subjectId: id, payload: { id, formId } })
      })
    },

    /**
     * `GET …/responses/export?format=csv`: a CSV stream, oldest first, one column per field of the
     * chosen version (default: the published one, else the draft), headed `label (id)`. Cells that
     * a spreadsheet would run as a formula (starting with = + - @ tab or CR), header cells included,
     * get a leading `'` (OWASP "CSV Injection"). @throws NotFound (form or version), ValidationFailed.
     */
    async export(context: TenantContext, formId: string, query: ExportResponsesQuery) {
      const form = await formOf(context.tenantId, formId)
      const filter = filterOf(query)
      const number = query.version ?? form.publishedVersion
      const version = number === null ? undefined : await forms.findVersion(context.tenantId, formId, number)
      if (number !== null && version === undefined) throw errors.notFound('Form version')
      const fields = (version?.fields ?? form.fields).filter((field) => field.type !== 'section')
      const columns = [
        { key: '_id', header: 'Response id' },
        { key: 'createdAt', header: 'Submitted at' },
        { key: 'status', header: 'Status' },
        { key: 'formVersion', header: 'Form version' },
        ...fields.map((field) => ({
          key: `field:${String(field.id)}`,
          // Labels are the form author's text: a header cell is as open to formula injection as data.
          header: neutralized(
            `${plainText(field.label as string | Record<string, string> | undefined, 'en') ?? field.id} (${String(field.id)})`,
          ),
        })),
        { key: 'locale', header: 'Locale' },
        { key: 'source', header: 'Source' },
      ]
      const tenantId = context.tenantId
      async function* rows() {
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const batch = await responses.page(tenantId, formId, filter, offset, EXPORT_BATCH)
          for (const row of batch) {
            const record: Record<string, string> = {
              _id: row.id,
              createdAt: row.createdAt.toISOString(),
              status: row.status,
              formVersion: String(row.formVersion),
              locale: row.locale,
              source: row.source,
            }
            for (const field of fields)
              record[`field:${String(field.id)}`] = cellOf(row.data[String(field.id)])
            for (const key of Object.keys(record)) record[key] = neutralized(record[key]!)
            yield record
          }
          if (batch.length < EXPORT_BATCH) return
        }
      }
      return {
        filename: `${form.slug}-responses.csv`,
        stream: Readable.from(rows()).pipe(csv().stringify({ header: true, columns, bom: true })),
      }
    },
  }
}

export type ResponsesService = ReturnType<typeof createResponsesService>

function filterOf(query: { status?: string; startDate?: string; endDate?: string }): ResponseFilter {
  const from = query.startDate === undefined ? undefined : new Date(query.startDate)
  const to = query.endDate === undefined ? undefined : new Date(query.endDate)
  if (from !== undefined && to !== undefined && from > to) {
    throw errors.validation('forms.startAfterEnd')
  }
  return { status: query.status, from, to }
}

function cellOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (Array.isArray(value)) return value.join('; ')
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** A cell a spreadsheet would evaluate, made text (OWASP "CSV Injection"). */
function neutralized(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
}
