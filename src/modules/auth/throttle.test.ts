import { describe, expect, it } from 'vitest'
import { freshIp, login } from '../../../test/auth-fixtures.js'
import { call, seedUser, TEST_PASSWORD, uniqueEmail, useTestContext } from '../../../test/helpers.js'
import { ConfigError, loadConfig } from '../../config.js'
import { networkOf } from './throttle.js'

/** Small limits so the rules show in a few requests. */
const ctx = useTestContext({
  AUTH_THROTTLE_WINDOW_SECONDS: '600',
  AUTH_LOGIN_IP_LIMIT: '6',
  AUTH_LOGIN_ACCOUNT_IP_LIMIT: '3',
  AUTH_LOGIN_ACCOUNT_LIMIT: '5',
  AUTH_CURRENT_PASSWORD_LIMIT: '2',
})

const statusesOf = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode)

describe('login throttles', () => {
  it('refuse a network past its failures across accounts; a forged X-Forwarded-For changes nothing', async () => {
    const remoteAddress = freshIp()
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        login(ctx.app, { email: uniqueEmail('spray'), password: 'guess' }, remoteAddress),
      ),
    )
    expect(statusesOf(responses).sort()).toEqual([401, 401, 401, 401, 401, 401, 429, 429])
    const blocked = responses.find((response) => response.statusCode === 429)
    expect(blocked?.data.message).toMatch(/^Too many failed logins from this network address; this clears in/)
    expect(Number(blocked?.headers['retry-after'])).toBeGreaterThan(500)
    const forged = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: uniqueEmail('spray'), password: 'guess' },
      remoteAddress,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    })
    expect(forged.statusCode).toBe(429)
    expect((await login(ctx.app, { email: uniqueEmail('spray'), password: 'guess' })).statusCode).toBe(401)
  })

  it('count an IPv6 client by its /64, so rotating addresses inside it changes nothing', async () => {
    const prefix = `2001:db8:${(process.pid % 65_000).toString(16)}:${(Date.now() % 65_000).toString(16)}`
    const statuses: number[] = []
    for (let host = 1; host <= 7; host++) {
      const response = await login(ctx.app, { email: uniqueEmail(), password: 'guess' }, `${prefix}::${host}`)
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429])
  })

  it('never refuse a correct password because of failures from other networks, even past the account ceiling', async () => {
    const owner = await seedUser(ctx.db)
    // Twelve networks fail once each: a distributed guess, past the account's ceiling of 5.
    for (let network = 0; network < 12; network++) {
      const failed = await login(ctx.app, { email: owner.email, password: `guess-${network}` })
      expect(failed.statusCode).toBe(401)
    }
    const ownerLogin = await login(ctx.app, { email: owner.email, password: TEST_PASSWORD })
    expect(ownerLogin.statusCode).toBe(200)
  })

  it('past the account ceiling, give each guessing network one failure per window instead of three', async () => {
    const owner = await seedUser(ctx.db)
    const early = freshIp()
    const earlyStatuses: number[] = []
    for (let attempt = 0; attempt < 4; attempt++) {
      earlyStatuses.push((await login(ctx.app, { email: owner.email, password: 'guess' }, early)).statusCode)
    }
    expect(earlyStatuses).toEqual([401, 401, 401, 429])
    const second = freshIp()
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(ctx.app, { email: owner.email, password: 'guess' }, second)).statusCode).toBe(401)
    }
    // 6 failures now: the ceiling (5) is passed.
    const late = freshIp()
    const lateStatuses: number[] = []
    for (let attempt = 0; attempt < 2; attempt++) {
      lateStatuses.push((await login(ctx.app, { email: owner.email, password: 'guess' }, late)).statusCode)
    }
    expect(lateStatuses).toEqual([401, 429])
    // A network that has not failed still gets its check, and the right password works from it.
    expect((await login(ctx.app, { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200)
  })

  it('treat an unknown e-mail like an account: the same 401s, then the same 429', async () => {
    const remoteAddress = freshIp()
    const email = uniqueEmail('ghost')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await login(ctx.app, { email, password: 'guess' }, remoteAddress)).statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 429])
  })
})

