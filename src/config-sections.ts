import { isHttpUrl, parseInteger } from './config-parse.js'

/**
 * Sections of the configuration read apart (docs/decisions/configuration.md): media storage
 * (`MEDIA_*`, `S3_*`), Google sign-in (`GOOGLE_*`) and the auth throttles (`AUTH_*`). Read by
 * `loadConfig` (config.ts), which reports every problem at once.
 */

/**
 * `local`: files under `dataDir/media`, uploads through Folio's own signed PUT, served by Folio at
 * `publicUrl/media/…`; `s3`: any S3-compatible store, uploads straight to it by presigned URL.
 */
export interface MediaConfig {
  driver: 'local' | 's3'
  /** Largest upload presign accepts (bytes), reported as `maxUploadBytes`. */
  maxUploadBytes: number
  /** Origin serving the media (`MEDIA_PUBLIC_URL`; local default `PUBLIC_URL`, s3 default the bucket's URL). */
  publicUrl: string
  /** Seconds a presigned upload URL stays valid. */
  presignTtlSeconds: number
  /**
   * Largest image (width × height, pixels) Folio decodes (`MEDIA_MAX_IMAGE_PIXELS`): the memory an
   * image's variants take grows with it; a larger image is refused at registration.
   */
  maxImagePixels: number
  s3:
    | {
        bucket: string
        region: string
        endpoint: string | undefined
        accessKeyId: string
        secretAccessKey: string
      }
    | undefined
}

/** `GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET`, `GOOGLE_ISSUER_URL` (default https://accounts.google.com). */
export interface GoogleConfig {
  clientId: string
  clientSecret: string
  /** The OpenID issuer; its discovery document and JWKS are fetched from it. */
  issuerUrl: string
  /**
   * True only for an `http://` issuer on a loopback address (127.0.0.1, ::1, localhost): a local
   * provider in tests or development. Any other issuer must be https.
   */
  allowInsecureIssuer: boolean
}

/** `MEDIA_*` and, with `MEDIA_DRIVER=s3`, the `S3_*` variables (bucket and credentials required). */
export function readMediaConfig(
  read: (name: string) => string | undefined,
  publicUrl: string,
  problems: string[],
): MediaConfig {
  const driver = read('MEDIA_DRIVER') ?? 'local'
  if (driver !== 'local' && driver !== 's3')
    problems.push(`MEDIA_DRIVER must be local or s3, got "${driver}"`)
  const maxUploadBytes = parseInteger(
    read('MEDIA_MAX_UPLOAD_BYTES') ?? String(100 * 1024 * 1024),
    'MEDIA_MAX_UPLOAD_BYTES',
    1,
    2 ** 31 - 1,
    problems,
  )
  const presignTtlSeconds = parseInteger(
    read('MEDIA_PRESIGN_TTL_SECONDS') ?? '300',
    'MEDIA_PRESIGN_TTL_SECONDS',
    10,
    7 * 24 * 3600,
    problems,
  )
  // The default holds 45–50 MP camera files; sharp's own default is 268 MP (16383²), the top bound.
  const maxImagePixels = parseInteger(
    read('MEDIA_MAX_IMAGE_PIXELS') ?? '50000000',
    'MEDIA_MAX_IMAGE_PIXELS',
    1,
    16383 * 16383,
    problems,
  )
  let s3: MediaConfig['s3']
  if (driver === 's3') {
    const endpoint = read('S3_ENDPOINT')?.replace(/\/+$/, '')
    if (endpoint !== undefined && !isHttpUrl(endpoint)) problems.push('S3_ENDPOINT must be an http(s) URL')
    const required = (name: string) => {
      const value = read(name)
      if (value === undefined) problems.push(`${name} is required with MEDIA_DRIVER=s3`)
      return value ?? ''
    }
    s3 = {
      bucket: required('S3_BUCKET'),
      region: read('S3_REGION') ?? 'us-east-1',
      endpoint,
      accessKeyId: required('S3_ACCESS_KEY_ID'),
      secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    }
  }
  const s3PublicUrl =
    s3 === undefined
      ? undefined
      : (read('S3_PUBLIC_URL') ??
        (s3.endpoint === undefined
          ? `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`
          : `${s3.endpoint}/${s3.bucket}`))
  const mediaPublicUrl = (read('MEDIA_PUBLIC_URL') ?? s3PublicUrl ?? publicUrl).replace(/\/+$/, '')
  if (!isHttpUrl(mediaPublicUrl))
    problems.push(`MEDIA_PUBLIC_URL must be an http(s) URL, got "${mediaPublicUrl}"`)
  return Object.freeze({
    driver: driver === 's3' ? 's3' : 'local',
    maxUploadBytes,
    publicUrl: mediaPublicUrl,
    presignTtlSeconds,
    maxImagePixels,
    s3,
  })
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

/**
 * Google sign-in: off without `GOOGLE_CLIENT_ID`; with it, the secret is required (Google's web
 * clients authenticate at the token endpoint). The issuer must be https, except an http issuer on
 * a loopback address (a local provider), which is the only case that allows plain http.
 */
export function readGoogle(
  read: (name: string) => string | undefined,
  problems: string[],
): GoogleConfig | undefined {
  const clientId = read('GOOGLE_CLIENT_ID')
  const clientSecret = read('GOOGLE_CLIENT_SECRET')
  const issuerUrl = (read('GOOGLE_ISSUER_URL') ?? 'https://accounts.google.com').replace(/\/+$/, '')
  let issuer: URL | undefined
  try {
    issuer = new URL(issuerUrl)
  } catch {
    problems.push(`GOOGLE_ISSUER_URL must be an https URL, got "${issuerUrl}"`)
  }
  const allowInsecureIssuer = issuer?.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname)
  if (issuer !== undefined && issuer.protocol !== 'https:' && !allowInsecureIssuer) {
    problems.push(
      `GOOGLE_ISSUER_URL must be an https URL (http only on a loopback address), got "${issuerUrl}"`,
    )
  }
  if (clientId === undefined) {
    if (clientSecret !== undefined) problems.push('GOOGLE_CLIENT_SECRET is set but GOOGLE_CLIENT_ID is not')
    return undefined
  }
  if (clientSecret === undefined) {
    problems.push('GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID')
    return undefined
  }
  return Object.freeze({ clientId, clientSecret, issuerUrl, allowInsecureIssuer })
}

