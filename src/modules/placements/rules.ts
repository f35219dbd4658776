import { globMatches } from './glob.js'
import { cappedBy, type Frequency, inSchedule, type Schedule, type SeenCounts } from './schedule.js'

/**
 * Targeting rules of an experience (docs/decisions/menus-and-placements.md "Targeting fails
 * closed") and their evaluation against a visitor's context. Pure: the decide route, the debug
 * route and the tests share it. Evaluation is fail-closed: a rule that needs a context member the
 * request did not send does not match (a locale rule never matches a visitor of unknown locale), so
 * a visitor who sends less never sees more.
 */

export interface CookieRule {
  key: string
  value?: string | undefined
  operator:
    | 'equals'
    | 'notEquals'
    | 'contains'
    | 'notContains'
    | 'exists'
    | 'notExists'
    | 'startsWith'
    | 'endsWith'
}

export interface Rules {
  paths?: string[] | undefined
  pathMode?: 'include' | 'exclude' | undefined
  query?: Record<string, string> | undefined
  locales?: string[] | undefined
  devices?: string[] | undefined
  browsers?: string[] | undefined
  os?: string[] | undefined
  countries?: string[] | undefined
  authenticated?: boolean | undefined
  roles?: string[] | undefined
  userTags?: string[] | undefined
  requiredFlags?: string[] | undefined
  excludeFlags?: string[] | undefined
  cookies?: { include?: CookieRule[] | undefined; exclude?: CookieRule[] | undefined } | undefined
  referrers?: string[] | undefined
  excludeReferrers?: string[] | undefined
  schedule?: Schedule | undefined
  frequency?: Frequency | undefined
}

export interface DecisionContext {
  path: string
  sessionId: string
  userKey?: string | undefined
  locale?: string | undefined
  device?: string | undefined
  browser?: string | undefined
  os?: string | undefined
  country?: string | undefined
  authenticated?: boolean | undefined
  userRoles?: string[] | undefined
  userTags?: string[] | undefined
  featureFlags?: string[] | undefined
  query?: Record<string, string> | undefined
  cookies?: Record<string, string> | undefined
  referrer?: string | undefined
  seenCaps?: Record<string, SeenCounts> | undefined
}

/** Stable codes of why an experience is not eligible (debug-decision answers them). */
export const REJECTION_CODES = [
  'experience_inactive',
  'weight_zero',
  'path_mismatch',
  'query_mismatch',
  'locale_mismatch',
  'device_mismatch',
  'browser_mismatch',
  'os_mismatch',
  'country_mismatch',
  'auth_mismatch',
  'role_mismatch',
  'tag_mismatch',
  'feature_flag_missing',
  'feature_flag_excluded',
  'cookie_mismatch',
  'referrer_mismatch',
  'referrer_excluded',
  'schedule_inactive',
  'frequency_capped',
] as const
export type RejectionCode = (typeof REJECTION_CODES)[number]

export interface Rejection {
  code: RejectionCode
  message: string
}

const lower = (values: readonly string[]) => values.map((value) => value.toLowerCase())

/** Whether `value` (undefined = not sent) is one of `allowed`, case-insensitively; a missing value fails. */
function oneOf(allowed: readonly string[] | undefined, value: string | undefined): boolean {
  if (allowed === undefined || allowed.length === 0) return true
  if (value === undefined || value === '') return false
  return lower(allowed).includes(value.toLowerCase())
}

function cookieMatches(rule: CookieRule, cookies: Record<string, string>): boolean {
  const value = cookies[rule.key]
  const expected = rule.value ?? ''
  switch (rule.operator) {
    case 'exists':
      return value !== undefined
    case 'notExists':
      return value === undefined
    case 'equals':
      return value === expected
    case 'notEquals':
      return value !== undefined && value !== expected
    case 'contains':
      return value?.includes(expected) ?? false
    case 'notContains':
      return value !== undefined && !value.includes(expected)
    case 'startsWith':
      return value?.startsWith(expected) ?? false
    case 'endsWith':
      return value?.endsWith(expected) ?? false
  }
}

/**
 * Every rule `rules` sets, checked against `context` at `now` in `timeZone`; the rejections in
 * rule order (empty = eligible). `capKey` names the counter of the frequency caps.
 */
