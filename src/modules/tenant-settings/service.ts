import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { expectation, type PlainErrorKey, phrase, semicolonList } from '../../i18n/index.js'
import { checkLocales, LocalesError, type TenantLocales } from '../../lib/locale.js'
import { type Outbound, OutboundBlockedError } from '../../lib/outbound.js'
import type { SecretBox } from '../../lib/secrets.js'
import type { EffectiveSettings } from './effective.js'
import { checkPreviewUrls } from './preview-urls.js'
import { effectiveOf, smtpPasswordContext, webhookSecretContext } from './reader.js'
import { createSettingsRepository, type SettingsRow, type SettingsValues } from './repository.js'
import { NAME_RULE, type UpdateSettingsBody } from './schemas.js'
import { assertPasswordBound, type SmtpSettings, verifySmtp } from './smtp.js'

/** The groups of fixed members: a PUT changes the members it sends and keeps the others. */
const MEMBER_GROUPS = ['smtp', 'webhook', 'branding', 'limits', 'edgeGateway', 'locales', 'preview'] as const
/** The groups that are maps of names (and `limits.custom`): a PUT that sends one replaces it whole. */
const MAP_GROUPS = ['features', 'metadata'] as const
type Group = (typeof MEMBER_GROUPS)[number] | (typeof MAP_GROUPS)[number]

/** String members where `null` means "clear" (stored and read as ""). */
const CLEARABLE_STRINGS = new Set(['host', 'username', 'fromName', 'fromEmail', 'url'])
/** Write-only members: encrypted in their own columns, never in a group's JSON. */
const SECRET_MEMBERS = new Set(['password', 'secret'])

/** The stored password was made by a key Folio no longer has (README "Rotating APP_SECRET"). */
export const UNREADABLE_PASSWORD = 'settings.unreadablePassword'

/** What a PUT does to a write-only secret: keep it, clear it (null or ""), or set it. */
type SecretChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; value: string }

/**
 * Tenant settings (API contract: `/api/tenant-settings`; docs/decisions/tenancy.md "Tenant
 * settings"). Reads answer every group with defaults and only `hasPassword`/`hasSecret` for the
 * secrets. A PUT changes only the groups it sends; within `smtp`, `webhook`, `branding`, `limits`,
 * `edgeGateway`, `locales`, `preview` only the members it sends (`null` clears a string to "", a number to null);
 * `features`, `metadata` and `limits.custom` are maps and are replaced whole when sent (the only
 * way to remove a name). `smtp.password` and `webhook.secret` are write-only: a string sets it
 * (encrypted, AES-256-GCM bound to the tenant and member), `null` or `""` clears it, absence keeps
 * it. Saving with SMTP enabled first checks the server through the SSRF guard; a failure saves
 * nothing. A change records `settings.updated` with the changed group names, never a value.
 */