/** Failures (or requests) allowed per key within `windowSeconds`; see src/modules/auth/throttle.ts. */
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

/** `AUTH_THROTTLES` (`on`|`off`) and the limits, each `AUTH_*` an integer from 1 to 1,000,000. */
export function readAuthThrottles(
  read: (name: string) => string | undefined,
  problems: string[],
): AuthThrottleLimits | false {
  const mode = read('AUTH_THROTTLES') ?? 'on'
  if (mode !== 'on' && mode !== 'off') problems.push(`AUTH_THROTTLES must be on or off, got "${mode}"`)
  const limit = (name: string, fallback: number) =>
    parseInteger(read(name) ?? String(fallback), name, 1, 1_000_000, problems)
  const limits = Object.freeze({
    windowSeconds: limit('AUTH_THROTTLE_WINDOW_SECONDS', 900),
    loginIp: limit('AUTH_LOGIN_IP_LIMIT', 50),
    loginAccountIp: limit('AUTH_LOGIN_ACCOUNT_IP_LIMIT', 5),
    loginAccount: limit('AUTH_LOGIN_ACCOUNT_LIMIT', 100),
    currentPassword: limit('AUTH_CURRENT_PASSWORD_LIMIT', 5),
    registerIp: limit('AUTH_REGISTER_IP_LIMIT', 20),
    resendIp: limit('AUTH_RESEND_IP_LIMIT', 5),
    forgotIp: limit('AUTH_FORGOT_IP_LIMIT', 10),
    forgotAccount: limit('AUTH_FORGOT_ACCOUNT_LIMIT', 3),
    resetIp: limit('AUTH_RESET_IP_LIMIT', 20),
  })
  return mode === 'off' ? false : limits
}

/**
 * `PUBLIC_CLIENT_LIMIT`: requests a minute one client address (IPv6: its /64) may make to public
 * routes before they touch the tenant's monthly quota (default 600); `0` or `off`: no limit
 * (benchmarks hammering from one address).
 */
export function readPublicClientLimit(
  read: (name: string) => string | undefined,
  problems: string[],
): number | false {
  const raw = read('PUBLIC_CLIENT_LIMIT') ?? '600'
  if (raw === 'off' || raw === '0') return false
  return parseInteger(raw, 'PUBLIC_CLIENT_LIMIT', 1, 1_000_000, problems)
}
