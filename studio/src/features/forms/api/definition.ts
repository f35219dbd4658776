import { FolioError } from '@folio/client'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import type { TenantLocales } from '../../../lib/locales'
import type { FormBody } from './forms'

/** A field as the API's update body takes it. */
type ApiField = NonNullable<FormBody['fields']>[number]

/**
 * The form builder's model: a form's fields and settings as the builder edits them (every
 * multilingual text as a map per language), and back to the API's shape with empty parts left out.
 */

/** The field types of the forms API, in the order the builder offers them. */
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

/**
 * The languages Studio writes texts in for a tenant that has not set its locales (the API's user
 * languages): such a tenant's forms take any language tag (docs/decisions/forms.md "Texts in every
 * tenant locale").
 */
export const LANGUAGES = ['en', 'tr'] as const

/** Whether the tenant set locales of its own: anything but the one `en` every tenant starts with. */
export function hasOwnLocales(locales: TenantLocales | undefined): locales is TenantLocales {
  return (
    locales !== undefined &&
    !(locales.default === 'en' && locales.available.length === 1 && locales.available[0] === 'en')
  )
}

/**
 * The languages the builder edits `form`'s texts in (the form as opened): the tenant's locales in
 * its order (Studio's own two when it has none), then every other language a text of the form is
 * stored in, so a text of a locale the tenant dropped shows and can be emptied (the API refuses it
 * at the next save).
 */
export function formLanguages(locales: TenantLocales | undefined, form: BuilderForm): string[] {
  const base: string[] = hasOwnLocales(locales) ? [...locales.available] : [...LANGUAGES]
  const texts: Texts[] = [
    form.title,
    form.description,
    form.settings.submitButtonText,
    form.settings.successMessage,
    ...form.fields.flatMap((field) => [
      field.label,
      field.placeholder,
      field.helpText,
      field.validation.message,
      ...field.options.map((option) => option.label),
    ]),
  ]
  const stored = texts.flatMap((map) => Object.keys(map).filter((language) => map[language] !== ''))
  return [...base, ...new Set(stored.filter((language) => !base.includes(language)))]
}

/**
 * The language a text typed in Studio's language is written in: that language for a tenant
 * without locales of its own; for one with them, the app's language when it is one of them, else
 * the tenant's default.
 */
export function writingLanguage(locales: TenantLocales | undefined, appLanguage: string): string {
  const app = appLanguage.split('-')[0] ?? 'en'
  if (!hasOwnLocales(locales)) return app
  return locales.available.includes(app) ? app : locales.default
}

/** Types answered with one of their options (the API refuses them without any). */
export const CHOICE_TYPES: ReadonlySet<string> = new Set(['select', 'radio', 'multi-select'])
/** Types that may have options: the choice types, and a checkbox (a group of boxes with them). */
export const OPTION_TYPES: ReadonlySet<string> = new Set([...CHOICE_TYPES, 'checkbox'])
/** Types whose answer is text: length rules and a pattern apply. */
export const TEXT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'textarea',
  'email',
  'phone',
  'url',
  'hidden',
])
/** Types whose answer is a number: min and max apply. */
export const NUMBER_TYPES: ReadonlySet<string> = new Set(['number', 'rating'])

/** A text per language tag; a missing or empty entry has no text in that language. */
export type Texts = Record<string, string>

export interface BuilderOption {
  value: string
  label: Texts
}

export interface BuilderValidation {
  minLength?: number | undefined
  maxLength?: number | undefined
  min?: number | undefined
  max?: number | undefined
  pattern?: string | undefined
  message: Texts
}

/** One field as the builder edits it; `key` tells React's rows apart while `id` is typed. */
export interface BuilderField {
  key: string
  id: string
  type: FieldType
  label: Texts
  placeholder: Texts
  helpText: Texts
  required: boolean
  options: BuilderOption[]
  validation: BuilderValidation
  /** Members the builder does not edit (width, conditions …), written back as they came. */
  extra: Record<string, unknown>
}

export interface BuilderSettings {
  submitButtonText: Texts
  successMessage: Texts
  browserSubmission: boolean
  /**
   * Whether submissions need a captcha; undefined: the server's default (asked of browser
   * submissions when the server has a captcha provider).
   */
  captcha?: boolean | undefined
  honeypot: boolean
  minFillSeconds?: number | undefined
  recipients: string[]
  /** Settings the builder does not edit, written back as they came. */
  extra: Record<string, unknown>
}