export function createTenantSettingsService(deps: {
  db: Db
  sink: EventSink
  secrets: SecretBox
  outbound: Pick<Outbound, 'pinnedAddress' | 'checkUrl'>
}) {
  const { db, sink, secrets, outbound } = deps
  const repository = createSettingsRepository(db)
  const write = transactional(db, sink)

  /** The stored SMTP password after `change`, for the connection check. */
  function smtpPasswordAfter(row: SettingsRow | undefined, change: SecretChange, tenantId: string) {
    if (change.kind === 'set') return change.value
    if (change.kind === 'clear' || !row?.smtpPasswordEncrypted) return null
    try {
      return secrets.decrypt(row.smtpPasswordEncrypted, smtpPasswordContext(tenantId))
    } catch {
      throw errors.validation(UNREADABLE_PASSWORD, [
        { path: 'body/smtp/password', message: phrase('settings.passwordRequiredUndecryptable') },
      ])
    }
  }

  return {
    /** `GET /api/tenant-settings`: the caller's tenant's settings, read from the database. */
    async get(context: TenantContext): Promise<EffectiveSettings> {
      return effectiveOf(context.tenantId, await repository.find(context.tenantId))
    },

    /**
     * `PUT /api/tenant-settings`. @throws ValidationFailed (a bad name, origin or URL; SMTP enabled
     * without host or sender, or its server unreachable or refusing; webhook enabled without URL).
     */
    async update(context: TenantContext, body: UpdateSettingsBody): Promise<EffectiveSettings> {
      const { tenantId } = context
      if (Object.keys(body).length === 0) return this.get(context)
      checkNames(body)
      const normalized = normalize(body)
      const smtpPassword = secretChange(body.smtp?.password)
      const webhookSecret = secretChange(body.webhook?.secret)

      const before = await repository.find(tenantId)
      const stored = effectiveOf(tenantId, before)
      if (body.smtp !== undefined) {
        const smtp = { ...stored.smtp, ...normalized.smtp } as EffectiveSettings['smtp']
        assertPasswordBound(stored.smtp, smtp, smtpPassword.kind === 'keep')
        if (smtp.enabled) {
          requireMember(smtp.host, 'smtp/host', 'settings.requiredWhenSmtp')
          requireMember(smtp.fromEmail, 'smtp/fromEmail', 'settings.requiredWhenSmtp')
          await verifySmtp(outbound, smtp, smtpPasswordAfter(before, smtpPassword, tenantId))
        }
      }
      if (body.webhook !== undefined) {
        const webhook = { ...stored.webhook, ...normalized.webhook }
        if (webhook.enabled) requireMember(webhook.url, 'webhook/url', 'settings.requiredWhenWebhook')
        if (body.webhook.url) checkWebhookTarget(outbound, body.webhook.url)
      }

      const row = await write(context, async (tx, emit) => {
        const settings = createSettingsRepository(tx)
        const current = await settings.lock(tenantId)
        const values: SettingsValues = merge(current, normalized)
        if (values.locales !== undefined) {
          const locales = checkedLocales(
            effectiveOf(tenantId, { ...current, ...values } as SettingsRow).locales,
          )
          const removed = effectiveOf(tenantId, current).locales.available.filter(
            (locale) => !locales.available.includes(locale),
          )
          assertUnused(await settings.contentsIn(tenantId, removed))
          values.locales = { ...locales }
        }
        if (body.preview?.urls !== undefined) {
          // Against the edge policy saved with them: this PUT may change both.
          const after = effectiveOf(tenantId, { ...current, ...values } as SettingsRow)
          checkPreviewUrls(after.preview.urls, after.edgeGateway)
        }
        // Again against the locked row: a change saved meanwhile may have moved the server.
        if (normalized.smtp !== undefined) {
          const locked = effectiveOf(tenantId, current).smtp
          assertPasswordBound(
            locked,
            { ...locked, ...normalized.smtp } as SmtpSettings,
            smtpPassword.kind === 'keep',
          )
        }
        if (smtpPassword.kind !== 'keep') {
          values.smtpPasswordEncrypted =
            smtpPassword.kind === 'set'
              ? secrets.encrypt(smtpPassword.value, smtpPasswordContext(tenantId))
              : null
        }
        if (webhookSecret.kind !== 'keep') {
          values.webhookSecretEncrypted =
            webhookSecret.kind === 'set'
              ? secrets.encrypt(webhookSecret.value, webhookSecretContext(tenantId))
              : null
        }
        const changed = changedGroups(current, values)
        if (changed.length === 0) return current
        const updated = await settings.update(tenantId, { ...values, updatedAt: new Date() })
        emit({ type: 'settings.updated', subjectId: null, payload: { changed } })
        return updated
      })
      return effectiveOf(tenantId, row)
    },
  }
}

export type TenantSettingsService = ReturnType<typeof createTenantSettingsService>

/**
 * The locales after a change, canonical (docs/decisions/localization.md "Tenant locales").
 * @throws ValidationFailed naming the member at fault (`body/locales/fallbacks/de-AT`).
 */
function checkedLocales(locales: TenantLocales): TenantLocales {
  try {
    return checkLocales(locales)
  } catch (err) {
    if (!(err instanceof LocalesError)) throw err
    throw errors.validation(phrase('common.memberProblem', { member: err.member, problem: err.phrase }), [
      { path: `body/${err.member.replaceAll('.', '/')}`, message: err.phrase },
    ])
  }
}

/**
 * A locale leaves `locales.available` only when no content is in it: its text would vanish from
 * every read (docs/decisions/localization.md "Contents are translated as documents").
 * @throws Conflict naming each such locale and its number of contents.
 */
function assertUnused(used: readonly { locale: string; count: number }[]): void {
  if (used.length === 0) return
  const named = used.map(({ locale, count }) => phrase('settings.localeCount', { locale, count }))
  throw errors.conflict(phrase('settings.localesInUse', { list: semicolonList(named) }))
}

function secretChange(value: string | null | undefined): SecretChange {
  if (value === undefined) return { kind: 'keep' }
  if (value === null || value === '') return { kind: 'clear' }
  return { kind: 'set', value }
}

function requireMember(value: unknown, path: string, problem: PlainErrorKey): void {
  if (value === '' || value === null || value === undefined) {
    const message = phrase(problem)
    throw errors.validation(
      phrase('common.memberSentence', { member: path.replace('/', '.'), problem: message }),
      [{ path: `body/${path}`, message }],
    )
  }
}

