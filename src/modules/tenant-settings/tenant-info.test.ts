import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { putSettings } from '../../../test/settings-fixtures.js'

const ctx = useTestContext()

describe('GET /api/tenant/info', () => {
  it('shows the branding and metadata of the settings, "" as null and empty metadata as null', async () => {
    const owner = await seedTenant(ctx.db)
    const before = await call(ctx.app, 'GET', '/api/tenant/info', { token: owner.token })
    expect(before.data.metadata).toBeNull()
    expect(before.data.branding.siteName).toBeNull()
    await putSettings(ctx, owner, {
      branding: { siteName: 'Ada Blog', logoUrl: 'https://cdn.example.com/logo.png', primaryColor: '#abc' },
      metadata: { locale: 'en' },
    })
    const info = await call(ctx.app, 'GET', '/api/tenant/info', { token: owner.token })
    expect(info.statusCode).toBe(200)
    expect(info.data.branding).toEqual({
      name: `Tenant ${owner.tenantId}`,
      siteName: 'Ada Blog',
      description: null,
      logo: null,
      logoUrl: 'https://cdn.example.com/logo.png',
      favicon: null,
      faviconUrl: null,
      primaryColor: '#abc',
      secondaryColor: null,
    })
    expect(info.data.metadata).toEqual({ locale: 'en' })
  })
})
