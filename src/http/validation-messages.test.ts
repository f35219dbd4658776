import { describe, expect, it } from 'vitest'
import { catalogPhrase, type Language, translate } from '../i18n/index.js'
import {
  describeValidation as describeAll,
  describeIssue as describePhrase,
  type HttpPart,
  nameInWords,
  type ValidationIssue,
} from './validation-messages.js'

/** An issue described, its message put in `language` (English unless told). */
function describeIssue(issue: ValidationIssue, part: HttpPart, language: Language = 'en') {
  const described = describePhrase(issue, part)
  return { ...described, message: translate(described.message, language) }
}

function describeValidation(issues: ValidationIssue[], part: HttpPart) {
  return describeAll(issues, part).map((issue) => ({ ...issue, message: translate(issue.message, 'en') }))
}

describe('nameInWords', () => {
  it.each([
    ['password', 'password'],
    ['firstName', 'first name'],
    ['currentPassword', 'current password'],
    ['parentId', 'parent ID'],
    ['categoryIds', 'category IDs'],
    ['html', 'HTML'],
    ['seo_title', 'SEO title'],
    ['allowedOrigins', 'allowed origins'],
    ['apiURL', 'API URL'],
    ['lexical', 'Lexical editor state'],
    ['isVisible', 'visible flag'],
    ['cssClasses', 'CSS classes'],
  ])('%s → %s', (name, words) => {
    expect(nameInWords(name)).toBe(words)
  })
})

describe('describeIssue', () => {
  it('names a body member in words, with the limit', () => {
    expect(
      describeIssue(
        { instancePath: '/password', keyword: 'minLength', params: { limit: 6 }, message: 'ignored' },
        'body',
      ),
    ).toEqual({ path: 'body/password', message: 'The password must be at least 6 characters long.' })
  })

  it('names nested members and list items from the inside out', () => {
    const issue = {
      instancePath: '/fields/0/id',
      keyword: 'pattern',
      params: { pattern: '^[a-z]' },
      parentSchema: { 'x-expect': 'a letter, then letters, digits, - or _' },
    }
    expect(describeIssue(issue, 'body').message).toBe(
      'The ID of item 1 of the fields must be a letter, then letters, digits, - or _.',
    )
    const origin = describeIssue(
      { instancePath: '/edgeGateway/allowedOrigins/2', keyword: 'type', params: { type: 'string' } },
      'body',
    )
    expect(origin.message).toBe('Item 3 of the allowed origins of the edge gateway must be text.')
  })

  it('agrees the verb with a plural member', () => {
    const missing = describeIssue(
      { instancePath: '', keyword: 'required', params: { missingProperty: 'tags' } },
      'body',
    )
    expect(missing).toEqual({ path: 'body', member: 'tags', message: 'The tags are required.' })
    const status = describeIssue(
      { instancePath: '', keyword: 'required', params: { missingProperty: 'status' } },
      'body',
    )
    expect(status.message).toBe('The status is required.')
  })

  it('quotes query and path parameters as typed', () => {
    expect(
      describeIssue({ instancePath: '/limit', keyword: 'maximum', params: { limit: 100 } }, 'querystring')
        .message,
    ).toBe('The query parameter "limit" must be 100 or less.')
    expect(
      describeIssue(
        { instancePath: '', keyword: 'required', params: { missingProperty: 'token' } },
        'querystring',
      ),
    ).toEqual({ path: 'querystring', member: 'token', message: 'The query parameter "token" is required.' })
    expect(
      describeIssue(
        { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'debug' } },
        'querystring',
      ).message,
    ).toBe('The query parameter "debug" is not accepted here (this route takes none).')
  })

  it('never passes on Ajv’s own text, but keeps the predicates of Folio’s keywords', () => {
    const ajv = describeIssue(
      { instancePath: '/a', keyword: 'if', params: {}, message: 'must match "then" schema' },
      'body',
    )
    expect(ajv.message).toBe('The a is not valid.')
    const ours = describeIssue(
      {
        instancePath: '/title',
        keyword: 'x-unsafe-text',
        params: { phrase: catalogPhrase('validation.unsafe.nul') },
      },
      'body',
    )
    expect(ours.message).toBe('The title must not contain a NUL character (U+0000).')
  })

  it('puts each type in words', () => {
    const cases: [string, string][] = [
      ['integer', 'a whole number'],
      ['boolean', 'true or false'],
      ['array', 'a list'],
    ]
    for (const [type, words] of cases) {
      expect(
        describeIssue({ instancePath: '/limit', keyword: 'type', params: { type } }, 'body').message,
      ).toBe(`The limit must be ${words}.`)
    }
  })
})

describe('describeValidation', () => {
  it('tells a union once, by its own expectation', () => {
    const details = describeValidation(
      [
        { instancePath: '/status', keyword: 'const', params: { allowedValue: 'draft' } },
        { instancePath: '/status', keyword: 'const', params: { allowedValue: 'published' } },
        {
          instancePath: '/status',
          keyword: 'anyOf',
          params: {},
          parentSchema: { anyOf: [{ const: 'draft' }, { const: 'published' }] },
        },
      ],
      'body',
    )
    expect(details).toEqual([{ path: 'body/status', message: 'The status must be one of draft, published.' }])
  })
})

describe('in Turkish', () => {
  it('names the member as sent, with the same limit and the same path', () => {
    expect(
      describeIssue({ instancePath: '/password', keyword: 'minLength', params: { limit: 6 } }, 'body', 'tr'),
    ).toEqual({ path: 'body/password', message: '"password" alanı en az 6 karakter uzunluğunda olmalıdır.' })
    expect(
      describeIssue(
        { instancePath: '/fields/0/id', keyword: 'type', params: { type: 'string' } },
        'body',
        'tr',
      ).message,
    ).toBe('"fields[0].id" alanı metin olmalıdır.')
  })

  it('says required, unknown and parameter issues in Turkish, and what a schema expects in its Turkish words', () => {
    expect(
      describeIssue(
        { instancePath: '', keyword: 'required', params: { missingProperty: 'tags' } },
        'body',
        'tr',
      ),
    ).toEqual({ path: 'body', member: 'tags', message: '"tags" alanı zorunludur.' })
    expect(
      describeIssue(
        { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'debug' } },
        'querystring',
        'tr',
      ).message,
    ).toBe('"debug" sorgu parametresi burada kabul edilmiyor (bu uç nokta parametre almıyor).')
    expect(
      describeIssue(
        {
          instancePath: '/slug',
          keyword: 'pattern',
          params: { pattern: '^[a-z]' },
          parentSchema: { 'x-expect': 'a slug: lowercase letters and digits joined by single dashes' },
        },
        'body',
        'tr',
      ).message,
    ).toBe(
      '"slug" alanı bir kısa ad: tek kısa çizgilerle birleştirilmiş küçük harfler ve rakamlar olmalıdır.',
    )
  })
})
