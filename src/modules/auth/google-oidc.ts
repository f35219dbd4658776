import type * as Oidc from 'openid-client'
import type { GoogleConfig } from './declarations.js'

/** openid-client, imported at the first sign-in: a server without Google sign-in never loads it. */
let library: Promise<typeof Oidc> | undefined
const openidClient = () => {
  library ??= import('openid-client')
  return library
}

/** What Folio takes from a verified Google ID token. */
export interface GoogleIdentity {
  subject: string
  email: string | undefined
  emailVerified: boolean
  givenName: string | undefined
  familyName: string | undefined
  name: string | undefined
}

/** The parameters `/start` keeps server-side and the authorization URL to send the browser to. */
export interface StartedFlow {
  url: string
  state: string
  nonce: string
  codeVerifier: string
}

/** Why a callback failed, as the redirect to `APP_URL` says (`?googleError=<code>`). */
export type GoogleErrorCode =
  | 'GoogleConsentDenied'
  | 'GoogleFlowInvalid'
  | 'GoogleTokenInvalid'
  | 'GoogleUnavailable'
  | 'GoogleEmailUnverified'
  | 'GoogleLinkRequired'
  | 'GoogleAccountInUse'
  | 'GoogleAlreadyLinked'
  | 'AccountDisabled'

/** A callback refused for a reason of Folio's own (no account, in use …). */
export class CallbackRefused extends Error {
  constructor(readonly code: GoogleErrorCode) {
    super(code)
    this.name = 'CallbackRefused'
  }
}

/** A failed exchange or verification, with the code the callback redirects with. */
export class GoogleFlowError extends Error {
  constructor(
    readonly code: 'GoogleUnavailable' | 'GoogleTokenInvalid',
    cause: unknown,
  ) {
    super(code, { cause })
    this.name = 'GoogleFlowError'
  }
}

/**
 * The OpenID Connect client for Google sign-in (openid-client 6, the maintained certified
 * library): discovery of the issuer (cached after the first success), authorization URL with
 * state, nonce and PKCE (S256), and the code exchange. The ID token is verified by openid-client:
 * `iss`, `aud`, `exp`, `iat`, `nonce`, and with non-repudiation checks on, its signature against
 * the issuer's JWKS; RS256 only (Google's algorithm), so `alg: none` and HS256 tokens fail.
 * Plain http is allowed only for a loopback issuer (config.ts `allowInsecureIssuer`).
 */
export function createGoogleOidc(config: GoogleConfig, redirectUri: string) {
  let discovered: Promise<Oidc.Configuration> | undefined

  function configuration(): Promise<Oidc.Configuration> {
    discovered ??= openidClient()
      .then((oidc) =>
        oidc.discovery(
          new URL(config.issuerUrl),
          config.clientId,
          { client_secret: config.clientSecret, id_token_signed_response_alg: 'RS256' },
          oidc.ClientSecretPost(config.clientSecret),
          {
            execute: [
              oidc.enableNonRepudiationChecks,
              ...(config.allowInsecureIssuer ? [oidc.allowInsecureRequests] : []),
            ],
            timeout: 10,
          },
        ),
      )
      .catch((err: unknown) => {
        // Forget a failed discovery so the next sign-in tries again.
        discovered = undefined
        throw new GoogleFlowError('GoogleUnavailable', err)
      })
    return discovered
  }

  return {
    /** A new flow: random state, nonce and PKCE verifier, and the URL to Google's consent screen. */
    async start(): Promise<StartedFlow> {
      const server = await configuration()
      const oidc = await openidClient()
      const codeVerifier = oidc.randomPKCECodeVerifier()
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      })
      return { url: url.href, state, nonce, codeVerifier }
    },

    /**
     * Exchanges the code of the callback (`query`: its raw query string) and verifies the ID token.
     * @throws GoogleFlowError `GoogleTokenInvalid` for any failed check, `GoogleUnavailable` when
     *   the issuer cannot be reached.
     */
    async finish(
      query: string,
      flow: { state: string; nonce: string; codeVerifier: string },
    ): Promise<GoogleIdentity> {
      const server = await configuration()
      const oidc = await openidClient()
      let claims: Oidc.IDToken | undefined
      try {
        const tokens = await oidc.authorizationCodeGrant(server, new URL(`${redirectUri}?${query}`), {
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          pkceCodeVerifier: flow.codeVerifier,
          idTokenExpected: true,
        })
        claims = tokens.claims()
      } catch (err) {
        throw new GoogleFlowError('GoogleTokenInvalid', err)
      }
      if (claims === undefined || typeof claims.sub !== 'string' || claims.sub === '') {
        throw new GoogleFlowError('GoogleTokenInvalid', new Error('The ID token has no subject.'))
      }
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
        familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      }
    },
  }
}

export type GoogleOidc = ReturnType<typeof createGoogleOidc>
