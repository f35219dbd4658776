import { AppError, errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import { FREE_OBJECT_LIMITS, freeObjectProblem } from '../../lib/free-object.js'
import { requiredSlug } from '../../lib/slug.js'
import { answerMaxLength } from './answers.js'
import { type FormLocales, localeKeyProblem } from './localize.js'
import { compilePattern, PATTERN_BUDGET } from './pattern.js'
import type { Field, FieldType } from './schemas.js'

/** Field types answered with one of their `options`. */
export const CHOICE_TYPES: ReadonlySet<FieldType> = new Set(['select', 'radio', 'multi-select'])

const I18N_MEMBERS = ['label', 'placeholder', 'helpText'] as const
/** Settings that are texts for the visitor. */
const SETTINGS_TEXTS = ['submitButtonText', 'successMessage'] as const

/** `field` named for messages: its position and id. */
const nameOf = (field: Field, index: number) => `fields[${index}] ("${field.id}")`

/**
 * Checks a form's fields beyond their schema (the rules that need the whole list). Returns the
 * fields unchanged. @throws ValidationFailed (400) naming the field: duplicate ids, a choice field
 * without options or with repeated values, a pattern RE2 cannot run (pattern.ts) or one taking the
 * form past PATTERN_BUDGET, min above max, a text map key `locales` refuses (naming the member,
 * `/fields/2/label/fr`), extra members past the free-object limits.
 */
export function checkFields(fields: readonly Field[], locales: FormLocales): Field[] {
  const seen = new Set<string>()
  let patternWork = 0
  fields.forEach((field, index) => {
    try {
      checkField(field, index)
    } catch (error) {
      // The details name the field by its position, so an editor shows the problem beside it.
      if (
        error instanceof AppError &&
        error.code === 'ValidationFailed' &&
        error.extra.details === undefined
      ) {
        throw errors.validation(error.phrase, [{ path: `/fields/${index}`, message: error.phrase }])
      }
      throw error
    }
  })
  return [...fields]

  function checkField(field: Field, index: number) {
    const name = nameOf(field, index)
    if (seen.has(field.id)) throw errors.validation(phrase('forms.idTaken', { name, id: field.id }))
    seen.add(field.id)
    if (CHOICE_TYPES.has(field.type) && (field.options === undefined || field.options.length === 0)) {
      throw errors.validation(phrase('forms.needsOption', { name, type: field.type }))
    }
    const values = new Set<string>()
    for (const [position, option] of (field.options ?? []).entries()) {
      if (values.has(option.value))
        throw errors.validation(phrase('forms.optionRepeated', { name, value: option.value }))
      values.add(option.value)
      checkI18n(
        option.label,
        `${name}.options[${position}].label`,
        `/fields/${index}/options/${position}/label`,
        locales,
      )
    }
    for (const member of I18N_MEMBERS) {
      checkI18n(field[member], `${name}.${member}`, `/fields/${index}/${member}`, locales)
    }
    checkI18n(
      field.validation?.message,
      `${name}.validation.message`,
      `/fields/${index}/validation/message`,
      locales,
    )
    const rules = field.validation
    patternWork += patternWorkOf(field, index)
    if (patternWork > PATTERN_BUDGET) {
      throw errors.validation(
        phrase('forms.patternBudget', {
          member: patternMember(field, index),
          budget: PATTERN_BUDGET.toLocaleString('en'),
        }),
      )
    }
    if (
      rules?.minLength !== undefined &&
      rules.maxLength !== undefined &&
      rules.minLength > rules.maxLength
    ) {
      throw errors.validation(phrase('forms.minLengthAboveMax', { name }))
    }
    if (rules?.min !== undefined && rules.max !== undefined && rules.min > rules.max) {
      throw errors.validation(phrase('forms.minAboveMax', { name }))
    }
    const problem = freeObjectProblem(field, FREE_OBJECT_LIMITS)
    if (problem !== undefined)
      throw errors.validation(phrase('common.memberSentence', { member: name, problem }))
  }
}

const patternMember = (field: Field, index: number) =>
  `fields[${index}].validation.pattern (field "${field.id}")`

/**
 * The RE2 steps `field`'s pattern may take per submission (program size × longest answer; 0 without
 * a pattern). @throws ValidationFailed naming the member when RE2 cannot run the pattern.
 */
function patternWorkOf(field: Field, index: number): number {
  if (field.validation?.pattern === undefined) return 0
  const pattern = compilePattern(field.validation.pattern)
  if (!pattern.ok) {
    throw errors.validation(
      phrase('common.memberSentence', { member: patternMember(field, index), problem: pattern.problem }),
    )
  }
  return pattern.size * answerMaxLength(field)
}

/**
 * @throws ValidationFailed naming the member (`name` in the message, `path` in the details, each
 *   with the key) when a text map has a key `locales` refuses (docs/decisions/forms.md "Texts in
 *   every tenant locale").
 */
export function checkI18n(value: unknown, name: string, path: string, locales: FormLocales): void {
  if (typeof value !== 'object' || value === null) return
  for (const key of Object.keys(value)) {
    const problem = localeKeyProblem(key, locales)
    if (problem !== undefined) {
      throw errors.validation(phrase('common.pathSentence', { path: name, problem }), [
        { path: `${path}/${key}`, message: problem },
      ])
    }
  }
}

/** @throws ValidationFailed naming the member when a visitor text of `settings` has a refused key. */
export function checkSettingsTexts(
  settings: Record<string, unknown> | undefined,
  locales: FormLocales,
): void {
  for (const member of SETTINGS_TEXTS) {
    checkI18n(settings?.[member], `settings.${member}`, `/settings/${member}`, locales)
  }
}

/**
 * The field metadata a response keeps (a form response's `fieldMetadata` in the API contract), by
 * field id.
 */
export function fieldMetadataOf(fields: readonly Record<string, unknown>[]) {
  const metadata: Record<string, Record<string, unknown>> = {}
  for (const field of fields) {
    const id = String(field.id)
    metadata[id] = {
      id,
      type: field.type,
      label: field.label ?? null,
      placeholder: field.placeholder ?? null,
      helpText: field.helpText ?? null,
      options: field.options ?? [],
      required: field.required === true,
    }
  }
  return metadata
}

/** @throws ValidationFailed when the title has a refused key or no text in any language. */
export function checkTitle(title: Record<string, string>, locales: FormLocales): Record<string, string> {
  checkI18n(title, 'title', '/title', locales)
  if (!Object.values(title).some((text) => text.trim() !== '')) {
    throw errors.validation('forms.titleEmpty')
  }
  return title
}

/** The slug from `raw`, else from the first title text. @throws ValidationFailed when none is left. */
export function slugOf(raw: string | undefined, title: Record<string, string>): string {
  const text = raw ?? Object.values(title).find((inLanguage) => inLanguage.trim() !== '') ?? ''
  return requiredSlug(text, raw === undefined ? 'title' : 'slug')
}
