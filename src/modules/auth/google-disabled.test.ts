import { describe, expect, it } from 'vitest'
import { call, seedUser, useTestContext } from '../../../test/helpers.js'

// No GOOGLE_CLIENT_ID: Google sign-in is off.
const ctx = useTestContext()

describe('Google sign-in without configuration', () => {
  it('reports itself disabled and answers every other route 503 GoogleSignInDisabled', async () => {
    const config = await call(ctx.app, 'GET', '/api/auth/google/config')
    expect(config.statusCode).toBe(200)
    expect(config.data).toEqual({ enabled: false, clientId: null })

    const user = await seedUser(ctx.db)
    const responses = [
      await call(ctx.app, 'GET', '/api/auth/google/start'),
      await call(ctx.app, 'GET', '/api/auth/google/callback?code=a&state=b'),
      await call(ctx.app, 'GET', '/api/auth/google/status', { token: user.token }),
      await call(ctx.app, 'POST', '/api/auth/google/unlink', {
        token: user.token,
        body: { currentPassword: user.password },
      }),
    ]
    for (const response of responses) {
      expect(response.statusCode).toBe(503)
      expect(response.data).toEqual({
        error: 'GoogleSignInDisabled',
        message:
          'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
      })
    }
  })
})
