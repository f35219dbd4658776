import type { Config } from '../../config.js'
import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { randomToken, safeEqual, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { hasPassword, NO_PASSWORD } from '../../lib/password.js'
import type { SecretBox } from '../../lib/secrets.js'
import type { AccountWriter } from './account-events.js'
import type { Credentials, Principal, SessionPrincipal } from './credentials.js'
import { normalizeEmail } from './email.js'
import { CallbackRefused, createGoogleOidc, GoogleFlowError, type GoogleIdentity } from './google-oidc.js'
import { createGoogleRepository, LINK_KEY, SUBJECT_KEY } from './google-repository.js'
import { isActiveMembership } from './memberships.js'
import { createAuthRepository } from './repository.js'
import type { Membership } from './schemas.js'
import type { IssuedSession, SessionManager } from './sessions.js'

/** docs/decisions/auth.md "Google sign-in": a Google flow lives 10 minutes. */
export const FLOW_TTL_MS = 10 * 60 * 1000

/** Where the callback sends the browser, and the session to set as a cookie on a sign-in. */
export interface CallbackOutcome {
  location: string
  session?: IssuedSession
}

/** The credential `/start?mode=link` was called with: a Bearer token, or the cookie and its CSRF proof. */
export interface StartCredential {
  bearer: string | undefined
  cookie: string | undefined
  csrfToken: string | undefined
}

/**
 * Google sign-in (API contract: `/api/auth/google/*`; docs/decisions/auth.md "Google sign-in"). The
 * flow (state, nonce, PKCE verifier) is kept server-side in `oauth_flows`, spent once, and bound to
 * the starting browser by an HttpOnly cookie. A callback signs in the account linked to the Google
 * subject; links on an explicit link flow of a signed-in user; creates an account only when Google
 * verified the address and no account has it (an existing account is never linked by e-mail alone).
 * The session reaches the browser as the session cookie (docs/decisions/auth.md "The cookie and
 * CSRF"), never in the redirect URL.
 */
export function createGoogleSignIn(deps: {
  db: Db
  config: Readonly<Config>
  secrets: SecretBox
  credentials: Credentials
  sessions: SessionManager
  writeAccount: AccountWriter
  verifyCurrentPassword: (userId: string, password: string) => Promise<void>
  /** The user's memberships with their roles resolved (auth service). */
  membershipsOf: (userId: string) => Promise<Membership[]>
}) {
  const { db, config, secrets, writeAccount } = deps
  const google = config.google
  const oidc = google && createGoogleOidc(google, `${config.publicUrl}/api/auth/google/callback`)
  const repository = createGoogleRepository(db)
  const accounts = createAuthRepository(db)
  const landing = `${config.appUrl}/`

  function enabled() {
    if (oidc === undefined) throw errors.googleSignInDisabled()
    return oidc
  }

  async function linkingUser(credential: StartCredential): Promise<SessionPrincipal> {
    if (credential.bearer !== undefined) return deps.credentials.authenticateSession(credential.bearer)
    if (credential.cookie === undefined) {
      throw errors.unauthorized('auth.googleLinkNeedsSession')
    }
    const session = await deps.credentials.authenticateSession(credential.cookie)
    // A cross-site page can start a navigation with the cookie; only Folio's own pages know the token.
    if (credential.csrfToken === undefined || !safeEqual(credential.csrfToken, session.csrfToken)) {
      throw errors.csrf()
    }
    return session
  }

  async function signIn(identity: GoogleIdentity, client: TenantContext['client']) {
    let user = await repository.findUserBySubject(identity.subject)
    let created = false
    if (user === undefined) {
      if (identity.email === undefined || !identity.emailVerified) {
        throw new CallbackRefused('GoogleEmailUnverified')
      }
      const email = normalizeEmail(identity.email)
      if ((await accounts.findUserByEmail(email)) !== undefined)
        throw new CallbackRefused('GoogleLinkRequired')
      user = await createAccount(identity, email, client)
      created = true
    }
    if (user.status !== 'active') throw new CallbackRefused('AccountDisabled')
    const active = (await deps.membershipsOf(user.id)).filter(isActiveMembership)
    const session = await deps.sessions.start(user.id, active.length === 1 ? active[0]!.tenantId : null)
    await accounts.touchLastLogin(user.id)
    const { id, email } = user
    await writeAccount(
      client,
      async () => id,
      () => ({
        userId: id,
        event: { type: 'user.google-signed-in', subjectId: id, payload: { id, email, created } },
      }),
    )
    return session
  }

  /** A verified address nobody has: a new account without a password, linked to the subject. */
  async function createAccount(identity: GoogleIdentity, email: string, client: TenantContext['client']) {
    const id = newId()
    const fallback = email.split('@')[0] ?? email
    try {
      // Its event is the sign-in's (`created`), recorded once the session started.
      await writeAccount(
        client,
        async (tx) => {
          const inTx = createGoogleRepository(tx)
          await inTx.insertUser({
            id,
            email,
            passwordHash: NO_PASSWORD,
            firstName: (identity.givenName ?? identity.name ?? fallback).slice(0, 200),
            lastName: (identity.familyName ?? '').slice(0, 200),
            emailVerifiedAt: new Date(),
          })
          await inTx.insertLink(id, identity.subject, email)
        },
        () => undefined,
      )
    } catch (err) {
      // Registered, or signed in with Google, a moment ago.
      throw uniqueConflict(err, {
        users_email_key: () => new CallbackRefused('GoogleLinkRequired'),
        [SUBJECT_KEY]: () => new CallbackRefused('GoogleLinkRequired'),
      })
    }
    return { id, email, status: 'active' }
  }

  async function link(userId: string, identity: GoogleIdentity, client: TenantContext['client']) {
    const user = await accounts.findUserById(userId)
    if (user?.status !== 'active') throw new CallbackRefused('AccountDisabled')
    const owner = await repository.findUserBySubject(identity.subject)
    if (owner !== undefined) {
      if (owner.id === userId) return
      throw new CallbackRefused('GoogleAccountInUse')
    }
    if ((await repository.findLink(userId)) !== undefined) throw new CallbackRefused('GoogleAlreadyLinked')
    const googleEmail = identity.email === undefined ? null : normalizeEmail(identity.email)
    try {
      await writeAccount(
        client,
        (tx) => createGoogleRepository(tx).insertLink(userId, identity.subject, googleEmail),
        () => ({
          userId,
          event: {
            type: 'user.google-linked',
            subjectId: userId,
            payload: { id: userId, email: user.email, googleEmail },
          },
        }),
      )
    } catch (err) {
      // Linked, to this account or another, a moment ago.
      throw uniqueConflict(err, {
        [LINK_KEY]: () => new CallbackRefused('GoogleAccountInUse'),
        [SUBJECT_KEY]: () => new CallbackRefused('GoogleAccountInUse'),
      })
    }
  }

  return {
    /** GET /api/auth/google/config: whether sign-in is on, and the public client id. */
    config() {
      return { enabled: google !== undefined, clientId: google?.clientId ?? null }
    },

    /**
     * GET /api/auth/google/status: whether sign-in is on, and the caller's link (shown even while
     * sign-in is off, so a linked account can still be unlinked).
     */
    async status(principal: Principal | null) {
      if (principal?.kind !== 'user') throw errors.unauthorized()
      const linked = await repository.findLink(principal.userId)
      return {
        enabled: google !== undefined,
        linked: linked !== undefined,
        email: linked?.email ?? null,
        linkedAt: linked?.createdAt.toISOString() ?? null,
      }
    },

    /**
     * GET /api/auth/google/start: stores a new flow and returns Google's URL and the browser
     * binding for the flow cookie. `link` needs a session (401; 403 `CsrfTokenInvalid` for a
     * cookie session without `csrfToken`); 503 when disabled or Google is unreachable.
     */
    async start(mode: 'signin' | 'link', credential: StartCredential) {
      const client = enabled()
      const userId = mode === 'link' ? (await linkingUser(credential)).userId : null
      let flow: Awaited<ReturnType<typeof client.start>>
      try {
        flow = await client.start()
      } catch (err) {
        if (err instanceof GoogleFlowError) throw errors.unavailable('auth.googleUnreachable')
        throw err
      }
      const browser = randomToken()
      const stateHash = sha256Hex(flow.state)
      await repository.insertFlow({
        stateHash,
        browserHash: sha256Hex(browser),
        mode,
        userId,
        nonce: flow.nonce,
        codeVerifier: secrets.encrypt(flow.codeVerifier, `oauth-flow:${stateHash}`),
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      })
      return { location: flow.url, browser }
    },

    /**
     * GET /api/auth/google/callback: spends the flow named by `state` (it must be live and
     * started by this browser), exchanges the code, verifies the ID token, then signs in or links.
     * Always a redirect to `APP_URL`: `?google=signed-in|linked`, or `?googleError=<code>`.
     */
    async callback(
      query: { state?: string | undefined; error?: string | undefined; raw: string },
      browser: string | undefined,
      client: TenantContext['client'],
    ): Promise<CallbackOutcome> {
      const provider = enabled()
      try {
        if (query.state === undefined) throw new CallbackRefused('GoogleFlowInvalid')
        const stateHash = sha256Hex(query.state)
        const flow = await repository.takeFlow(stateHash)
        if (flow === undefined || browser === undefined || !safeEqual(sha256Hex(browser), flow.browserHash)) {
          throw new CallbackRefused('GoogleFlowInvalid')
        }
        if (query.error !== undefined) throw new CallbackRefused('GoogleConsentDenied')
        const identity = await provider.finish(query.raw, {
          state: query.state,
          nonce: flow.nonce,
          codeVerifier: secrets.decrypt(flow.codeVerifier, `oauth-flow:${stateHash}`),
        })
        if (flow.mode === 'link' && flow.userId !== null) {
          await link(flow.userId, identity, client)
          return { location: `${landing}?google=linked` }
        }
        const session = await signIn(identity, client)
        return { location: `${landing}?google=signed-in`, session }
      } catch (err) {
        if (err instanceof CallbackRefused || err instanceof GoogleFlowError) {
          return { location: `${landing}?googleError=${err.code}` }
        }
        throw err
      }
    },

    /**
     * POST /api/auth/google/unlink (docs/decisions/auth.md "Unlinking Google"): checks the current
     * password first (401 `InvalidCredentials`, 429 past its limit), so the answer tells nothing of
     * the account to a caller without it; then 409 `GoogleNotLinked` when nothing is linked, 409
     * `GoogleUnlinkRefused` when the account has no password (Google is its only way in, so there is
     * no password to check), else removes the link. Works whether or not sign-in is configured: an
     * operator who turns Google off traps no account.
     */
    async unlink(principal: Principal | null, currentPassword: string, client: TenantContext['client']) {
      if (principal?.kind !== 'user') throw errors.unauthorized()
      const { userId } = principal
      const user = await accounts.findUserById(userId)
      if (user === undefined) throw errors.unauthorized('common.sessionEnded')
      const passworded = hasPassword(user.passwordHash)
      if (passworded) await deps.verifyCurrentPassword(userId, currentPassword)
      if ((await repository.findLink(userId)) === undefined) throw errors.googleNotLinked()
      if (!passworded) {
        throw errors.googleUnlinkRefused('auth.googleOnlyWayIn')
      }
      const removed = await writeAccount(
        client,
        (tx) => createGoogleRepository(tx).deleteLink(userId),
        (done) =>
          done
            ? {
                userId,
                event: {
                  type: 'user.google-unlinked',
                  subjectId: userId,
                  payload: { id: userId, email: user.email },
                },
              }
            : undefined,
      )
      if (!removed) throw errors.googleNotLinked()
      return { linked: false, message: 'The Google account is no longer linked.' }
    },
  }
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>