export interface BuilderForm {
  title: Texts
  slug: string
  description: Texts
  visibility: 'public' | 'authenticated'
  fields: BuilderField[]
  settings: BuilderSettings
}

/** A multilingual value of the API as texts per language: a plain string is taken as `language`'s. */
export function textsOf(value: unknown, language: string = LANGUAGES[0]): Texts {
  if (typeof value === 'string') return value === '' ? {} : { [language]: value }
  if (typeof value !== 'object' || value === null) return {}
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

/** Texts back to the API's map, empty ones left out; undefined when none has text. */
export function textsOut(texts: Texts): Texts | undefined {
  const kept = Object.entries(texts).filter(([, text]) => text.trim() !== '')
  return kept.length === 0 ? undefined : Object.fromEntries(kept)
}

/** The text to show in `language`: its own, else the first language that has one. */
export function textIn(texts: Texts, language: string): string {
  const own = texts[language] ?? texts[language.split('-')[0] ?? '']
  if (own) return own
  return Object.values(texts).find((text) => text !== '') ?? ''
}

let keys = 0
const nextKey = () => `f${++keys}`

const numberOf = (value: unknown) => (typeof value === 'number' ? value : undefined)

function fieldOf(raw: Record<string, unknown>, plain: string): BuilderField {
  const { id, type, label, placeholder, helpText, options, required, validation, ...extra } = raw
  const rules = (typeof validation === 'object' && validation !== null ? validation : {}) as Record<
    string,
    unknown
  >
  return {
    key: nextKey(),
    id: String(id ?? ''),
    type: (FIELD_TYPES as readonly string[]).includes(String(type)) ? (type as FieldType) : 'text',
    label: textsOf(label, plain),
    placeholder: textsOf(placeholder, plain),
    helpText: textsOf(helpText, plain),
    required: required === true,
    options: Array.isArray(options)
      ? options.map((option: Record<string, unknown>) => ({
          value: String(option.value ?? ''),
          label: textsOf(option.label, plain),
        }))
      : [],
    validation: {
      minLength: numberOf(rules.minLength),
      maxLength: numberOf(rules.maxLength),
      min: numberOf(rules.min),
      max: numberOf(rules.max),
      pattern: typeof rules.pattern === 'string' ? rules.pattern : undefined,
      message: textsOf(rules.message, plain),
    },
    extra,
  }
}

/**
 * The builder's copy of a form (its draft definition); a plain string of the API is taken as the
 * text in `plain` (the tenant's default locale, docs/decisions/forms.md).
 */
export function builderFormOf(
  form: {
    title: unknown
    slug: string
    description: unknown
    visibility: string
    fields: Record<string, unknown>[]
    settings: Record<string, unknown>
  },
  plain: string = LANGUAGES[0],
): BuilderForm {
  const { submitButtonText, successMessage, browserSubmission, captcha, antiSpam, notifications, ...extra } =
    form.settings
  const spam = (antiSpam ?? {}) as Record<string, unknown>
  const notify = (notifications ?? {}) as Record<string, unknown>
  return {
    title: textsOf(form.title, plain),
    slug: form.slug,
    description: textsOf(form.description, plain),
    visibility: form.visibility === 'authenticated' ? 'authenticated' : 'public',
    fields: form.fields.map((field) => fieldOf(field, plain)),
    settings: {
      submitButtonText: textsOf(submitButtonText, plain),
      successMessage: textsOf(successMessage, plain),
      browserSubmission: browserSubmission === true,
      captcha: typeof captcha === 'boolean' ? captcha : undefined,
      honeypot: spam.honeypot !== false,
      minFillSeconds: numberOf(spam.minFillSeconds),
      recipients: Array.isArray(notify.recipients) ? notify.recipients.map(String) : [],
      // The anti-spam and notification members the builder does not edit stay as they were.
      extra: {
        ...extra,
        ...(antiSpam === undefined ? {} : { antiSpam }),
        ...(notifications === undefined ? {} : { notifications }),
      },
    },
  }
}

/** A new field of `type`, with an id no other field of `fields` has. */
export function newField(type: FieldType, fields: readonly BuilderField[]): BuilderField {
  const taken = new Set(fields.map((field) => field.id))
  const base = type.replace(/-/g, '_')
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`
  return {
    key: nextKey(),
    id,
    type,
    label: {},
    placeholder: {},
    helpText: {},
    required: false,
    options: CHOICE_TYPES.has(type) ? [{ value: 'option_1', label: {} }] : [],
    validation: { message: {} },
    extra: {},
  }
}

/** Drops undefined members, so the API gets only what is set. */
function defined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** A field as the API takes it: rules and options only where its type uses them. */
export function fieldOut(field: BuilderField): ApiField {
  const rules = field.validation
  const validation = defined({
    ...(TEXT_TYPES.has(field.type)
      ? {
          minLength: rules.minLength,
          maxLength: rules.maxLength,
          pattern: rules.pattern?.trim() === '' ? undefined : rules.pattern,
        }
      : {}),
    ...(NUMBER_TYPES.has(field.type) ? { min: rules.min, max: rules.max } : {}),
    message: textsOut(rules.message),
  })
  const hasRules = Object.keys(validation).some((member) => member !== 'message')
  return {
    ...field.extra,
    ...defined({
      id: field.id,
      type: field.type,
      label: textsOut(field.label),
      placeholder: textsOut(field.placeholder),
      helpText: textsOut(field.helpText),
    }),
    ...(field.type === 'section' ? {} : { required: field.required }),
    ...(OPTION_TYPES.has(field.type) && field.options.length > 0
      ? {
          options: field.options.map((option) =>
            defined({ value: option.value, label: textsOut(option.label) }),
          ),
        }
      : {}),
    ...(hasRules ? { validation } : {}),
  } as ApiField
}

/** The whole form as the API's update body. */
export function formOut(form: BuilderForm) {
  const settings = form.settings
  const extra = settings.extra as {
    antiSpam?: Record<string, unknown>
    notifications?: Record<string, unknown>
  }
  const antiSpam = defined({
    ...extra.antiSpam,
    honeypot: settings.honeypot,
    minFillSeconds: settings.minFillSeconds,
  })
  const notifications = defined({ ...extra.notifications, recipients: settings.recipients })
  return {
    title: textsOut(form.title) ?? {},
    slug: form.slug,
    description: textsOut(form.description) ?? {},
    visibility: form.visibility,
    fields: form.fields.map(fieldOut),
    settings: {
      ...settings.extra,
      ...defined({
        submitButtonText: textsOut(settings.submitButtonText),
        successMessage: textsOut(settings.successMessage),
      }),
      browserSubmission: settings.browserSubmission,
      ...defined({ captcha: settings.captcha }),
      antiSpam,
      notifications,
    },
  }
}

/**
 * Where a failed save's problem belongs, from a `ValidationFailed` detail's `path`
 * (`body/fields/2/validation/min`, `/fields/2`): `fields.<n>` for a field's (its position in the
 * list), `recipients` for a notification recipient's, else the form member it names (`title`,
 * `slug`, `settings` …), else `form`.
 */
export function placeOf(detail: { path?: unknown; member?: unknown }): string {
  if (typeof detail.path === 'string') {
    const parts = detail.path.split('/').filter((part) => part !== '' && part !== 'body')
    if (parts[0] === 'fields' && parts[1] !== undefined && /^\d+$/.test(parts[1])) return `fields.${parts[1]}`
    if (parts[0] === 'settings' && parts[1] === 'notifications' && parts[2] === 'recipients')
      return 'recipients'
    if (parts[0] !== undefined) return parts[0]
  }
  return typeof detail.member === 'string' && detail.member !== '' ? detail.member : 'form'
}

/** A failed save's messages by place (`placeOf`); what names no place goes to `form`. */
export function saveErrors(error: unknown): FieldErrors {
  if (!(error instanceof FolioError) || error.code !== 'ValidationFailed')
    return fieldErrors(error, { SlugConflict: 'slug' })
  const errors: FieldErrors = {}
  for (const detail of error.details ?? []) {
    const place = placeOf(detail)
    const message = typeof detail.message === 'string' ? detail.message : error.message
    errors[place] = errors[place] === undefined ? message : `${errors[place]} ${message}`
  }
  if (Object.keys(errors).length === 0) errors.form = error.message
  return errors
}
