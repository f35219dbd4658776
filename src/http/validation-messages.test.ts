import { describe, expect, it } from 'vitest'
import { describeIssue, describeValidation, nameInWords } from './validation-messages.js'

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
        params: {},
        message: 'must not contain a NUL character',
      },
      'body',
    )
    expect(ours.message).toBe('The title must not contain a NUL character.')
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
