import type { Config } from '../../config.js'
import { accountContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import type { JobRunner } from '../../jobs/runner.js'
import { sha256Hex } from '../../lib/hash.js'
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.js'
import type { Mailer } from '../../mail/mailer.js'
import type { SharedStore } from '../../store/shared-store.js'
import type { RoleResolver } from '../roles/index.js'
import { accountWriter } from './account-events.js'
import type { AccountMailJob } from './account-mail.js'
import type { Credentials, Principal, SessionPrincipal } from './credentials.js'
import { normalizeEmail } from './email.js'
import { isActiveMembership, sessionState, toMembership } from './memberships.js'
import { createPasswordReset } from './password-reset.js'
import { createAuthRepository, type UserRow } from './repository.js'
import type { LoginInput, LoginResult, Membership } from './schemas.js'
import { createSessionManager, type IssuedSession } from './sessions.js'
import { type ClientInfo, createAuthThrottles } from './throttle.js'
import { createVerification } from './verification.js'

export interface AuthServiceDeps {
  db: Db
  config: Readonly<Config>
  credentials: Credentials
  store: SharedStore
  mailer: Mailer
  roles: RoleResolver
  jobs: JobRunner
  /** Hears committed account events (password reset, Google sign-in, link, unlink). */
  events: EventSink
}

/** The user session behind a `user`-mode route (the auth plugin has already rejected API tokens). */
export function sessionPrincipal(principal: Principal | null): SessionPrincipal {
  if (principal?.kind !== 'user') throw errors.unauthorized()
  return principal
}

/** An issued session as clients see it: the session id stays on the server. */
export function publicSession(issued: IssuedSession) {
  return { token: issued.token, csrfToken: issued.csrfToken, expiresAt: issued.expiresAt }
}

/** Who a failed sign-in is recorded as: nobody signed in. */
const SIGN_IN = { kind: 'system', name: 'sign-in' } as const

/**
 * Auth family (API contract: /api/auth/*; docs/decisions/auth.md): registration and e-mail
 * verification (`verification.ts`), login with throttling, and the session lifecycle (refresh,
 * logout, logout-all, session state, tenant switch). Also serves the users and tenants families:
 * memberships in their API shape, current-password checks and session restarts.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, credentials } = deps
  const repository = createAuthRepository(db)
  const write = transactional(db, deps.events)
  const sessions = createSessionManager({ db, credentials })
  const throttles = createAuthThrottles(deps.store, deps.config.authThrottles)
  const verification = createVerification({ ...deps, repository, throttles })
  const writeAccount = accountWriter(db, deps.events)
  const passwordReset = createPasswordReset({
    appUrl: deps.config.appUrl,
    mailer: deps.mailer,
    repository,
    throttles,
    jobs: deps.jobs,
    writeAccount,
  })

  async function membershipsOf(userId: string): Promise<Membership[]> {
    const rows = await repository.listMemberships(userId)
    return Promise.all(
      rows.map(async (row) => toMembership(row, await deps.roles.resolve(row.tenantId, row.role))),
    )
  }

  async function userOf(session: SessionPrincipal): Promise<UserRow> {
    const user = await repository.findUserById(session.userId)
    if (user === undefined) throw errors.unauthorized('common.sessionEnded')
    return user
  }

  /**
   * Checks a login under the login throttles (throttle.ts). An unknown or disabled account verifies
   * against a dummy hash so it takes as long as a wrong password, and both answer the same 401; both
   * record one `user.login-failed` (naming the account when there is one, never the address tried).
   */
  async function checkLogin(email: string, password: string, client: ClientInfo): Promise<UserRow> {
    const found = await repository.findUserByEmail(email)
    const usable = found?.status === 'active' ? found : undefined
    const account = found?.id ?? `email:${sha256Hex(email)}`
    const matches = await throttles.checkLogin(account, client, () =>
      verifyPassword(password, usable?.passwordHash),
    )
    if (!matches || usable === undefined) {
      const id = found?.id ?? null
      await write(accountContext(SIGN_IN, client), async (_tx, emit) =>
        emit({ type: 'user.login-failed', subjectId: id, payload: { id } }),
      )
      throw errors.invalidCredentials()
    }
    await upgradeHash(usable, password)
    return usable
  }

  /** Re-stores a hash made with older parameters now that the password is known (password.ts). */
  async function upgradeHash(user: UserRow, password: string) {
    if (!needsRehash(user.passwordHash)) return
    await repository.upgradePasswordHash(user.id, user.passwordHash, await hashPassword(password))
  }

  async function rotate(sessionId: string, change: { tenantId?: string | null } = {}) {
    const issued = await sessions.rotate(sessionId, change)
    if (issued === undefined) throw errors.unauthorized('common.sessionEnded')
    return publicSession(issued)
  }

  return {
    register: verification.register,
    verifyEmail: verification.verifyEmail,
    resendVerification: verification.resendVerification,
    /** Mails a verification link to a changed address and a notice to the previous one. */
    emailChanged: verification.emailChanged,
    forgotPassword: passwordReset.forgotPassword,
    resetPassword: passwordReset.resetPassword,
    membershipsOf,
    writeAccount,
    /** The account row of `userId` (undefined when there is none). */
    findUser: (userId: string) => repository.findUserById(userId),

    /** The account-mail job (account-mail.ts): mails the address only when its account qualifies. */
    async sendAccountMail(job: AccountMailJob) {
      if (job.kind === 'reset-password') await passwordReset.mailResetTo(job.email)
      else if (job.kind === 'register-attempt') await verification.mailRegisterAttemptTo(job.email)
      else await verification.mailVerificationTo(job.email)
    },

    /**
     * POST /api/auth/login. Picks the tenant: `tenantId` when the user is an active member there
     * (403 otherwise), else the only active membership, else none. 401 `InvalidCredentials`,
     * 429 `RateLimitExceeded` when the client's network, or its pair with the account, has failed
     * too often (throttle.ts).
     */
    async login(input: LoginInput, client: ClientInfo): Promise<LoginResult> {
      const user = await checkLogin(normalizeEmail(input.email), input.password, client)
      const memberships = await membershipsOf(user.id)
      const active = memberships.filter(isActiveMembership)
      if (input.tenantId !== undefined && !active.some((m) => m.tenantId === input.tenantId)) {
        throw errors.forbidden('common.notActiveMember')
      }
      const tenantId = input.tenantId ?? (active.length === 1 ? active[0]!.tenantId : null)
      const issued = await sessions.start(user.id, tenantId)
      await write(accountContext(user.id, client), async (tx, emit) => {
        await createAuthRepository(tx).touchLastLogin(user.id)
        emit({ type: 'user.logged-in', subjectId: user.id, payload: { id: user.id, email: user.email } })
      })
      return {
        ...sessionState(user, memberships, tenantId),
        ...publicSession(issued),
        message:
          memberships.length === 0 ? 'Logged in. You have no tenant yet; create one to start.' : 'Logged in.',
      }
    },

    /** POST /api/auth/refresh: a new token and CSRF token for the same session (the old token dies). */
    async refresh(principal: Principal | null) {
      const session = sessionPrincipal(principal)
      const issued = await rotate(session.sessionId)
      const role =
        session.sessionTenantId === null
          ? undefined
          : await credentials.membershipRole(session.userId, session.sessionTenantId)
      const permissions =
        role === undefined || session.sessionTenantId === null
          ? []
          : [...(await credentials.rolePermissions(session.sessionTenantId, role))]
      return { ...issued, role: role ?? null, permissions }
    },

    async logout(principal: Principal | null) {
      await sessions.revoke(sessionPrincipal(principal).sessionId)
      return { message: 'Logged out.' }
    },

    async logoutAll(principal: Principal | null) {
      await sessions.revokeAllForUser(sessionPrincipal(principal).userId)
      return { message: 'Every session of this account has been logged out.' }
    },

    /** GET /api/auth/session: the state of the calling session. */
    async session(principal: Principal | null) {
      const session = sessionPrincipal(principal)
      const [user, memberships] = await Promise.all([userOf(session), membershipsOf(session.userId)])
      return { ...sessionState(user, memberships, session.sessionTenantId), csrfToken: session.csrfToken }
    },

    /** POST /api/auth/switch-tenant: rotates the session onto a tenant of an active membership (else 403). */
    async switchTenant(principal: Principal | null, tenantId: string) {
      const session = sessionPrincipal(principal)
      const [user, memberships] = await Promise.all([userOf(session), membershipsOf(session.userId)])
      if (!memberships.some((m) => m.tenantId === tenantId && isActiveMembership(m))) {
        throw errors.forbidden('common.notActiveMember')
      }
      const issued = await rotate(session.sessionId, { tenantId })
      return { ...sessionState(user, memberships, tenantId), ...issued }
    },

    /**
     * Checks the caller's current password (docs/decisions/http.md "The contract's authentication
     * rules") under its own per-account counter (throttle.ts); 401 `InvalidCredentials` when wrong,
     * 429 past the limit.
     */
    async verifyCurrentPassword(userId: string, password: string): Promise<void> {
      const found = await repository.findUserById(userId)
      const usable = found?.status === 'active' ? found : undefined
      const matches = await throttles.checkCurrentPassword(userId, () =>
        verifyPassword(password, usable?.passwordHash),
      )
      if (!matches || usable === undefined) throw errors.invalidCredentials()
      await upgradeHash(usable, password)
    },

    /**
     * Ends every session of the user and starts a fresh one on `tenantId` for the caller
     * (docs/decisions/auth.md "Password changes end every session").
     */
    async restartSessions(userId: string, tenantId: string | null) {
      await sessions.revokeAllForUser(userId)
      return publicSession(await sessions.start(userId, tenantId))
    },

    sessions,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
