import { describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { putSettings, settingsOf } from '../../../test/settings-fixtures.js'

const ctx = useTestContext()

describe('tenant settings: locales', () => {
  it('one locale, en, until the tenant sets its own', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await settingsOf(ctx, owner)).locales).toEqual({
      default: 'en',
      available: ['en'],
      fallbacks: {},
    })
  })

  it('saves the locales canonical, keeps members not sent and replaces the fallbacks whole', async () => {
    const owner = await seedTenant(ctx.db)
    const saved = await putSettings(ctx, owner, {
      locales: { available: ['en', 'TR', 'de', 'DE-at'], fallbacks: { 'de-at': 'de', de: 'en' } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.data.settings.locales).toEqual({
      default: 'en',
      available: ['en', 'tr', 'de', 'de-AT'],
      fallbacks: { 'de-AT': 'de', de: 'en' },
    })
    const moved = await putSettings(ctx, owner, { locales: { default: 'tr', fallbacks: { 'de-AT': 'de' } } })
    expect(moved.data.settings.locales).toEqual({
      default: 'tr',
      available: ['en', 'tr', 'de', 'de-AT'],
      fallbacks: { 'de-AT': 'de' },
    })
    expect((await settingsOf(ctx, owner)).locales).toEqual(moved.data.settings.locales)
  })

  it('refuses bad locales with a 400 naming the member, and saves nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const refusals: [unknown, string, string][] = [
      [{ available: ['en', 'en_GB'] }, 'body/locales/available/1', 'ValidationFailed'],
      [{ default: 'fr' }, 'body/locales/default', 'ValidationFailed'],
      [{ available: ['en', 'de'], fallbacks: { de: 'fr' } }, 'body/locales/fallbacks/de', 'ValidationFailed'],
      [
        { available: ['en', 'de', 'de-AT'], fallbacks: { de: 'de-AT', 'de-AT': 'de' } },
        'body/locales/fallbacks/de',
        'ValidationFailed',
      ],
      [{ available: [] }, 'body/locales/available', 'ValidationFailed'],
      [{ available: ['en'], extra: true }, 'body/locales', 'ValidationFailed'],
    ]
    for (const [locales, path, error] of refusals) {
      const response = await putSettings(ctx, owner, { locales })
      expect(response.statusCode, JSON.stringify(locales)).toBe(400)
      expect(response.data.error).toBe(error)
      expect(response.data.details.map((detail: { path: string }) => detail.path)).toContain(path)
    }
    const cycle = await putSettings(ctx, owner, {
      locales: { available: ['en', 'de', 'de-AT'], fallbacks: { de: 'de-AT', 'de-AT': 'de' } },
    })
    expect(cycle.data.message).toBe('locales.fallbacks.de makes a cycle: de → de-AT → de.')
    expect((await settingsOf(ctx, owner)).locales).toEqual({
      default: 'en',
      available: ['en'],
      fallbacks: {},
    })
  })

  it('refuses to drop a locale contents are in (409 naming it and the count), and drops an unused one', async () => {
    const owner = await seedTenant(ctx.db)
    const saved = await putSettings(ctx, owner, { locales: { available: ['en', 'tr', 'de', 'fr'] } })
    expect(saved.statusCode, saved.body).toBe(200)
    const source = await createContent(ctx, owner.token, { title: 'Home' })
    for (const locale of ['tr', 'de']) {
      const made = await call(ctx.app, 'POST', `/api/contents/${source.id}/translations`, {
        token: owner.token,
        body: { locale },
      })
      expect(made.statusCode, made.body).toBe(201)
    }
    await createContent(ctx, owner.token, { title: 'Merhaba', locale: 'tr' })

    const refused = await putSettings(ctx, owner, { locales: { available: ['en', 'fr'] } })
    expect(refused.statusCode).toBe(409)
    expect(refused.data).toEqual({
      error: 'Conflict',
      message:
        'locales.available cannot drop "de" (1 content); "tr" (2 contents): delete those contents first.',
    })
    expect((await settingsOf(ctx, owner)).locales.available).toEqual(['en', 'tr', 'de', 'fr'])

    const dropped = await putSettings(ctx, owner, { locales: { available: ['en', 'tr', 'de'] } })
    expect(dropped.statusCode, dropped.body).toBe(200)
    expect(dropped.data.settings.locales.available).toEqual(['en', 'tr', 'de'])
  })
})

describe('GET /api/public/locales', () => {
  const read = (tenantId: string, query = '', headers: Record<string, string> = {}) =>
    call(ctx.app, 'GET', `/api/public/locales${query}`, { headers: { 'x-tenant-id': tenantId, ...headers } })

  it('answers the tenant’s locales and the negotiated one, varying by Accept-Language', async () => {
    const owner = await seedTenant(ctx.db)
    const single = await read(owner.tenantId, '', { 'accept-language': 'tr' })
    expect(single.statusCode).toBe(200)
    expect(single.data).toEqual({
      locale: 'en',
      locales: { default: 'en', available: ['en'], fallbacks: {} },
    })
    expect(single.headers['content-language']).toBe('en')
    expect(single.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')

    await putSettings(ctx, owner, {
      locales: { available: ['en', 'tr', 'de', 'de-AT'], fallbacks: { 'de-AT': 'de' } },
    })
    const turkish = await read(owner.tenantId, '', { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.5' })
    expect(turkish.data.locale).toBe('tr')
    expect(turkish.headers['content-language']).toBe('tr')
    expect(turkish.data.locales.fallbacks).toEqual({ 'de-AT': 'de' })
    expect((await read(owner.tenantId, '?locale=DE-at', { 'accept-language': 'tr' })).data.locale).toBe(
      'de-AT',
    )
    expect((await read(owner.tenantId, '', { 'accept-language': 'fr' })).data.locale).toBe('en')
  })

  it('keeps one delivery-cache entry per negotiated locale, not per header spelling', async () => {
    const owner = await seedTenant(ctx.db)
    await putSettings(ctx, owner, { locales: { available: ['en', 'tr'] } })
    const first = await read(owner.tenantId, '', { 'accept-language': 'tr' })
    expect(first.headers['x-cache']).toBe('MISS')
    const spelledOtherwise = await read(owner.tenantId, '', { 'accept-language': 'tr-TR, fr;q=0.2' })
    expect(spelledOtherwise.headers['x-cache']).toBe('HIT')
    expect(spelledOtherwise.data.locale).toBe('tr')
    expect(spelledOtherwise.headers['content-language']).toBe('tr')
    const english = await read(owner.tenantId, '', { 'accept-language': 'en-GB' })
    expect(english.headers['x-cache']).toBe('MISS')
    expect(english.data.locale).toBe('en')
    // A settings change moves the answer.
    await putSettings(ctx, owner, { locales: { available: ['en', 'tr', 'de'] } })
    const changed = await read(owner.tenantId, '', { 'accept-language': 'tr' })
    expect(changed.headers['x-cache']).toBe('MISS')
    expect(changed.data.locales.available).toEqual(['en', 'tr', 'de'])
  })

  it('refuses a locale the tenant does not have, naming its locales', async () => {
    const owner = await seedTenant(ctx.db)
    await putSettings(ctx, owner, { locales: { available: ['en', 'tr'] } })
    const response = await read(owner.tenantId, '?locale=fr')
    expect(response.statusCode).toBe(400)
    expect(response.data).toMatchObject({
      error: 'ValidationFailed',
      message: `The query parameter "locale" must be one of the tenant's locales (en, tr); "fr" is not.`,
    })
    expect((await read(owner.tenantId, '?locale=en_US')).statusCode).toBe(400)
  })
})
