import { type Static, Type } from 'typebox'
import { DateTime, Id, Nullable, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'
import { FREE_OBJECT_LIMITS } from '../../lib/free-object.js'
import { SLUG_MAX_LENGTH } from '../../lib/slug.js'
import { ANSWER_MAX_LENGTH } from './answers.js'
import { PATTERN_BUDGET } from './pattern.js'

export const FORM_STATUSES = ['draft', 'published', 'archived'] as const
export type FormStatus = (typeof FORM_STATUSES)[number]
export const VISIBILITIES = ['public', 'authenticated'] as const

export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'phone',
  'url',
  'date',
  'select',
  'radio',
  'checkbox',
  'multi-select',
  'file',
  'hidden',
  'rating',
  'section',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

export const MAX_FIELDS = 200
export const MAX_OPTIONS = 200
export const TEXT_MAX = 2000
export const PATTERN_MAX = 200

/** An object of language tag to text (OpenAPI 3.0: `additionalProperties`, no `patternProperties`). */
function StringMap(maxLength?: number) {
  return Type.Unsafe<Record<string, string>>({
    type: 'object',
    additionalProperties: maxLength === undefined ? { type: 'string' } : { type: 'string', maxLength },
    maxProperties: 50,
  })
}

/** A text in one language, or a map of language tag (`en`, `pt-BR`) to text. */
export const I18nText = Type.Union([Type.String({ maxLength: TEXT_MAX }), StringMap(TEXT_MAX)], {
  'x-expect': 'a string, or an object of language tag to string',
})

export const FieldOption = Type.Object(
  { value: Type.String({ minLength: 1, maxLength: 200 }), label: Type.Optional(I18nText) },
  { additionalProperties: false },
)

export const FieldValidation = Type.Object(
  {
    minLength: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    pattern: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: PATTERN_MAX,
        description:
          'A JavaScript regular expression (u flag; unanchored: write ^…$ to match the whole answer), run by ' +
          'RE2 in time linear in the answer: no backreferences nor lookarounds, counted repeats up to 1000, ' +
          '\\p{…} by general category only (\\p{L}, \\p{Lu}; not \\p{Script=…}). Unlike JavaScript, \\s is ' +
          'ASCII whitespace only and . also matches \\r. A form refuses patterns whose RE2 program size ' +
          `times validation.maxLength (default ${ANSWER_MAX_LENGTH.toLocaleString('en')}), summed over ` +
          `its fields, passes ${PATTERN_BUDGET.toLocaleString('en')}.`,
      }),
    ),
    message: Type.Optional(I18nText),
  },
  { additionalProperties: false },
)

/**
 * A field of a form. `id` is stable: it is the key of the field's answer in a response's `data`.
 * Members beyond these (width, conditional logic …) are kept for the renderer.
 */
export const Field = Type.Object(
  {
    id: Type.String({
      pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$',
      'x-expect': 'a letter, then up to 63 letters, digits, _ or -',
    }),
    type: Type.Union(
      FIELD_TYPES.map((type) => Type.Literal(type)),
      { 'x-expect': FIELD_TYPES.join(', ') },
    ),
    label: Type.Optional(I18nText),
    placeholder: Type.Optional(I18nText),
    helpText: Type.Optional(I18nText),
    options: Type.Optional(Type.Array(FieldOption, { maxItems: MAX_OPTIONS })),
    required: Type.Optional(Type.Boolean()),
    validation: Type.Optional(FieldValidation),
  },
  { additionalProperties: true },
)
export type Field = Static<typeof Field>

/**
 * Known settings (others are kept as given). `antiSpam` tunes the checks of a public submission;
 * `notifications.recipients` get a mail per accepted submission; `browserSubmission` lets a browser
 * on an allowed origin submit without a token (docs/decisions/forms.md "Browsers submit without a
 * token when the form opts in").
 */
