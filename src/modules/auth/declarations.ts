import { Type } from 'typebox'
import { configSection, int, onOff, text, type Variable } from '../../config-variables.js'
import { declareFamily } from '../../declare.js'
import { Id, Nullable, payload } from '../../events/payloads.js'

const account = { id: Id, email: Type.String() }

export interface GoogleConfig {
  clientId: string
  clientSecret: string
  issuerUrl: string
  /** True only for an `http://` issuer on a loopback address: a local provider (tests, development). */
  allowInsecureIssuer: boolean
}

/** Failures (or requests) allowed per key within `windowSeconds`; see throttle.ts. */
export interface AuthThrottleLimits {
  windowSeconds: number
  loginIp: number
  loginAccountIp: number
  loginAccount: number
  currentPassword: number
  registerIp: number
  resendIp: number
  /** Password-reset requests per client network, and per address from everywhere. */
  forgotIp: number
  forgotAccount: number
  /** Failed password resets (unknown, used or expired tokens) per client network. */
  resetIp: number
}

/** The configuration of authentication (`Config` members). */
export interface AuthConfig {
  /** Short-window auth throttles; false when `AUTH_THROTTLES=off` (development, load tests). */
  authThrottles: AuthThrottleLimits | false
  /** Google sign-in (OpenID Connect); undefined when `GOOGLE_CLIENT_ID` is unset (its routes answer 503). */
  google: GoogleConfig | undefined
}

/**
 * The auth family's events (registration, sign-in, password reset, Google sign-in: account events)
 * and its configuration (the throttles, Google sign-in).
 */
export const declarations = declareFamily({
  events: {
    'user.password-reset': payload('A user reset their password', account),
    'user.google-signed-in': payload('A user signed in with Google (created: the account was made)', {
      ...account,
      created: Type.Boolean(),
    }),
    'user.google-linked': payload('A user linked a Google account', {
      ...account,
      googleEmail: Nullable(Type.String()),
    }),
    'user.google-unlinked': payload('A user unlinked their Google account', account),
    'user.registered': payload('An account was registered (unverified until its address is)', account),
    'user.email-verified': payload("An account's e-mail address was verified", account),
    'user.logged-in': payload('A user signed in with their password', account),
    'user.login-failed': payload(
      'A sign-in with a password failed (id: the account, when the address has one; never the address tried)',
      { id: Nullable(Id) },
    ),
  },
  // Sign-ins, registration and verification stay with the account; what a member did to their own
  // account is heard by their tenants too.
  accountEvents: {
    'user.password-reset': 'shared',
    'user.google-signed-in': 'shared',
    'user.google-linked': 'shared',
    'user.google-unlinked': 'shared',
    'user.registered': 'account',
    'user.email-verified': 'account',
    'user.logged-in': 'account',
    'user.login-failed': 'account',
  },
  activity: {
    nouns: { user: 'the account' },
    verbs: {
      'password-reset': 'reset the password of',
      'google-signed-in': 'signed in with Google to',
      'google-linked': 'linked a Google account to',
      'google-unlinked': 'unlinked the Google account from',
    },
  },
  config: configSection<AuthConfig>()((to) => {
    /** An auth throttle limit (see throttle.ts): a count within the window. */
    const throttle = (field: keyof AuthThrottleLimits, value: number, description: string): Variable =>
      to(`authThrottles.${field}`, int(1, 1_000_000, value, description))
    return {
      // Only the rules of loadConfig read the mode: `off` makes the limits below `false`.
      AUTH_THROTTLES: { schema: onOff('off disables the auth throttles (development, load tests)') },
      AUTH_THROTTLE_WINDOW_SECONDS: throttle('windowSeconds', 900, 'window of every count'),
      AUTH_LOGIN_IP_LIMIT: throttle('loginIp', 50, 'failed logins per network'),
      AUTH_LOGIN_ACCOUNT_IP_LIMIT: throttle('loginAccountIp', 5, 'failed logins per account and network'),
      AUTH_LOGIN_ACCOUNT_LIMIT: throttle('loginAccount', 100, 'failed logins per account from everywhere'),
      AUTH_CURRENT_PASSWORD_LIMIT: throttle('currentPassword', 5, 'wrong current passwords'),
      AUTH_REGISTER_IP_LIMIT: throttle('registerIp', 20, 'registrations per network'),
      AUTH_RESEND_IP_LIMIT: throttle('resendIp', 5, 'verification re-sends per network'),
      AUTH_FORGOT_IP_LIMIT: throttle('forgotIp', 10, 'password-reset requests per network'),
      AUTH_FORGOT_ACCOUNT_LIMIT: throttle('forgotAccount', 3, 'password-reset requests per e-mail address'),
      AUTH_RESET_IP_LIMIT: throttle('resetIp', 20, 'invalid reset tokens per network'),
      GOOGLE_CLIENT_ID: to('google.clientId', text('Google sign-in OAuth client; unset: off')),
      GOOGLE_CLIENT_SECRET: to(
        'google.clientSecret',
        text('client secret (required with the id)', { secret: true }),
      ),
      // An OpenID issuer is https; plain http only for a local provider (tests, development).
      GOOGLE_ISSUER_URL: to(
        'google.issuerUrl',
        text('OpenID issuer (discovery, JWKS)', {
          format: 'issuer-url',
          rule: 'must be an https URL (http only on a loopback address)',
          base: true,
          default: 'https://accounts.google.com',
        }),
      ),
    }
  }),
})
