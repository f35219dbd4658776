import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, type TestContext } from '../../test/helpers.js'

const logs: string[] = []
let logged: TestContext
beforeAll(async () => {
  logged = await createTestContext({ logs })
})
afterAll(() => logged.close())

describe('request log lines', () => {
  it('redact every token-like query parameter, whatever its case, and keep the others', async () => {
    const secrets = {
      state: 'state-secret-1',
      csrfToken: 'csrf-secret-2',
      code: 'code-secret-3',
      token: 'token-secret-4',
      signature: 'signature-secret-5',
      CSRFTOKEN: 'csrf-secret-6',
    }
    const query = new URLSearchParams({ ...secrets, limit: '1', estate: 'kept' })
    await call(logged.app, 'GET', `/api/auth/google/callback?${query}`)
    await call(logged.app, 'GET', `/api/contents?${query}`)
    const urls = logs.map((line) => JSON.parse(line).req?.url).filter(Boolean)
    expect(urls).toContain(
      '/api/contents?state=[redacted]&csrfToken=[redacted]&code=[redacted]&token=[redacted]&signature=[redacted]&CSRFTOKEN=[redacted]&limit=1&estate=kept',
    )
    expect(urls.some((url: string) => url.startsWith('/api/auth/google/callback?state=[redacted]&'))).toBe(
      true,
    )
    const text = logs.join('')
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret)
  })
})
