import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { writeWithFreeSlug } from '../../db/slugs.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { type Param, phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { toSlug } from '../../lib/slug.js'
import type { TenantMailer, TenantSettingsReader } from '../tenant-settings/index.js'
import { checkFields, checkI18n, checkSettingsTexts, checkTitle, slugOf } from './definition.js'
import { formLocalesOf } from './localize.js'
import { extraOf, formFacts, titleMap, toForm, toFormVersion } from './mapping.js'
import { createFormsRepository, type FormRow, type FormsRepository } from './repository.js'
import type { CreateFormInput, Form, ListFormsQuery, UpdateFormInput } from './schemas.js'

const SLUG_KEY = 'forms_tenant_slug_key'

const notMember = (to: string) => phrase('forms.recipientNotMember', { to })

/**
 * Form definitions and their versions (docs/decisions/forms.md "States and versions"). States:
 * create → draft; publish → published (freezes the definition as version N, served publicly);
 * archive → archived (no submissions, public read 404); PUT `status` moves between the three (to
 * `published` it publishes); restore copies a version into the draft definition and keeps the
 * state; duplicate makes a new draft. Editing a published form changes the draft only: the public
 * keeps the published version until the next publish. Writes emit `form.*` events.
 */
export function createFormsService(deps: {
  db: Db
  events: EventSink
  settings: TenantSettingsReader
  /** Whether a captcha provider is configured (`settings.captcha` is refused otherwise). */
  captchaConfigured: boolean
  /** Which notification recipients the tenant's mail would refuse now. */
  mailer: Pick<TenantMailer, 'refusedRecipients'>
}) {
  /** @throws ValidationFailed for `settings.captcha` without a configured provider. */
  function checkSettings<T extends { captcha?: boolean } | undefined>(settings: T): T {
    if (settings?.captcha === true && !deps.captchaConfigured) {
      throw errors.validation('forms.captchaNotConfigured')
    }
    return settings
  }

  /**
   * Notification recipients Folio's own mail would not reach (docs/decisions/forms.md
   * "Notifications reach members, or go through the tenant's server").
   * @throws ValidationFailed naming each refused recipient.
   */
  async function checkRecipients(tenantId: string, settings: { notifications?: unknown } | undefined) {
    const recipients = (settings?.notifications as { recipients?: unknown } | undefined)?.recipients
    if (!Array.isArray(recipients) || recipients.length === 0) return
    const refused = new Set(await deps.mailer.refusedRecipients(tenantId, recipients.map(String)))
    if (refused.size === 0) return
    const problems = recipients.flatMap((to, index) =>
      refused.has(String(to))
        ? [{ path: `/settings/notifications/recipients/${index}`, message: notMember(String(to)) }]
        : [],
    )
    const list = problems
      .map((problem): Param => problem.message)
      .reduce((first, second) => phrase('common.spaceList', { first, second }))
    throw errors.validation(phrase('forms.refusedRecipients', { list }), problems)
  }

  const repository = createFormsRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  async function load(repo: FormsRepository, tenantId: string, id: string, lock = false): Promise<FormRow> {
    const row = await repo.find(tenantId, id, lock)
    if (row === undefined) throw errors.notFound('Form')
    return row
  }

  /** Freezes the form's current definition as the next version and serves it. */
  async function publishRow(repo: FormsRepository, context: TenantContext, row: FormRow) {
    if (row.fields.length === 0) throw errors.validation('forms.needsField')
    const version = row.version + 1
    await repo.insertVersion(context.tenantId, {
      formId: row.id,
      version,
      title: row.title,
      description: row.description,
      fields: row.fields,
      settings: row.settings,
      visibility: row.visibility,
      extra: row.extra,
      createdBy: userIdOf(context),
    })
    return repo.update(context.tenantId, row.id, {
      status: 'published',
      version,
      publishedVersion: version,
      publishedAt: new Date(),
      updatedBy: userIdOf(context),
    })
  }

  /**
   * Runs a write on one form, locked, and emits `form.<verb>` with the result's facts; an update
   * names the request members it was given (`changed`).
   */
  function change(
    context: TenantContext,
    id: string,
    verb: 'updated' | 'published' | 'archived' | 'restored',
    work: (repo: FormsRepository, row: FormRow) => Promise<FormRow | undefined>,
    changed: string[] = [],
  ) {
    return write(context, async (tx, emit) => {
      const repo = createFormsRepository(tx)
      const updated = await work(repo, await load(repo, context.tenantId, id, true))
      const form = toForm(updated!)
      if (verb === 'updated') {
        emit({ type: 'form.updated', subjectId: form.id, payload: { ...formFacts(form), changed } })
      } else {
        emit({ type: `form.${verb}`, subjectId: form.id, payload: formFacts(form) })
      }
      return form
    })
  }

  /** Inserts a form (`explicit`: under the client's slug, else a free one) and emits `form.created`. */
  async function insertWithSlug(
    context: TenantContext,
    values: Parameters<FormsRepository['insert']>[1],
    explicit: boolean,
  ) {
    return writeWithFreeSlug(
      { slug: values.slug, explicit, key: SLUG_KEY, lookup: () => repository.slugs(context.tenantId) },
      (slug) =>
        write(context, async (tx, emit) => {
          const form = toForm(await createFormsRepository(tx).insert(context.tenantId, { ...values, slug }))
          emit({ type: 'form.created', subjectId: form.id, payload: formFacts(form) })
          return form
        }),
    )
  }

  return {
    /** `GET /api/forms`: newest change first. */
    async list(context: TenantContext, query: ListFormsQuery) {
      const { page, limit, offset } = pageOf(query)
      const filter = { status: query.status, search: query.search }
      const { rows, total } = await repository.list(context.tenantId, filter, offset, limit)
      return { forms: rows.map(toForm), pagination: paginate(page, limit, total) }
    },

    async get(context: TenantContext, id: string): Promise<Form> {
      return toForm(await load(repository, context.tenantId, id))
    },

    /**
     * `POST /api/forms`: a draft. A string title is in the tenant's default locale. The slug comes
     * from `slug` (409 SlugConflict when taken) or the title (a free variant when taken).
     * @throws ValidationFailed naming the member (fields, text map keys that are not the tenant's
     *   locales, empty slug, a notification recipient Folio's mail would not reach).
     */
    async create(context: TenantContext, input: CreateFormInput): Promise<Form> {
      const locales = await formLocalesOf(deps.settings, context.tenantId)
      const title = checkTitle(titleMap(input.title, locales.default), locales)
      checkI18n(input.description, 'description', '/description', locales)
      checkSettingsTexts(input.settings, locales)
      await checkRecipients(context.tenantId, input.settings)
      const slug = slugOf(input.slug, title)
      return insertWithSlug(
        context,
        {
          id: newId(),
          slug,
          status: 'draft',
          title,
          description: input.description ?? '',
          fields: checkFields(input.fields ?? [], locales),
          settings: checkSettings(input.settings) ?? {},
          visibility: input.visibility ?? 'public',
          extra: extraOf(input) ?? {},
          createdBy: userIdOf(context),
          updatedBy: userIdOf(context),
        },
        input.slug !== undefined,
      )
    },

    /**
     * `PUT /api/forms/{id}`: changes the draft definition; extra members are merged in. `status`
     * `published` publishes (a new version), `archived` archives, `draft` withdraws the form from
     * the public. @throws NotFound, SlugConflict, ValidationFailed.
     */
    async update(context: TenantContext, id: string, input: UpdateFormInput): Promise<Form> {
      const locales = await formLocalesOf(deps.settings, context.tenantId)
      const title =
        input.title === undefined ? undefined : checkTitle(titleMap(input.title, locales.default), locales)
      checkI18n(input.description, 'description', '/description', locales)
      checkSettingsTexts(input.settings, locales)
      const fields = input.fields === undefined ? undefined : checkFields(input.fields, locales)
      checkSettings(input.settings)
      await checkRecipients(context.tenantId, input.settings)
      const slug = input.slug === undefined ? undefined : slugOf(input.slug, {})
      const verb =
        input.status === 'published' ? 'published' : input.status === 'archived' ? 'archived' : 'updated'
      try {
        return await change(
          context,
          id,
          verb,
          async (repo, row) => {
            const extra = extraOf(input)
            const updated = await repo.update(context.tenantId, id, {
              ...(title === undefined ? {} : { title }),
              ...(slug === undefined ? {} : { slug }),
              ...(input.description === undefined ? {} : { description: input.description }),
              ...(fields === undefined ? {} : { fields }),
              ...(input.settings === undefined ? {} : { settings: input.settings }),
              ...(input.visibility === undefined ? {} : { visibility: input.visibility }),
              ...(extra === undefined ? {} : { extra: { ...row.extra, ...extra } }),
              ...(input.status === 'draft' || input.status === 'archived' ? { status: input.status } : {}),
              updatedBy: userIdOf(context),
            })
            return input.status === 'published' ? publishRow(repo, context, updated!) : updated
          },
          Object.keys(input),
        )
      } catch (err) {
        throw slug !== undefined ? uniqueConflict(err, { [SLUG_KEY]: () => errors.slugConflict(slug) }) : err
      }
    },

    /** `DELETE /api/forms/{id}`: removes the form with its versions and responses. */
    async remove(context: TenantContext, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const repo = createFormsRepository(tx)
        const form = toForm(await load(repo, context.tenantId, id, true))
        await repo.delete(context.tenantId, id)
        emit({ type: 'form.deleted', subjectId: id, payload: formFacts(form) })
      })
    },

    /** `POST /api/forms/{id}/publish` → published, version N+1. @throws ValidationFailed without fields. */
    publish: (context: TenantContext, id: string) =>
      change(context, id, 'published', (repo, row) => publishRow(repo, context, row)),

    /** `POST /api/forms/{id}/archive` → archived (idempotent). */
    archive: (context: TenantContext, id: string) =>
      change(context, id, 'archived', (repo) =>
        repo.update(context.tenantId, id, { status: 'archived', updatedBy: userIdOf(context) }),
      ),

    /**
     * `POST /api/forms/{id}/restore/{version}`: the draft definition becomes that version's; the
     * state and the published version are unchanged (publish to serve it). @throws NotFound.
     */
    restore: (context: TenantContext, id: string, version: number) =>
      change(context, id, 'restored', async (repo) => {
        const frozen = await repo.findVersion(context.tenantId, id, version)
        if (frozen === undefined) throw errors.notFound('Form version')
        return repo.update(context.tenantId, id, {
          title: frozen.title,
          description: frozen.description,
          fields: frozen.fields,
          settings: frozen.settings,
          visibility: frozen.visibility,
          extra: frozen.extra,
          updatedBy: userIdOf(context),
        })
      }),

    /** `GET /api/forms/{id}/versions`: newest first. @throws NotFound. */
    async versions(context: TenantContext, id: string, query: { page?: number; limit?: number }) {
      await load(repository, context.tenantId, id)
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await repository.listVersions(context.tenantId, id, offset, limit)
      return { versions: rows.map(toFormVersion), pagination: paginate(page, limit, total) }
    },

    /** `POST /api/forms/{id}/duplicate`: a draft copy of the definition with a free slug. */
    async duplicate(context: TenantContext, id: string, input: { title?: string }): Promise<Form> {
      const source = await load(repository, context.tenantId, id)
      const { default: language } = await formLocalesOf(deps.settings, context.tenantId)
      const title =
        input.title === undefined
          ? Object.fromEntries(Object.entries(source.title).map(([tag, text]) => [tag, `${text} (Copy)`]))
          : titleMap(input.title, language)
      const base = toSlug(input.title ?? `${source.slug}-copy`) || `${source.slug}-copy`
      return insertWithSlug(
        context,
        {
          ...source,
          id: newId(),
          slug: base,
          status: 'draft',
          title,
          version: 0,
          publishedVersion: null,
          publishedAt: null,
          createdBy: userIdOf(context),
          updatedBy: userIdOf(context),
          createdAt: new Date(),
          updatedAt: new Date(),
        },
        false,
      )
    },

    /** `GET /api/forms/check-slug`: whether the normalized slug is free (for `formId`: besides that form). */
    async checkSlug(context: TenantContext, query: { slug: string; formId?: string | undefined }) {
      const slug = slugOf(query.slug, {})
      return { available: !(await repository.slugTaken(context.tenantId, slug, query.formId)), slug }
    },
  }
}

export type FormsService = ReturnType<typeof createFormsService>
