import type { Db } from '../../db/client.js'
import { type Family, job, type Kernel, mount } from '../../family.js'
import type { RoleResolver } from '../roles/index.js'
import { ACCOUNT_MAIL_JOB, type AccountMailJob } from './account-mail.js'
import { createCredentials } from './credentials.js'
import { createGoogleSignIn } from './google.js'
import { googleRoutes } from './google-routes.js'
import { createAuthRepository } from './repository.js'
import { authRoutes } from './routes.js'
import { createAuthService } from './service.js'

export type { AccountWriter } from './account-events.js'
export { linkParams } from './account-mail.js'
export { API_TOKEN_PREFIX, type Credentials, type Principal, type SessionPrincipal } from './credentials.js'
export { normalizeEmail } from './email.js'
export { sessionState } from './memberships.js'
export { isPlatformAdmin, type PlatformAccount } from './platform-admin.js'
export { INVITED_USER_STATUS } from './repository.js'
export {
  CurrentPassword,
  Email,
  EmptyBody,
  IssuedSessionResponse,
  type Membership,
  MembershipSchema,
  NewPassword,
  PASSWORD_MAX_LENGTH,
  PersonName,
  RoleMeta,
  SessionUserSchema,
} from './schemas.js'
export { type AuthService, publicSession, sessionPrincipal } from './service.js'
export type { SessionManager } from './sessions.js'
export { networkOf } from './throttle.js'

/**
 * The account writes other families make in their own transaction `tx` (auth owns `users` and
 * `sessions`, docs/architecture.md "Table ownership"): members' invited accounts, one's own
 * profile and password, and an account's deletion. The events stay the caller's.
 */
export function accountWrites(tx: Db) {
  const repository = createAuthRepository(tx)
  return {
    ensureInvited: repository.ensureInvitedAccount,
    completeInvited: repository.completeInvitedAccount,
    dropUnusedInvited: repository.dropUnusedInvitedAccount,
    updateProfile: repository.updateProfile,
    setPassword: repository.setPassword,
    anonymize: repository.anonymize,
    revokeSessions: repository.revokeSessions,
  }
}

/**
 * Authentication (API contract: `/api/auth`, `/api/auth/google`): registration, sign-in, sessions,
 * e-mail verification, password reset, Google sign-in, and the credentials (sessions and API
 * tokens) the auth guard checks.
 */
export function authFamily(
  kernel: Kernel,
  deps: {
    roles: RoleResolver
    /** Stores an API token's `last_used_at` (api-tokens' `apiTokenUse`). */
    recordApiTokenUse: (tenantId: string, tokenId: string, at: Date) => Promise<void>
  },
) {
  const { db, config, platform } = kernel
  const credentials = createCredentials({
    db,
    appSecret: config.appSecret,
    roles: deps.roles,
    recordApiTokenUse: deps.recordApiTokenUse,
  })
  const auth = createAuthService({
    db,
    config,
    credentials,
    store: kernel.store,
    mailer: kernel.mailer,
    roles: deps.roles,
    jobs: platform.jobs,
    events: kernel.events,
  })
  const google = createGoogleSignIn({
    db,
    config,
    secrets: kernel.secrets,
    credentials,
    sessions: auth.sessions,
    writeAccount: auth.writeAccount,
    verifyCurrentPassword: auth.verifyCurrentPassword,
    membershipsOf: auth.membershipsOf,
  })
  const secureCookie = config.publicUrl.startsWith('https:')
  return {
    name: 'auth',
    services: { credentials, auth, google },
    adminRoutes: [
      mount(authRoutes, { prefix: '/api/auth', service: auth, credentials, secureCookie }),
      mount(googleRoutes, { prefix: '/api/auth/google', service: google, secureCookie }),
    ],
    jobs: [
      job<AccountMailJob>(ACCOUNT_MAIL_JOB, (data) => auth.sendAccountMail(data), {
        retryLimit: 5,
        retryDelaySeconds: 30,
      }),
    ],
    cacheListeners: [
      {
        prefix: 'api-token.deleted',
        listener: ({ subjectId }) => {
          if (subjectId !== null) credentials.forgetApiToken(subjectId)
        },
      },
      // Cached API tokens carry their role's permissions and depend on their creator's membership.
      ...['role.', 'member.'].map((prefix) => ({
        prefix,
        listener: ({ tenantId }: { tenantId: string | null }) => {
          if (tenantId !== null) credentials.forgetTenant(tenantId)
        },
      })),
    ],
    cacheResync: () => credentials.forgetAll(),
  } satisfies Family
}
