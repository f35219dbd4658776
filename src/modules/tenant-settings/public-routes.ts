import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { DeliveryCaching } from '../../http/delivery-cache.js'
import { publicContext } from '../../http/public-context.js'
import { errorResponses, LocaleQuery } from '../../http/schemas.js'
import type { TenantSettingsReader } from './effective.js'

const PublicLocalesBody = Type.Object({
  locale: Type.String({ description: 'The locale negotiated for this request (locale, Accept-Language)' }),
  locales: Type.Object({
    default: Type.String(),
    available: Type.Array(Type.String()),
    fallbacks: Type.Unsafe<Record<string, string>>({
      type: 'object',
      additionalProperties: { type: 'string' },
    }),
  }),
})

/** The answer changes only with the tenant's settings (the delivery cache). */
const CACHED: DeliveryCaching = { dependsOn: ['settings'] }

/**
 * `GET /api/public/locales`: the tenant's locales, for a site's language switcher and `hreflang`
 * links, and the locale negotiated for the request (docs/decisions/localization.md).
 */
export function tenantSettingsPublicRoutes(settings: TenantSettingsReader): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/locales',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags: ['public'],
          operationId: 'getPublicLocales',
          summary: 'Get the tenant’s locales',
          description:
            "The locales the tenant serves, its default and each locale's fallback, and the locale this request negotiated (the `locale` parameter, else Accept-Language, else the default). Tenant from X-Tenant-ID; 403 when the tenant turned public delivery off or the Origin is not allowed, 429 when the monthly quota is spent.",
          querystring: Type.Object({ locale: LocaleQuery.locale }, { additionalProperties: false }),
          response: { 200: PublicLocalesBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request) => {
        const context = publicContext(request)
        const { locales } = await settings.get(context.tenantId)
        return { locale: context.locale, locales }
      },
    )
  }
}
