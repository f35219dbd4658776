import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { KEYS_FILE, leavesOf, placeholdersOf, renderCommittedKeys } from '../../scripts/i18n-keys.js'
import {
  catalogPhrase,
  expectation,
  languageOf,
  phrase,
  renderMail,
  semicolonList,
  translate,
} from './index.js'
import en from './locales/en.json' with { type: 'json' }
import tr from './locales/tr.json' with { type: 'json' }

/** Each key of a catalog with the sorted, distinct placeholders of its text. */
function placeholdersByKey(catalog: Record<string, unknown>): Map<string, string[]> {
  return new Map(
    leavesOf(catalog).map(([key, texts]) => [key, [...new Set(texts.flatMap(placeholdersOf))].sort()]),
  )
}

describe('the catalogs', () => {
  it('have exactly the same keys in English and Turkish', () => {
    const english = [...placeholdersByKey(en).keys()].sort()
    const turkish = [...placeholdersByKey(tr).keys()].sort()
    expect(english.length).toBeGreaterThan(400)
    expect(turkish.filter((key) => !english.includes(key))).toEqual([])
    expect(english.filter((key) => !turkish.includes(key))).toEqual([])
  })

  it('use the same placeholders for each key in both languages', () => {
    const turkish = placeholdersByKey(tr)
    const differing = [...placeholdersByKey(en)]
      .filter(([key, names]) => JSON.stringify(turkish.get(key)) !== JSON.stringify(names))
      .map(([key, names]) => `${key}: en ${names.join(',')} / tr ${turkish.get(key)?.join(',')}`)
    expect(differing).toEqual([])
  })

  it('translate every text: a Turkish text equal to its English one is a name, a list of values or a format', () => {
    const turkish = new Map(leavesOf(tr))
    const same = leavesOf(en)
      .filter(([key, texts]) => JSON.stringify(turkish.get(key)) === JSON.stringify(texts))
      .map(([key]) => key)
      // Values and names read the same in every language (`draft, published`, `csv`, `{{text}}`).
      .filter((key) => !/^expect\.[^ ]+(, [^ ]+)*$/.test(key))
      .filter(
        (key) =>
          !/^(errors\.common\.(verbatim|memberProblem|memberSentence|pathSentence|labelled|semicolonList|spaceList)|validation\.sentence|validation\.types\.null|errors\.resources\.Form|errors\.settings\.webhookUrl|errors\.forms\.refusedRecipients)$/.test(
            key,
          ),
      )
    expect(same).toEqual([])
  })

  it('match the committed key types (npm run generate:i18n)', () => {
    expect(readFileSync(KEYS_FILE, 'utf8')).toBe(renderCommittedKeys())
  })
})

describe('translate', () => {
  it('puts a phrase and the phrases among its values in one language', () => {
    const notFound = phrase('common.notFound', { resource: phrase('resources.Menu item') })
    expect(translate(notFound, 'en')).toBe('Menu item not found.')
    expect(translate(notFound, 'tr')).toBe('Menü öğesi bulunamadı.')
  })

  it('picks the plural form by count, and the plural context where English agrees the verb', () => {
    expect(translate(phrase('common.seconds', { count: 1 }), 'en')).toBe('1 second')
    expect(translate(phrase('common.seconds', { count: 30 }), 'en')).toBe('30 seconds')
    expect(translate(phrase('common.seconds', { count: 30 }), 'tr')).toBe('30 saniye')
    const required = catalogPhrase('validation.required')
    expect(translate(required.in('plural'), 'en')).toBe('are required')
    expect(translate(required, 'en')).toBe('is required')
    // A key without a plural variant reads as it is.
    expect(translate(catalogPhrase('validation.mustBe', { what: 'x' }).in('plural'), 'en')).toBe('must be x')
  })

  it('never expands placeholders or nesting found in a value', () => {
    const slug = '{{slug}} $t(errors:common.unauthorized)'
    expect(translate(phrase('common.slugConflict', { slug }), 'tr')).toBe(
      `"${slug}" kısa adı zaten kullanılıyor.`,
    )
  })

  it('reads a schema wording in Turkish where the catalog has it, else as written', () => {
    expect(translate(expectation('a path starting with /'), 'tr')).toBe('/ ile başlayan bir yol')
    expect(translate(expectation('a wording: no catalog has it.'), 'tr')).toBe(
      'a wording: no catalog has it.',
    )
  })

  it('joins a list of problems with semicolons in either language', () => {
    const list = semicolonList([phrase('contents.unknownTagIds'), phrase('contents.unknownMediaId'), 'x'])
    expect(translate(phrase('contents.foreignReferences', { list }), 'en')).toBe(
      'References outside this tenant or missing: unknown tag ids; unknown media id; x.',
    )
  })
})

describe('languageOf', () => {
  it('takes Folio’s languages only', () => {
    expect(languageOf('tr')).toBe('tr')
    expect(languageOf('en')).toBe('en')
    expect(languageOf('de')).toBeUndefined()
    expect(languageOf(null)).toBeUndefined()
  })
})

describe('renderMail', () => {
  it('renders the subject and the lines of a mail in the language asked for', () => {
    const mail = renderMail('emailChanged', 'tr', { email: 'yeni@example.com' })
    expect(mail.subject).toBe('Folio e-posta adresiniz değiştirildi')
    expect(mail.text).toContain('yeni@example.com')
    expect(renderMail('emailChanged', 'en', { email: 'new@example.com' }).subject).toBe(
      'Your Folio e-mail address was changed',
    )
  })
})
