import { FolioError } from '@folio/client'
import { describe, expect, it } from 'vitest'
import { groupErrors, groupFieldOf } from './group-errors'

const failure = (status: number, body: Record<string, unknown>) => new FolioError(status, body as never)

describe('groupErrors', () => {
  it('puts each detail at the path below its group, down to one entry of a list', () => {
    const error = failure(400, {
      error: 'ValidationFailed',
      message: 'edgeGateway.allowedOrigins/1 must be an origin.',
      details: [
        { path: 'body/edgeGateway/allowedOrigins/1', message: 'must be an origin' },
        { path: 'body/edgeGateway/cacheMaxAgeSeconds', message: 'must be <= 86400' },
        { path: 'body/edgeGateway/cacheMaxAgeSeconds', message: 'must be an integer' },
      ],
    })
    expect(groupErrors(error, 'edgeGateway')).toEqual({
      'allowedOrigins/1': 'must be an origin',
      cacheMaxAgeSeconds: 'must be <= 86400 must be an integer',
    })
  })

  it('names the group for a detail about it as a whole, and the form for the rest', () => {
    const whole = failure(400, {
      error: 'ValidationFailed',
      message: 'metadata is too deep.',
      details: [{ path: 'body/metadata', message: 'is too deep' }],
    })
    expect(groupErrors(whole, 'metadata')).toEqual({ metadata: 'is too deep' })
    const other = failure(400, {
      error: 'ValidationFailed',
      message: 'smtp.host is not a host.',
      details: [{ path: 'body/smtp/host', message: 'is not a host' }],
    })
    expect(groupErrors(other, 'branding')).toEqual({ form: 'is not a host' })
    expect(groupErrors(failure(403, { error: 'Forbidden', message: 'Not yours.' }), 'smtp')).toEqual({
      form: 'Not yours.',
    })
    expect(groupErrors(new TypeError('Failed to fetch'), 'smtp')).toEqual({ form: 'Failed to fetch' })
  })
})

describe('groupFieldOf', () => {
  it("places the form's own problems as groupErrors places the API's", () => {
    const place = groupFieldOf('edgeGateway')
    expect(place('/edgeGateway/allowedOrigins/1')).toBe('allowedOrigins/1')
    expect(place('/edgeGateway/cacheMaxAgeSeconds')).toBe('cacheMaxAgeSeconds')
    expect(place('/edgeGateway')).toBe('edgeGateway')
    expect(place('/smtp/port')).toBe('form')
  })
})
