import { type Static, Type } from 'typebox'
import { FreeObject, Id, LocaleQuery } from '../../http/schemas.js'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../lib/slug.js'

const LOCALE = {
  pattern: '^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$',
  maxLength: 35,
  'x-expect': 'a language tag like en or pt-BR',
}

export const PublicFormParams = Type.Object(
  {
    slug: Type.String({
      minLength: 1,
      maxLength: SLUG_MAX_LENGTH,
      pattern: SLUG_PATTERN,
      'x-expect': 'a slug: lowercase letters and digits joined by single dashes',
    }),
  },
  { additionalProperties: false },
)
/** The reader's locale (`config.localized`; docs/decisions/localization.md "Negotiation"). */
export const PublicFormQuery = Type.Object(LocaleQuery, { additionalProperties: false })
export type PublicFormQuery = Static<typeof PublicFormQuery>

export const PublicFormBody = Type.Object({
  form: Type.Object(
    {
      id: Type.String(),
      slug: Type.String(),
      version: Type.Integer(),
      visibility: Type.String(),
      title: Type.String(),
      description: Type.String(),
      fields: Type.Array(Type.Object({}, { additionalProperties: true })),
      settings: Type.Object({}, { additionalProperties: true }),
      i18n: Type.Optional(Type.Object({}, { additionalProperties: true })),
    },
    {
      description:
        "The published version; multilingual members as text for `locale`, their maps (the tenant's locales) in `i18n`",
    },
  ),
  locale: Type.String({ description: 'The locale the texts were chosen for (also Content-Language)' }),
  submission: Type.Object({
    token: Type.String({ description: 'Send back as formToken: proves when the form was shown' }),
    honeypot: Type.Boolean({ description: 'Render a hidden input and send its value as honeypot' }),
    minFillSeconds: Type.Integer(),
    captcha: Type.Boolean({ description: 'A captcha answer is expected as captchaToken' }),
    mode: Type.Union([Type.Literal('browser'), Type.Literal('token')], {
      description:
        'browser: this page may submit directly (from an origin the tenant allows, no API token); token: a server submits with an API token of scope submit or write',
    }),
  }),
})

export const SubmitParams = Type.Object({ formId: Id }, { additionalProperties: false })

export const SubmitBody = Type.Object(
  {
    data: FreeObject,
    formToken: Type.Optional(Type.String({ maxLength: 200 })),
    honeypot: Type.Optional(Type.String({ maxLength: 1000 })),
    captchaToken: Type.Optional(Type.String({ maxLength: 4096 })),
    source: Type.Optional(
      Type.Union(
        ['web', 'mobile', 'api', 'embed'].map((s) => Type.Literal(s)),
        { 'x-expect': 'web, mobile, api, embed' },
      ),
    ),
    locale: Type.Optional(
      Type.String({
        ...LOCALE,
        description:
          "The page's language: recorded with the response, and the success message's locale (negotiated against the tenant's locales)",
      }),
    ),
    user: Type.Optional(
      Type.Object(
        {
          id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
          name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        },
        { additionalProperties: false, description: 'The submitter, as the calling server knows them' },
      ),
    ),
  },
  {
    additionalProperties: false,
    example: { data: { name: 'Ada', email: 'ada@example.com' }, formToken: '1732390000000.abc' },
  },
)
export type SubmitInput = Static<typeof SubmitBody>

export const SubmitResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  responseId: Type.String(),
  locale: Type.String({ description: 'The locale of the message (also Content-Language)' }),
})
