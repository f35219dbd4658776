import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { requestLanguage } from '../../http/language.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import { renderMail } from '../../i18n/index.js'
import type { SessionPrincipal } from '../auth/index.js'
import { SettingsBody, SmtpTestResult, UpdateSettingsBody } from './schemas.js'
import type { TenantSettingsService } from './service.js'
import type { TenantMailer } from './tenant-mail.js'

const tags = ['tenant-settings']

/**
 * `/api/tenant-settings` (API contract): always the caller's tenant (the credential's, or the
 * session's selected one), so another tenant's settings are out of reach by construction. Not
 * metered: a tenant whose quota is spent must still be able to raise its limits
 * (docs/decisions/quotas.md "What counts as a request").
 */
export const tenantSettingsRoutes: FastifyPluginAsyncTypebox<{
  service: TenantSettingsService
  mailer: TenantMailer
}> = async (app, { service, mailer }) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'settings:view', quota: false, cache: 'no-store' },
      schema: {
        tags,
        operationId: 'getTenantSettings',
        summary: "The tenant's settings",
        description:
          'Every group with its defaults. The SMTP password and the webhook secret are write-only: reads show only hasPassword and hasSecret. Owners, admins and editors (settings:view).',
        querystring: TenantOnlyQuery,
        response: { 200: SettingsBody, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ settings: await service.get(tenantContext(request)) }),
  )

  app.put(
    '/',
    {
      config: { auth: 'tenant', permission: 'settings:update', quota: false },
      schema: {
        tags,
        operationId: 'updateTenantSettings',
        summary: "Change the tenant's settings, group by group",
        description:
          'Changes only the groups sent; within smtp, webhook, branding, limits and edgeGateway only the members sent (null clears a string or a limit). features, metadata and limits.custom are replaced whole when sent. smtp.password and webhook.secret: a string sets it, null or "" clears it, absence keeps it. A stored smtp.password stays bound to its server: changing host, port, username or secure needs smtp.password again (400 naming it). With a password and secure false, STARTTLS must succeed before the login unless smtp.requireTls is false. With smtp.enabled the SMTP server is checked first (400 and nothing saved when it cannot be reached or refuses the login). locales: a locale leaves locales.available only when no content is in it (409 naming the locale and how many contents are). Owners and admins (settings:update); 400 for any unknown member, naming it.',
        querystring: TenantOnlyQuery,
        body: UpdateSettingsBody,
        response: { 200: SettingsBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ settings: await service.update(tenantContext(request), request.body) }),
  )

  app.post(
    '/smtp/test',
    {
      config: { auth: 'userTenant', permission: 'settings:update', quota: false },
      schema: {
        tags,
        operationId: 'testTenantSmtp',
        summary: "Send a test mail to the caller through the tenant's mail settings",
        description:
          "Sends a short mail to the signed-in caller's address the way the tenant's mail goes: through its SMTP server when smtp.enabled, else through Folio's own mail, which needs a verified owner and a verified address of the caller (403 EmailNotVerified) and counts against TENANT_PLATFORM_MAIL_PER_DAY. Counts against limits.emailPerMonth (403 LimitExceeded past either limit). 400 when the tenant's server refuses. Owners and admins, with a user session.",
        querystring: TenantOnlyQuery,
        response: { 200: SmtpTestResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { email } = request.principal as SessionPrincipal
      const via = await mailer.send(
        tenantContext(request).tenantId,
        // To the caller, in the language their answers are in (their account's, or the browser's).
        { to: email, ...renderMail('smtpTest', requestLanguage(request), {}) },
        'test',
      )
      return { sent: true, to: email, via }
    },
  )
}