export const FormSettings = Type.Object(
  {
    submitButtonText: Type.Optional(I18nText),
    successMessage: Type.Optional(I18nText),
    notifications: Type.Optional(
      Type.Object(
        {
          recipients: Type.Optional(
            Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: 20 }),
          ),
          subject: Type.Optional(
            Type.String({ maxLength: 200, pattern: '^[^\\r\\n]*$', 'x-expect': 'one line of text' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    antiSpam: Type.Optional(
      Type.Object(
        {
          honeypot: Type.Optional(Type.Boolean({ description: 'Default true' })),
          minFillSeconds: Type.Optional(
            Type.Integer({ minimum: 0, maximum: 3600, description: 'Default 3' }),
          ),
          duplicateWindowSeconds: Type.Optional(
            Type.Integer({ minimum: 0, maximum: 86_400, description: 'Default 300' }),
          ),
          perIpPerMinute: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Default 10' }),
          ),
          perFormPerMinute: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'Default 600' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    captcha: Type.Optional(
      Type.Boolean({
        description:
          'Require a captcha token (CAPTCHA_VERIFY_URL). Unset: required for browser submissions when the server has a captcha provider',
      }),
    ),
    browserSubmission: Type.Optional(
      Type.Boolean({
        description:
          "Default false. True: a page on one of the tenant's allowed origins submits the published form " +
          'without an API token (the Origin header is required; the anti-spam checks and limits apply)',
      }),
    ),
  },
  { additionalProperties: true, 'x-free-object': FREE_OBJECT_LIMITS },
)
export type FormSettings = Static<typeof FormSettings>

const writable = {
  title: I18nText,
  slug: Type.String({
    minLength: 1,
    maxLength: SLUG_MAX_LENGTH,
    description: 'Normalized to a URL slug; default from the title',
  }),
  description: I18nText,
  fields: Type.Array(Field, { maxItems: MAX_FIELDS }),
  settings: FormSettings,
  visibility: Type.Union(
    VISIBILITIES.map((v) => Type.Literal(v)),
    { 'x-expect': VISIBILITIES.join(', ') },
  ),
}

const StatusValue = Type.Union(
  FORM_STATUSES.map((s) => Type.Literal(s)),
  { 'x-expect': FORM_STATUSES.join(', ') },
)

export const CreateFormBody = Type.Object(
  {
    title: writable.title,
    slug: Type.Optional(writable.slug),
    description: Type.Optional(writable.description),
    fields: Type.Optional(writable.fields),
    settings: Type.Optional(writable.settings),
    visibility: Type.Optional(writable.visibility),
  },
  {
    additionalProperties: true,
    'x-free-object': FREE_OBJECT_LIMITS,
    example: { title: 'Contact', fields: [{ id: 'email', type: 'email', label: 'E-mail', required: true }] },
  },
)
export type CreateFormInput = Static<typeof CreateFormBody>

export const UpdateFormBody = Type.Object(
  {
    title: Type.Optional(writable.title),
    slug: Type.Optional(writable.slug),
    description: Type.Optional(writable.description),
    fields: Type.Optional(writable.fields),
    settings: Type.Optional(writable.settings),
    visibility: Type.Optional(writable.visibility),
    status: Type.Optional(StatusValue),
  },
  { additionalProperties: true, 'x-free-object': FREE_OBJECT_LIMITS },
)
export type UpdateFormInput = Static<typeof UpdateFormBody>

export const FormSchema = Type.Object(
  {
    id: Type.String(),
    title: StringMap(),
    slug: Type.String(),
    description: I18nText,
    fields: Type.Array(Type.Object({}, { additionalProperties: true })),
    settings: Type.Object({}, { additionalProperties: true }),
    visibility: Type.String(),
    status: Type.String(),
    version: Type.Integer({ description: 'The newest published version (0: never published)' }),
    publishedVersion: Nullable(Type.Integer()),
    publishedAt: Nullable(DateTime),
    createdBy: Nullable(Type.String()),
    updatedBy: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { additionalProperties: true },
)
export type Form = Static<typeof FormSchema>

export const FormBody = Type.Object({ form: FormSchema })
export const FormPage = Type.Object({ forms: Type.Array(FormSchema), pagination: Pagination })

export const ListFormsQuery = Type.Object(
  {
    status: Type.Optional(StatusValue),
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Part of the slug or a title' }),
    ),
    ...PageQuery(100, 20),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListFormsQuery = Static<typeof ListFormsQuery>

export const CheckSlugQuery = Type.Object(
  {
    slug: Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH }),
    formId: Type.Optional(Id),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export const CheckSlugResult = Type.Object({ available: Type.Boolean(), slug: Type.String() })

export const DuplicateFormBody = Type.Object(
  { title: Type.Optional(Type.String({ minLength: 1, maxLength: TEXT_MAX, pattern: '\\S' })) },
  { additionalProperties: false },
)

export const VersionParams = Type.Object(
  { id: Id, version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
)

export const FormVersionSchema = Type.Object({
  version: Type.Integer(),
  title: StringMap(),
  description: I18nText,
  fields: Type.Array(Type.Object({}, { additionalProperties: true })),
  settings: Type.Object({}, { additionalProperties: true }),
  visibility: Type.String(),
  createdBy: Nullable(Type.String()),
  createdAt: DateTime,
})
export type FormVersion = Static<typeof FormVersionSchema>
export const FormVersionPage = Type.Object({
  versions: Type.Array(FormVersionSchema),
  pagination: Pagination,
})
export const VersionsQuery = Type.Object(
  { ...PageQuery(100, 20), ...TenantQuery },
  { additionalProperties: false },
)