/** The body's groups as stored: secrets dropped, `null` strings as "", origins normalized. */
function normalize(body: UpdateSettingsBody): Partial<Record<Group, Record<string, unknown>>> {
  const out: Partial<Record<Group, Record<string, unknown>>> = {}
  for (const group of MEMBER_GROUPS) {
    const members = body[group] as Record<string, unknown> | undefined
    if (members === undefined) continue
    const stored: Record<string, unknown> = {}
    for (const [member, value] of Object.entries(members)) {
      if (SECRET_MEMBERS.has(member)) continue
      stored[member] = value === null && CLEARABLE_STRINGS.has(member) ? '' : value
    }
    out[group] = stored
  }
  if (body.webhook?.url) checkUrl(body.webhook.url, 'webhook/url')
  if (body.branding?.logoUrl) checkUrl(body.branding.logoUrl, 'branding/logoUrl')
  if (body.edgeGateway?.allowedOrigins !== undefined) {
    out.edgeGateway = {
      ...out.edgeGateway,
      allowedOrigins: [...new Set(body.edgeGateway.allowedOrigins.map(normalizeOrigin))],
    }
  }
  for (const group of MAP_GROUPS) {
    if (body[group] !== undefined) out[group] = body[group] as Record<string, unknown>
  }
  return out
}

/** The new values of every group the body sends, over the stored row (`limits.custom` replaced whole). */
function merge(
  row: SettingsRow,
  normalized: Partial<Record<Group, Record<string, unknown>>>,
): SettingsValues {
  const values: SettingsValues = {}
  for (const group of MEMBER_GROUPS) {
    if (normalized[group] !== undefined) values[group] = { ...row[group], ...normalized[group] }
  }
  if (normalized.features !== undefined) values.features = normalized.features as Record<string, boolean>
  if (normalized.metadata !== undefined) values.metadata = normalized.metadata
  return values
}

function changedGroups(row: SettingsRow, values: SettingsValues): string[] {
  const differs = (a: unknown, b: unknown) => a !== undefined && JSON.stringify(a) !== JSON.stringify(b)
  return [...MEMBER_GROUPS, ...MAP_GROUPS].filter(
    (group) =>
      differs(values[group], row[group]) ||
      (group === 'smtp' && differs(values.smtpPasswordEncrypted, row.smtpPasswordEncrypted)) ||
      (group === 'webhook' && differs(values.webhookSecretEncrypted, row.webhookSecretEncrypted)),
  )
}

/** Names in `features` and `limits.custom` (the schema cannot say it in OpenAPI 3.0). */
function checkNames(body: UpdateSettingsBody): void {
  const maps: [string, Record<string, unknown> | undefined][] = [
    ['features', body.features],
    ['limits/custom', body.limits?.custom],
  ]
  for (const [path, map] of maps) {
    for (const name of Object.keys(map ?? {})) {
      if (!NAME_RULE.pattern.test(name)) {
        const expected = expectation(NAME_RULE.expect)
        throw errors.validation(
          phrase('settings.badName', { map: path.replace('/', '.'), name: name.slice(0, 80), expected }),
          [{ path: `body/${path}/${name.slice(0, 80)}`, message: phrase('common.mustBe', { expected }) }],
        )
      }
    }
  }
}

/**
 * A webhook URL on an address the outbound guard refuses (a literal address, or `localhost`) is
 * refused when saved (400, the guard's one message). A host name is not resolved here: every
 * delivery checks it, and a save that answered by what a name resolves to would let a tenant map
 * the server's internal DNS (docs/decisions/security.md "Outbound requests go through one guarded
 * client").
 */
function checkWebhookTarget(outbound: Pick<Outbound, 'checkUrl'>, url: string): void {
  try {
    outbound.checkUrl(url)
  } catch (err) {
    if (!(err instanceof OutboundBlockedError)) throw err
    throw errors.validation(phrase('settings.webhookUrl', { problem: err.phrase }), [
      { path: 'body/webhook/url', message: err.phrase },
    ])
  }
}

/** An absolute http(s) URL without a user name or password. */
function checkUrl(value: string, path: string): void {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  const message =
    url === undefined || url.hostname === ''
      ? phrase('settings.absoluteUrl')
      : url.username !== '' || url.password !== ''
        ? phrase('settings.urlCredentials')
        : undefined
  if (message !== undefined) {
    throw errors.validation(
      phrase('common.memberSentence', { member: path.replace('/', '.'), problem: message }),
      [{ path: `body/${path}`, message }],
    )
  }
}

/** `HTTPS://Www.Example.com:443` → `https://www.example.com`; wildcards keep their `*.`. */
function normalizeOrigin(value: string): string {
  const wildcard = /^[a-z]+:\/\/\*\./i.test(value)
  const parseable = wildcard ? value.replace('*.', 'wildcard.') : value
  let origin: string | undefined
  try {
    origin = new URL(parseable).origin
  } catch {
    origin = undefined
  }
  if (origin === undefined || origin === 'null') {
    throw errors.validation(phrase('settings.notAnOrigin', { value }), [
      { path: 'body/edgeGateway/allowedOrigins', message: phrase('settings.mustListOrigins') },
    ])
  }
  return wildcard ? origin.replace('://wildcard.', '://*.') : origin
}
