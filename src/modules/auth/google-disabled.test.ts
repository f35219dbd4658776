import { describe, expect, it } from 'vitest'
import { call, seedUser, useTestContext } from '../../../test/helpers.js'
import { externalIdentities } from '../../db/schema/index.js'

// No GOOGLE_CLIENT_ID: Google sign-in is off.
const ctx = useTestContext()

const DISABLED = {
  error: 'GoogleSignInDisabled',
  message: 'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
}

describe('Google sign-in without configuration', () => {
  it('reports itself disabled; start and callback answer 503 GoogleSignInDisabled', async () => {
    const config = await call(ctx.app, 'GET', '/api/auth/google/config')
    expect(config.statusCode).toBe(200)
    expect(config.data).toEqual({ enabled: false, clientId: null })
    for (const url of ['/api/auth/google/start', '/api/auth/google/callback?code=a&state=b']) {
      const response = await call(ctx.app, 'GET', url)
      expect(response.statusCode).toBe(503)
      expect(response.data).toEqual(DISABLED)
    }
  })

  it('answers the status of a profile page with enabled: false, never a 5xx', async () => {
    const user = await seedUser(ctx.db)
    const status = await call(ctx.app, 'GET', '/api/auth/google/status', { token: user.token })
    expect(status.statusCode).toBe(200)
    expect(status.data).toEqual({ enabled: false, linked: false, email: null, linkedAt: null })
  })

  it('lets an account linked before Google was turned off remove its link', async () => {
    const user = await seedUser(ctx.db)
    await ctx.db.insert(externalIdentities).values({
      userId: user.userId,
      provider: 'google',
      subject: `sub-${user.userId}`,
      email: 'me@gmail.example',
    })
    const status = await call(ctx.app, 'GET', '/api/auth/google/status', { token: user.token })
    expect(status.data).toEqual({
      enabled: false,
      linked: true,
      email: 'me@gmail.example',
      linkedAt: expect.any(String),
    })
    const unlinked = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      token: user.token,
      body: { currentPassword: user.password },
    })
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(unlinked.data).toEqual({ linked: false, message: 'The Google account is no longer linked.' })
    const after = await call(ctx.app, 'GET', '/api/auth/google/status', { token: user.token })
    expect(after.data.linked).toBe(false)
  })
})
