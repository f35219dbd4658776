import type { Actor, PublicContext, TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import type { Permission } from '../../permissions.js'
import type { Credentials } from '../auth/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { checkAnswers } from './answers.js'
import { deviceOf, type GeoLookup } from './client-info.js'
import { fieldMetadataOf } from './definition.js'
import {
  type FormReader,
  formLocalesOf,
  localizeVersion,
  textChoice,
  textIn,
  versionLocales,
} from './localize.js'
import { NOTIFY_JOB, type NotifyJob } from './notify.js'
import type { SubmitInput } from './public-schemas.js'
import { createFormsRepository, type FormRow, type FormVersionRow } from './repository.js'
import { createResponsesRepository } from './responses-repository.js'
import type { Field, FormSettings } from './schemas.js'
import { antiSpamOf, type createFormTokens, type createSubmissionLimits } from './spam.js'

export interface PublicFormsDeps {
  db: Db
  events: EventSink
  settings: TenantSettingsReader
  credentials: Pick<Credentials, 'authenticateApiToken'>
  jobs: Pick<JobRunner, 'send'>
  tokens: ReturnType<typeof createFormTokens>
  limits: ReturnType<typeof createSubmissionLimits>
  hashIp: (tenantId: string, ip: string) => string
  geo: GeoLookup
  verifyCaptcha: (answer: string | undefined, ip: string) => Promise<boolean>
  /** Whether a captcha provider is configured: browser forms then ask for it by default. */
  captchaConfigured: boolean
}

/** API token scopes that may submit a form: `submit` does nothing else, `write` keeps working. */
const SUBMIT_SCOPES = ['submit', 'write']

const TOKEN_NEEDED = 'forms.tokenNeeded'

/** Who a token-less browser submission is recorded as (events, activities). */
const BROWSER_SUBMITTER: Actor = { kind: 'system', name: 'browser-submission' }
const NO_PERMISSIONS: ReadonlySet<Permission> = new Set()

/**
 * Whether a served version takes token-less submissions from the tenant's allowed origins: a public
 * form whose settings opt in with `browserSubmission: true` (docs/decisions/forms.md "Browsers
 * submit without a token when the form opts in").
 */
function takesBrowserSubmissions(version: FormVersionRow): boolean {
  return version.visibility === 'public' && (version.settings as FormSettings).browserSubmission === true
}

/**
 * The public side of forms (docs/decisions/forms.md "The public read and the submission are
 * apart"): the published version of a public form, and submissions with an API token of the tenant
 * (scope `submit` or `write`) or, for a form that opts in, from a browser on an allowed origin.
 */
export function createPublicFormsService(deps: PublicFormsDeps) {
  const forms = createFormsRepository(deps.db)
  const responses = createResponsesRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  /** A published form's served version. @throws NotFound otherwise (archived, draft, missing). */
  async function servedVersion(tenantId: string, form: FormRow | undefined) {
    if (form === undefined || form.status !== 'published' || form.publishedVersion === null) {
      throw errors.notFound('Form')
    }
    const version = await forms.findVersion(tenantId, form.id, form.publishedVersion)
    if (version === undefined) throw errors.notFound('Form')
    return version
  }

  /**
   * Who submits, and the version they submit to. With an API token: the token (401 invalid, 403
   * InsufficientScope without `submit` or `write`), then the form (404 when not published or not the
   * token's tenant's). Without one: only a browser request whose `Origin` the edge policy already
   * allowed (401 otherwise, as for servers), to a published form (404 otherwise) that takes browser
   * submissions (401 otherwise); `user` is then 400, since no server vouches for the submitter.
   */
  async function submitter(
    context: PublicContext,
    credential: string | undefined,
    formId: string,
    input: SubmitInput,
  ): Promise<{ actor: Actor; permissions: ReadonlySet<Permission>; version: FormVersionRow }> {
    if (credential !== undefined) {
      const principal = await deps.credentials.authenticateApiToken(credential)
      if (!SUBMIT_SCOPES.some((scope) => principal.scopes.includes(scope))) {
        throw errors.insufficientScope('submit')
      }
      const form =
        principal.tenantId === context.tenantId ? await forms.find(context.tenantId, formId) : undefined
      return {
        actor: { kind: 'apiToken', tokenId: principal.tokenId, name: principal.name },
        permissions: principal.permissions,
        version: await servedVersion(context.tenantId, form),
      }
    }
    if (context.origin === null) throw errors.unauthorized(TOKEN_NEEDED)
    const version = await servedVersion(context.tenantId, await forms.find(context.tenantId, formId))
    if (!takesBrowserSubmissions(version)) throw errors.unauthorized(TOKEN_NEEDED)
    if (input.user !== undefined) {
      throw errors.validation('forms.userFromServer', [
        { field: 'user', message: phrase('forms.needsApiToken') },
      ])
    }
    return { actor: BROWSER_SUBMITTER, permissions: NO_PERMISSIONS, version }
  }

  return {
    /**
     * `GET /api/public/forms/{slug}`: a published form with visibility public, its texts for the
     * reader (`textChoice`: docs/decisions/forms.md "Texts in every tenant locale"), with a fresh
     * form token bound to the reader's client network.
     * @throws NotFound for any other.
     */
    async read(context: PublicContext, slug: string, reader: Omit<FormReader, 'locale' | 'localeChain'>) {
      const form = await forms.findBySlug(context.tenantId, slug)
      const version = await servedVersion(context.tenantId, form)
      if (version.visibility !== 'public') throw errors.notFound('Form')
      const choice = textChoice(
        await formLocalesOf(deps.settings, context.tenantId),
        { ...reader, locale: context.locale, localeChain: context.localeChain },
        () => versionLocales(version),
      )
      const antiSpam = antiSpamOf(version.settings, deps.captchaConfigured)
      return {
        form: {
          id: form!.id,
          slug: form!.slug,
          version: version.version,
          visibility: version.visibility,
          ...localizeVersion(version, choice),
        },
        locale: choice.locale,
        submission: {
          token: deps.tokens.issue(context.tenantId, form!.id, context.client.ip),
          honeypot: antiSpam.honeypot,
          minFillSeconds: antiSpam.minFillSeconds,
          captcha: antiSpam.captcha,
          mode: takesBrowserSubmissions(version) ? ('browser' as const) : ('token' as const),
        },
      }
    },

    /**
     * `POST /api/public/forms/{formId}/submit`. Order: the submitter (`submitter`: 401, 403, 404,
     * 400), the rate limits (429), the answers against the published version (400 naming each
     * field), then the spam checks (honeypot, the form token, captcha, duplicates, and the token's
     * single use, claimed in the storing transaction): a suspected submission is stored as `spam`,
     * and answered like any other. The answer's message is in the submission's `locale`, else the
     * reader's (`textChoice`); the response records that `locale`, else the reader's.
     */
    async submit(
      context: PublicContext,
      credential: string | undefined,
      formId: string,
      input: SubmitInput,
      reader: Omit<FormReader, 'locale' | 'localeChain' | 'preferred'>,
    ) {
      const { actor, permissions, version } = await submitter(context, credential, formId, input)
      const antiSpam = antiSpamOf(version.settings, deps.captchaConfigured)
      const ip = context.client.ip
      await deps.limits.consume(context.tenantId, formId, ip, antiSpam)
      const data = checkAnswers(version.fields as Field[], input.data)

      const fingerprint = sha256Hex(`${formId}:${canonicalJson(data)}`)
      const reasons: string[] = []
      if (antiSpam.honeypot && (input.honeypot ?? '') !== '') reasons.push('honeypot')
      const token = deps.tokens.check(context.tenantId, formId, input.formToken, antiSpam.minFillSeconds, ip)
      if (token.problem !== undefined) reasons.push(token.problem)
      if (antiSpam.captcha && !(await deps.verifyCaptcha(input.captchaToken, ip))) reasons.push('captcha')
      if (
        antiSpam.duplicateWindowSeconds > 0 &&
        (await responses.seenSince(
          context.tenantId,
          formId,
          fingerprint,
          new Date(Date.now() - antiSpam.duplicateWindowSeconds * 1000),
        ))
      ) {
        reasons.push('duplicate')
      }
      const settings = version.settings as FormSettings
      const choice = textChoice(
        await formLocalesOf(deps.settings, context.tenantId),
        { ...reader, locale: context.locale, localeChain: context.localeChain, preferred: input.locale },
        () => versionLocales(version),
      )
      const acting: TenantContext = {
        tenantId: context.tenantId,
        actor,
        permissions,
        client: context.client,
      }
      const [geo, id] = [await deps.geo(ip), newId()]
      await write(acting, async (tx, emit) => {
        // Claimed with the response it proves, so a token is spent exactly when a submission is kept.
        if (
          token.id !== undefined &&
          !(await createResponsesRepository(tx).claimToken(context.tenantId, token.id, token.expiresAt!))
        ) {
          reasons.push('reused-token')
        }
        const spam = reasons.length > 0
        const row = await createResponsesRepository(tx).insert(context.tenantId, {
          id,
          formId,
          formVersion: version.version,
          data,
          status: spam ? 'spam' : 'pending',
          flaggedAsSpam: spam,
          spamReasons: reasons,
          source: input.source ?? (context.origin === null ? 'api' : 'web'),
          locale: input.locale ?? choice.locale,
          userAgent: context.client.userAgent.slice(0, 1000),
          ipHash: deps.hashIp(context.tenantId, ip),
          geo,
          device: deviceOf(context.client.userAgent),
          userId: input.user?.id ?? null,
          userEmail: input.user?.email ?? null,
          userName: input.user?.name ?? null,
          fieldMetadata: fieldMetadataOf(version.fields),
          fingerprint,
        })
        // The event names the response, never its answers or the address hash: a consumer reads it by id.
        emit({
          type: 'form.response.created',
          subjectId: id,
          payload: {
            id,
            formId,
            formVersion: row.formVersion,
            status: row.status,
            flaggedAsSpam: row.flaggedAsSpam,
          },
        })
        if (!spam && (settings.notifications?.recipients?.length ?? 0) > 0) {
          await deps.jobs.send<NotifyJob>(
            NOTIFY_JOB,
            { tenantId: context.tenantId, formId, responseId: id },
            { within: tx },
          )
        }
      })
      return {
        success: true,
        message: textIn(settings.successMessage, choice) ?? 'Thank you, your answers were received.',
        responseId: id,
        locale: choice.locale,
      }
    },
  }
}

export type PublicFormsService = ReturnType<typeof createPublicFormsService>

/** JSON with object keys sorted at every level: equal answers give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}