describe('current-password throttle', () => {
  it('counts wrong current passwords per account, apart from the login counters', async () => {
    const user = await seedUser(ctx.db)
    const change = (currentPassword: string) =>
      call(ctx.app, 'PUT', '/api/users/me/password', {
        token: user.token,
        body: { currentPassword, newPassword: 'a new password' },
        remoteAddress: freshIp(),
      })
    const emailChange = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { email: uniqueEmail('moved'), currentPassword: 'wrong one' },
    })
    expect(emailChange.statusCode).toBe(401)
    expect(emailChange.data.error).toBe('InvalidCredentials')
    expect((await change('wrong two')).statusCode).toBe(401)
    const blocked = await change(TEST_PASSWORD)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.data.message).toMatch(/^Too many wrong current passwords for this account; this clears in/)
    // Login keeps its own counters: the account still logs in.
    expect((await login(ctx.app, { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200)
  })

  it('is not filled by failed logins', async () => {
    const user = await seedUser(ctx.db)
    for (const network of [freshIp(), freshIp()]) {
      for (let attempt = 0; attempt < 3; attempt++) {
        await login(ctx.app, { email: user.email, password: 'guess' }, network)
      }
    }
    const changed = await call(ctx.app, 'PUT', '/api/users/me/password', {
      token: user.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a new password' },
    })
    expect(changed.statusCode).toBe(200)
  })
})

describe('AUTH_THROTTLES=off', () => {
  const unthrottled = useTestContext({ AUTH_THROTTLES: 'off' })

  it('consults no throttle: repeated failures from one address stay 401 and the password still works', async () => {
    const user = await seedUser(unthrottled.db)
    const remoteAddress = freshIp()
    const failures = await Promise.all(
      Array.from({ length: 8 }, () =>
        login(unthrottled.app, { email: user.email, password: 'guess' }, remoteAddress),
      ),
    )
    expect(new Set(statusesOf(failures))).toEqual(new Set([401]))
    const success = await login(
      unthrottled.app,
      { email: user.email, password: TEST_PASSWORD },
      remoteAddress,
    )
    expect(success.statusCode).toBe(200)
    const resends = await Promise.all(
      Array.from({ length: 7 }, () =>
        call(unthrottled.app, 'POST', '/api/auth/resend-verification', {
          body: { email: user.email },
          remoteAddress,
        }),
      ),
    )
    expect(new Set(statusesOf(resends))).toEqual(new Set([200]))
  })
})

describe('networkOf', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::6', '2001:db8:1:2::/64'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.9', '64:ff9b:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(networkOf(ip)).toBe(key)
  })
})

describe('configuration', () => {
  it('reads the limits, defaults included, and AUTH_THROTTLES=off as false', () => {
    const base = { DATABASE_URL: 'memory://', DATA_DIR: '/tmp/folio-config-test' }
    expect(loadConfig(base).authThrottles).toEqual({
      windowSeconds: 900,
      loginIp: 50,
      loginAccountIp: 5,
      loginAccount: 100,
      currentPassword: 5,
      registerIp: 20,
      resendIp: 5,
      forgotIp: 10,
      forgotAccount: 3,
      resetIp: 20,
    })
    expect(loadConfig({ ...base, AUTH_LOGIN_ACCOUNT_LIMIT: '250' }).authThrottles).toMatchObject({
      loginAccount: 250,
    })
    expect(loadConfig({ ...base, AUTH_THROTTLES: 'off' }).authThrottles).toBe(false)
    expect(loadConfig(base).appUrl).toBe('http://localhost:3000/admin')
    expect(loadConfig({ ...base, APP_URL: 'https://app.example.com/' }).appUrl).toBe(
      'https://app.example.com',
    )
  })

  it('reports every bad value at once', () => {
    let caught: unknown
    try {
      loadConfig({
        DATABASE_URL: 'memory://',
        AUTH_THROTTLES: 'maybe',
        AUTH_LOGIN_IP_LIMIT: '0',
        AUTH_THROTTLE_WINDOW_SECONDS: 'soon',
        APP_URL: 'ftp://example.com',
      })
    } catch (err) {
      caught = err
    }
    expect(caught).toBeInstanceOf(ConfigError)
    expect((caught as ConfigError).problems).toEqual([
      'APP_URL must be an http(s) URL, got "ftp://example.com"',
      'AUTH_THROTTLES must be on or off, got "maybe"',
      'AUTH_THROTTLE_WINDOW_SECONDS must be an integer from 1 to 1000000, got "soon"',
      'AUTH_LOGIN_IP_LIMIT must be an integer from 1 to 1000000, got "0"',
    ])
  })
})
