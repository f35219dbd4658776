import { type Static, Type } from 'typebox'
import { DateTime, Id, Nullable, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'
import type { FormRow } from './repository.js'
import type { ResponseRow } from './responses-repository.js'

export const RESPONSE_STATUSES = ['pending', 'processed', 'spam', 'deleted'] as const
const StatusValue = Type.Union(
  RESPONSE_STATUSES.map((s) => Type.Literal(s)),
  { 'x-expect': RESPONSE_STATUSES.join(', ') },
)

const listMembers = {
  _id: Type.String(),
  formId: Type.String(),
  formVersion: Type.Integer(),
  data: Type.Object({}, { additionalProperties: true }),
  status: Type.String(),
  flaggedAsSpam: Type.Boolean(),
  spamReasons: Type.Array(Type.String(), { description: 'Why the anti-spam checks suspected it' }),
  source: Type.String(),
  locale: Type.String(),
  userAgent: Type.String(),
  ip: Type.String({ description: 'HMAC-SHA-256 of the client address with a per-tenant salt' }),
  fieldMetadata: Type.Object({}, { additionalProperties: true }),
  createdAt: DateTime,
  updatedAt: DateTime,
}

/**
 * The list form of a response (API contract: GET /api/forms/{id}/responses: without tenantId, geo,
 * device, user, form).
 */
export const ResponseListItem = Type.Object(listMembers)

export const FullResponse = Type.Object({
  ...listMembers,
  tenantId: Type.String(),
  geo: Nullable(Type.Object({ country: Nullable(Type.String()), city: Nullable(Type.String()) })),
  device: Nullable(Type.Object({ type: Type.String(), os: Type.String(), browser: Type.String() })),
  userId: Nullable(Type.String()),
  userEmail: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  form: Type.Object({
    id: Type.String(),
    title: Type.Object({}, { additionalProperties: Type.String() }),
    fields: Type.Array(Type.Object({}, { additionalProperties: true })),
  }),
})

const FormRef = Type.Object({
  id: Type.String(),
  title: Type.Object({}, { additionalProperties: Type.String() }),
  slug: Type.String(),
  status: Type.String(),
})

export const ResponsePage = Type.Object({
  items: Type.Array(ResponseListItem),
  pagination: Pagination,
  form: FormRef,
})
export const ResponseBody = Type.Object({ response: FullResponse })
export const ResponseStatusBody = Type.Object({
  success: Type.Boolean(),
  response: Type.Object({ _id: Type.String(), status: Type.String(), flaggedAsSpam: Type.Boolean() }),
})
export const ResponseDeletedBody = Type.Object({
  success: Type.Boolean(),
  response: Type.Object({ _id: Type.String(), status: Type.String() }),
})
export const ResponsePurgedBody = Type.Object({ success: Type.Boolean(), responseId: Type.String() })

export const ResponseParams = Type.Object({ id: Id, responseId: Id }, { additionalProperties: false })

const filterMembers = {
  status: Type.Optional(StatusValue),
  startDate: Type.Optional(Type.String({ format: 'date-time' })),
  endDate: Type.Optional(Type.String({ format: 'date-time' })),
}

export const ListResponsesQuery = Type.Object(
  { ...filterMembers, ...PageQuery(100, 20), ...TenantQuery },
  { additionalProperties: false },
)
export type ListResponsesQuery = Static<typeof ListResponsesQuery>

export const ExportResponsesQuery = Type.Object(
  {
    format: Type.Optional(Type.Union([Type.Literal('csv')], { default: 'csv', 'x-expect': 'csv' })),
    version: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'The version whose fields make the columns (default: the published one)',
      }),
    ),
    ...filterMembers,
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ExportResponsesQuery = Static<typeof ExportResponsesQuery>

export const StatusChangeBody = Type.Object({ status: StatusValue }, { additionalProperties: false })

export function toListItem(row: ResponseRow) {
  return {
    _id: row.id,
    formId: row.formId,
    formVersion: row.formVersion,
    data: row.data,
    status: row.status,
    flaggedAsSpam: row.flaggedAsSpam,
    spamReasons: row.spamReasons,
    source: row.source,
    locale: row.locale,
    userAgent: row.userAgent,
    ip: row.ipHash,
    fieldMetadata: row.fieldMetadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toFullResponse(row: ResponseRow, form: FormRow) {
  return {
    ...toListItem(row),
    tenantId: row.tenantId,
    geo: row.geo,
    device: row.device,
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    form: { id: form.id, title: form.title, fields: form.fields },
  }
}
