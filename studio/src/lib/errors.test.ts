import { FolioError } from '@folio/client'
import { describe, expect, it } from 'vitest'
import { fieldErrors, isUnauthorized } from './errors'

const failure = (status: number, body: Record<string, unknown>) => new FolioError(status, body as never)

describe('fieldErrors', () => {
  it('puts each validation detail on the member it names', () => {
    const error = failure(400, {
      error: 'ValidationFailed',
      message: 'title is required. slug is too long.',
      details: [
        { path: 'body', member: 'title', message: 'title is required.' },
        { path: 'body/slug', message: 'slug is too long.' },
        { path: 'body/slug', message: 'slug has capitals.' },
        { path: '/options', message: 'are required for type select' },
      ],
    })
    expect(fieldErrors(error)).toEqual({
      title: 'title is required.',
      slug: 'slug is too long. slug has capitals.',
      options: 'are required for type select',
    })
  })

  it('sends a listed code to its field, and anything else to the form', () => {
    const conflict = failure(409, { error: 'SlugConflict', message: 'The slug hello is taken.' })
    expect(fieldErrors(conflict, { SlugConflict: 'slug' })).toEqual({ slug: 'The slug hello is taken.' })
    expect(fieldErrors(conflict)).toEqual({ form: 'The slug hello is taken.' })
    const query = failure(400, {
      error: 'ValidationFailed',
      message: 'limit is too large.',
      details: [{ path: 'querystring/limit', message: 'limit is too large.' }],
    })
    expect(fieldErrors(query)).toEqual({ form: 'limit is too large.' })
    expect(fieldErrors(new TypeError('Failed to fetch'))).toEqual({ form: 'Failed to fetch' })
  })
})

describe('isUnauthorized', () => {
  it('is true for a 401 answer only', () => {
    expect(isUnauthorized(failure(401, { error: 'Unauthorized', message: 'Sign in.' }))).toBe(true)
    expect(isUnauthorized(failure(403, { error: 'Forbidden', message: 'No.' }))).toBe(false)
    expect(isUnauthorized(new Error('401'))).toBe(false)
  })

  it('is false for a wrong current password, which the form shows while the session holds', () => {
    const wrong = failure(401, { error: 'InvalidCredentials', message: 'Invalid e-mail or password.' })
    expect(isUnauthorized(wrong)).toBe(false)
  })
})
