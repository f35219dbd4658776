import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import type { DomainEvent } from '../../events/event-log.js'
import { hashPassword } from '../../lib/password.js'
import type { Principal, SessionPrincipal } from '../auth/index.js'
import { type AuthService, accountWrites, normalizeEmail, sessionPrincipal } from '../auth/index.js'
import { type ChangePasswordInput, toLanguage, type UpdateMeInput } from './profile-schemas.js'

/**
 * The caller's own account (API contract: `/api/users/me*`): profile read and update, password
 * change. Session and credential rules stay in the auth service. An account is global, so its
 * events (`user.profile-updated`, `user.password-changed`) are account events, recorded once
 * without a tenant through auth's `writeAccount`; each tenant where the user is an active member
 * still shows them in its activity log.
 */
export function createUsersService(deps: { auth: AuthService }) {
  const { auth } = deps

  /** Runs `work` and records the account event `eventOf` names (from its result) in one transaction. */
  function writeAccount<T>(
    userId: string,
    client: TenantContext['client'],
    work: (tx: Db) => Promise<T>,
    eventOf: (result: T) => DomainEvent | undefined,
  ): Promise<T> {
    return auth.writeAccount(client, work, (result) => {
      const event = eventOf(result)
      return event === undefined ? undefined : { userId, event }
    })
  }

  async function accountOf(session: SessionPrincipal) {
    const user = await auth.findUser(session.userId)
    if (user === undefined) throw errors.unauthorized('common.sessionEnded')
    return user
  }

  return {
    /** GET /api/users/me: `currentMembership` is the one in `tenantId`, else in the session's tenant, else null. */
    async me(principal: Principal | null, tenantId: string | undefined) {
      const session = sessionPrincipal(principal)
      const [user, memberships] = await Promise.all([accountOf(session), auth.membershipsOf(session.userId)])
      const current = tenantId ?? session.sessionTenantId
      return {
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          language: toLanguage(user.language),
          mustChangePassword: user.mustChangePassword,
          emailVerified: user.emailVerifiedAt !== null,
          lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
        },
        memberships,
        currentMembership: memberships.find((membership) => membership.tenantId === current) ?? null,
      }
    },

    /**
     * PUT /api/users/me. Changing the e-mail needs `currentPassword` (400 without it; 401
     * `InvalidCredentials` when wrong, counted like password changes), so a borrowed session
     * cannot move the account away. A `currentPassword` sent with any change is checked. A new
     * e-mail must be free (409 `Conflict`, decided by the unique index), becomes unverified and
     * gets a verification link; the old address gets a notice.
     */
    async updateMe(principal: Principal | null, input: UpdateMeInput, client: TenantContext['client']) {
      const session = sessionPrincipal(principal)
      const before = await accountOf(session)
      const email = input.email === undefined ? undefined : normalizeEmail(input.email)
      const emailChanges = email !== undefined && email !== normalizeEmail(before.email)
      if (emailChanges && input.currentPassword === undefined) {
        throw errors.validation('account.currentPasswordForEmail')
      }
      if (input.currentPassword !== undefined) {
        await auth.verifyCurrentPassword(session.userId, input.currentPassword)
      }
      let user: typeof before | undefined
      try {
        user = await writeAccount(
          session.userId,
          client,
          async (tx) => {
            const row = await accountWrites(tx).updateProfile(session.userId, {
              firstName: input.firstName,
              lastName: input.lastName,
              language: input.language,
              ...(emailChanges ? { email, emailVerifiedAt: null } : {}),
            })
            if (row !== undefined && emailChanges)
              await auth.emailChanged(tx, row.id, before.email, row.email)
            return row
          },
          (row) =>
            row === undefined
              ? undefined
              : {
                  type: 'user.profile-updated',
                  subjectId: row.id,
                  payload: {
                    id: row.id,
                    email: row.email,
                    firstName: row.firstName,
                    lastName: row.lastName,
                    changed: Object.keys(input).filter((key) => key !== 'currentPassword'),
                  },
                },
        )
      } catch (err) {
        throw uniqueConflict(err, {
          users_email_key: () => errors.conflict('common.emailInUse'),
        })
      }
      if (user === undefined) throw errors.unauthorized('common.sessionEnded')
      return {
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          language: toLanguage(user.language),
        },
      }
    },

    /**
     * PUT /api/users/me/password: checks the current password (401 `InvalidCredentials`; 429 past
     * the account's current-password limit), stores the new one, clears mustChangePassword, ends
     * every session of the account and starts a fresh one for this client (docs/decisions/auth.md
     * "Password changes end every session").
     */
    async changePassword(
      principal: Principal | null,
      input: ChangePasswordInput,
      client: TenantContext['client'],
    ) {
      const session = sessionPrincipal(principal)
      await auth.verifyCurrentPassword(session.userId, input.currentPassword)
      const passwordHash = await hashPassword(input.newPassword)
      await writeAccount(
        session.userId,
        client,
        (tx) => accountWrites(tx).setPassword(session.userId, passwordHash),
        () => ({
          type: 'user.password-changed',
          subjectId: session.userId,
          payload: { id: session.userId, email: session.email },
        }),
      )
      const issued = await auth.restartSessions(session.userId, session.sessionTenantId)
      return { message: 'Password changed; every other session has been logged out.', ...issued }
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>
