import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { publicContext } from '../../http/public.js'
import { errorResponses } from '../../http/schemas.js'
import {
  PublicFormBody,
  PublicFormParams,
  PublicFormQuery,
  SubmitBody,
  SubmitParams,
  SubmitResult,
} from './public-schemas.js'
import type { PublicFormsService } from './public-service.js'

/**
 * The API token of a submission: `Authorization: Bearer …` or `X-API-Key` (docs/decisions/http.md
 * "The contract's authentication rules"); undefined for a browser submission without one.
 */
function presentedToken(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
  const key = request.headers['x-api-key']
  return bearer ?? (typeof key === 'string' && key !== '' ? key : undefined)
}

/**
 * What a reader said of its languages beyond the public-route plugin's negotiation: the `locale`
 * parameter and the header, which a tenant without locales negotiates itself, and `fallback=false`.
 */
function readerOf(request: FastifyRequest & { query: PublicFormQuery }) {
  return {
    requested: request.query.locale,
    exact: request.query.fallback === false,
    acceptLanguage: request.headers['accept-language'],
  }
}

/**
 * `/api/public/forms`: registered in the public-route plugin (tenant from `X-Tenant-ID`, edge
 * policy, CORS and the quota: each answer counts one request, a submission included).
 */
export const publicFormsRoutes =
  (service: PublicFormsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/forms/:slug',
      {
        // Never from the delivery cache nor any HTTP cache: each answer carries the reader's own token.
        config: { auth: 'public', localized: true, deliveryCache: false },
        schema: {
          tags: ['public', 'forms'],
          operationId: 'getPublicForm',
          summary: 'Get a published public form',
          description:
            "The served version of a published form with visibility public, each text (title, description, field labels, placeholders, help texts, validation messages, option labels, the submit button text and success message) in the reader's locale: `locale`, else Accept-Language negotiated against the tenant's locales, each text from the first locale of the fallback chain it has, else (unless `fallback=false`) its first text in a tenant locale; the maps are kept in i18n (the tenant's locales only). A tenant without locales: the languages the form's texts are written in are negotiated instead. The answer names the locale (`locale`, Content-Language). With it, a form token for the submission: it works once, from the client network that read the form (an IPv4 address, an IPv6 /64), within a day; the answer is Cache-Control: no-store. No private token: X-Tenant-ID. 400 when `locale` is not one of the tenant's; 404 for a draft, archived, authenticated-only or missing form.",
          params: PublicFormParams,
          querystring: PublicFormQuery,
          response: { 200: PublicFormBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const answer = await service.read(publicContext(request), request.params.slug, readerOf(request))
        reply.header('content-language', answer.locale)
        // The form token is the reader's own (single-use, bound to their network): no cache may
        // hand it to another visitor (docs/decisions/forms.md "Form tokens are single-use").
        reply.header('cache-control', 'no-store')
        return answer
      },
    )

    app.post(
      '/forms/:formId/submit',
      {
        config: { auth: 'public', localized: true },
        schema: {
          tags: ['public', 'forms'],
          operationId: 'submitForm',
          summary: 'Submit a response to a published form',
          description:
            'Needs X-Tenant-ID and either an API token of that tenant with the submit or write scope (Bearer or X-API-Key; from a server), or, for a form whose settings.browserSubmission is true, a browser Origin the tenant allows (no token; user is then refused). Answers are checked against the published version; suspected spam (honeypot, missing or too fast form token, duplicate, failed captcha) is stored with status spam and answered alike. 401 without a valid token where one is needed; 403 without submit or write, or for an origin the edge policy refuses; 404 for a form not published or another tenant’s token; 400 naming each failing field; 429 past the rate limits. The success message is in the locale of the body, else in the negotiated locale (as on the read), named by locale and Content-Language.',
          params: SubmitParams,
          querystring: PublicFormQuery,
          body: SubmitBody,
          response: { 201: SubmitResult, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const result = await service.submit(
          publicContext(request),
          presentedToken(request),
          request.params.formId,
          request.body,
          readerOf(request),
        )
        reply.header('content-language', result.locale)
        return reply.status(201).send(result)
      },
    )
  }
