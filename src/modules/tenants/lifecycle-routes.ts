import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { clientOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { setSessionCookie } from '../../http/session-cookie.js'
import type { SessionPrincipal } from '../auth/index.js'
import type { TenantLifecycle } from './lifecycle.js'
import type { Onboarding } from './onboarding.js'
import {
  AcceptedMembershipSchema,
  AcceptTransferBody,
  AcceptTransferResultSchema,
  CreationOptionsSchema,
  DeletedTenantListSchema,
  DeleteTenantBody,
  DeletionPreflightSchema,
  DeletionResultSchema,
  NoQuery,
  OpenTransferSchema,
  RestoreResultSchema,
  RestoreTenantBody,
  TenantIdParams,
  TransferCancelledSchema,
  TransferOwnershipBody,
  TransferPreviewQuery,
  TransferPreviewSchema,
  TransferRequestedSchema,
} from './schemas.js'
import type { OwnershipTransfers } from './transfer.js'

const OWNER_ONLY =
  'Who: a signed-in user (session; API tokens get 403) who is an active owner of the tenant. A tenant where the caller is no active member, or that does not exist, answers 404; other members get 403.'

/**
 * The tenant lifecycle under `/api/tenants` (user session, tenant named by the path): creation
 * options, accepting a membership, ownership transfer, deletion and restore.
 */
export const tenantLifecycleRoutes: FastifyPluginAsyncTypebox<{
  lifecycle: TenantLifecycle
  transfers: OwnershipTransfers
  onboarding: Onboarding
  secureCookie: boolean
}> = async (app, { lifecycle, transfers, onboarding, secureCookie }) => {
  const session = (principal: unknown) => principal as SessionPrincipal

  app.get(
    '/tenants/creation-options',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenantCreationOptions',
        summary: 'What POST /api/tenants accepts from the caller',
        description:
          'The plans the caller may request (the default plan; every plan for a platform administrator), the default plan, and the name and slug rules. Who: any signed-in user (session).',
        querystring: NoQuery,
        response: { 200: CreationOptionsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => onboarding.creationOptions(session(request.principal)),
  )

  app.get(
    '/tenants/deleted',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'listDeletedTenants',
        summary: "The caller's deleted tenants that can still be restored",
        description:
          'Tenants in their grace period (status deletion_pending) where the caller is an active owner, with the deletion time, purge date and reason. Who: any signed-in user (session).',
        querystring: NoQuery,
        response: { 200: DeletedTenantListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => lifecycle.listDeleted(session(request.principal)),
  )

  app.post(
    '/tenants/:id/accept',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'acceptTenantMembership',
        summary: 'Accept a pending membership (invitation) and switch the session to the tenant',
        description:
          'The caller’s pending membership becomes active and the session rotates onto the tenant (new token and csrfToken; the old token stops working). An inactive membership is never reactivated here. Who: the invited user (session). 404 when the caller has no pending membership in a live tenant.',
        params: TenantIdParams,
        querystring: NoQuery,
        response: { 200: AcceptedMembershipSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accepted = await onboarding.accept(
        session(request.principal),
        request.params.id.toLowerCase(),
        clientOf(request),
      )
      setSessionCookie(reply, accepted, secureCookie)
      return accepted
    },
  )

  app.post(
    '/tenants/:id/transfer-ownership',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'transferTenantOwnership',
        summary: 'Offer the ownership of the tenant to another active member',
        description: `Checks the caller's current password (throttled; 401 InvalidCredentials, 429 past the limit), then mails the member with \`email\` a one-time token valid 7 days (never returned). A new offer replaces the open one. 400 when \`email\` is no other active member of the tenant, or already an owner. 403 EmailNotVerified while no owner of the tenant has verified their address, LimitExceeded past the day's platform mail (the offer goes through Folio's mail). ${OWNER_ONLY}`,
        params: TenantIdParams,
        querystring: NoQuery,
        body: TransferOwnershipBody,
        response: { 200: TransferRequestedSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      transfers.request(
        session(request.principal),
        request.params.id.toLowerCase(),
        request.body,
        clientOf(request),
      ),
  )

  app.get(
    '/tenants/:id/transfer-ownership',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenantOwnershipTransfer',
        summary: "The tenant's open ownership transfer offer",
        description: `The addressee's e-mail, when the offer was made and when it expires (never the token); \`transfer\` is null when no offer is open (none made, accepted, expired or withdrawn). ${OWNER_ONLY}`,
        params: TenantIdParams,
        querystring: NoQuery,
        response: { 200: OpenTransferSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => transfers.open(session(request.principal), request.params.id.toLowerCase()),
  )

  app.delete(
    '/tenants/:id/transfer-ownership',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'cancelTenantOwnershipTransfer',
        summary: 'Withdraw the open ownership transfer offer',
        description: `The mailed token stops working at once. Without an open offer the answer is \`cancelled: false\` and nothing changes. ${OWNER_ONLY}`,
        params: TenantIdParams,
        querystring: NoQuery,
        response: { 200: TransferCancelledSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      transfers.cancel(session(request.principal), request.params.id.toLowerCase(), clientOf(request)),
  )

  app.get(
    '/tenants/:id/transfer-preview',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['tenants'],
        operationId: 'previewTenantOwnershipTransfer',
        summary: 'What an ownership transfer token offers',
        description:
          'The tenant, the e-mail of the account the transfer is addressed to, and the expiry, for the page the transfer mail links to (APP_URL/account/accept-transfer). Needs no session; accepting needs the addressed account signed in. An unknown, used or expired token is 400 InvalidToken.',
        params: TenantIdParams,
        querystring: TransferPreviewQuery,
        response: { 200: TransferPreviewSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return transfers.preview(request.params.id.toLowerCase(), request.query.token)
    },
  )

  app.post(
    '/tenants/:id/accept-transfer',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'acceptTenantOwnershipTransfer',
        summary: 'Accept an ownership transfer with the mailed token',
        description:
          'The caller becomes owner and the owner who offered the transfer becomes admin; both are mailed. The token works once: unknown, used, expired, addressed to someone else, or offered by someone no longer an owner → 400 InvalidToken. Who: the addressed member (session). 404 when the caller is no active member of a live tenant with this id.',
        params: TenantIdParams,
        querystring: NoQuery,
        body: AcceptTransferBody,
        response: { 200: AcceptTransferResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      transfers.accept(
        session(request.principal),
        request.params.id.toLowerCase(),
        request.body.token,
        clientOf(request),
      ),
  )

  app.get(
    '/tenants/:id/deletion-preflight',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenantDeletionPreflight',
        summary: 'What deleting the tenant would remove, and the confirmation it expects',
        description: `Row counts by kind, the confirmation text (the tenant's slug), the grace period and the purge date. ${OWNER_ONLY}`,
        params: TenantIdParams,
        querystring: NoQuery,
        response: { 200: DeletionPreflightSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => lifecycle.preflight(session(request.principal), request.params.id.toLowerCase()),
  )

  app.delete(
    '/tenants/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'deleteTenant',
        summary: 'Delete the tenant (restorable during the grace period)',
        description: `Checks the current password (401 InvalidCredentials, 429 past the limit) and that \`confirmation\` equals the tenant's slug (400 ConfirmationMismatch). The tenant turns deletion_pending: its API, API tokens and public routes answer 404 at once; members are mailed; its data is purged after TENANT_DELETION_GRACE_DAYS (default 30). Repeating the request answers the pending deletion with duplicate: true. ${OWNER_ONLY}`,
        params: TenantIdParams,
        querystring: NoQuery,
        body: DeleteTenantBody,
        response: { 200: DeletionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      lifecycle.delete(
        session(request.principal),
        request.params.id.toLowerCase(),
        request.body,
        clientOf(request),
      ),
  )

  app.post(
    '/tenants/:id/restore',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'restoreTenant',
        summary: 'Restore a deleted tenant within its grace period',
        description: `Checks the current password and the confirmation (the slug), then brings the tenant back as it was (API tokens included). 409 Conflict when the tenant is not deleted; 409 RestoreWindowExpired once the grace period has passed. ${OWNER_ONLY}`,
        params: TenantIdParams,
        querystring: NoQuery,
        body: RestoreTenantBody,
        response: { 200: RestoreResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      lifecycle.restore(
        session(request.principal),
        request.params.id.toLowerCase(),
        request.body,
        clientOf(request),
      ),
  )
}