export function evaluate(
  rules: Rules,
  context: DecisionContext,
  options: { now: Date; timeZone: string; capKey: string },
): Rejection[] {
  const out: Rejection[] = []
  const reject = (code: RejectionCode, message: string) => out.push({ code, message })
  if (rules.paths?.length) {
    const hit = rules.paths.some((glob) => globMatches(glob, context.path))
    if (hit === (rules.pathMode === 'exclude'))
      reject('path_mismatch', `path ${context.path} is ${hit ? 'excluded' : 'not included'}`)
  }
  for (const [key, value] of Object.entries(rules.query ?? {})) {
    if (context.query?.[key] !== value) reject('query_mismatch', `query ${key} is not "${value}"`)
  }
  const listed: [RejectionCode, string, readonly string[] | undefined, string | undefined][] = [
    ['locale_mismatch', 'locale', rules.locales, context.locale],
    ['device_mismatch', 'device', rules.devices, context.device],
    ['browser_mismatch', 'browser', rules.browsers, context.browser],
    ['os_mismatch', 'os', rules.os, context.os],
    ['country_mismatch', 'country', rules.countries, context.country],
  ]
  for (const [code, name, allowed, value] of listed) {
    if (!oneOf(allowed, value))
      reject(code, value === undefined ? `context.${name} is missing` : `${name} ${value} is not targeted`)
  }
  if (rules.authenticated !== undefined && context.authenticated !== rules.authenticated) {
    reject(
      'auth_mismatch',
      context.authenticated === undefined
        ? 'context.authenticated is missing'
        : `authenticated is not ${rules.authenticated}`,
    )
  }
  const anyOf = (wanted: string[] | undefined, have: string[] | undefined) =>
    !wanted?.length || (have !== undefined && lower(have).some((value) => lower(wanted).includes(value)))
  if (!anyOf(rules.roles, context.userRoles)) reject('role_mismatch', 'no targeted role')
  if (!anyOf(rules.userTags, context.userTags)) reject('tag_mismatch', 'no targeted user tag')
  if (
    rules.requiredFlags?.length &&
    !rules.requiredFlags.every((flag) => context.featureFlags?.includes(flag))
  ) {
    reject('feature_flag_missing', 'a required feature flag is not on')
  }
  if (
    rules.excludeFlags?.length &&
    (context.featureFlags === undefined ||
      rules.excludeFlags.some((flag) => context.featureFlags?.includes(flag)))
  ) {
    reject(
      'feature_flag_excluded',
      context.featureFlags === undefined
        ? 'context.featureFlags is missing'
        : 'an excluded feature flag is on',
    )
  }
  const cookieRules = [...(rules.cookies?.include ?? []), ...(rules.cookies?.exclude ?? [])]
  if (cookieRules.length > 0) {
    const cookies = context.cookies
    const ok =
      cookies !== undefined &&
      (rules.cookies?.include ?? []).every((rule) => cookieMatches(rule, cookies)) &&
      !(rules.cookies?.exclude ?? []).some((rule) => cookieMatches(rule, cookies))
    if (!ok)
      reject('cookie_mismatch', cookies === undefined ? 'context.cookies is missing' : 'cookies do not match')
  }
  const referrer = context.referrer?.toLowerCase()
  if (
    rules.referrers?.length &&
    !(referrer && lower(rules.referrers).some((part) => referrer.includes(part)))
  ) {
    reject('referrer_mismatch', referrer ? 'referrer is not targeted' : 'context.referrer is missing')
  }
  if (
    rules.excludeReferrers?.length &&
    (referrer === undefined || lower(rules.excludeReferrers).some((part) => referrer.includes(part)))
  ) {
    reject(
      'referrer_excluded',
      referrer === undefined ? 'context.referrer is missing' : 'referrer is excluded',
    )
  }
  if (!inSchedule(rules.schedule, options.now, options.timeZone))
    reject('schedule_inactive', `outside the schedule (${options.timeZone})`)
  const capped = cappedBy(rules.frequency, context.seenCaps?.[options.capKey])
  if (capped !== undefined) reject('frequency_capped', `the ${capped} cap of ${options.capKey} is reached`)
  return out
}
