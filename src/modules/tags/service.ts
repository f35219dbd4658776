import type { PublicContext, TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { dbOf, type EventSink, transactional } from '../../events/event-log.js'
import {
  alternatesOf,
  answerIn,
  checkTranslations,
  servedTranslations,
  slugOwner,
  translatedSlug,
} from '../../lib/field-translations.js'
import { newId } from '../../lib/ids.js'
import type { TenantLocales } from '../../lib/locale.js'
import { pageOf, paginate, splitIdList } from '../../lib/paging.js'
import { requiredSlug } from '../../lib/slug.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import {
  createTagsRepository,
  TAG_SLUG_KEY,
  type TagMember,
  type TagRow,
  type TagsRepository,
  type TagTranslations,
} from './repository.js'
import type {
  CreateTagInput,
  ListTagsQuery,
  PublicTag,
  PublicTagsQuery,
  Tag,
  UpdateTagInput,
} from './schemas.js'

const MEMBERS: readonly TagMember[] = ['title', 'slug']

/** What a tags service needs besides its database: the tenant's locales, from its settings. */
export interface TagsDeps {
  db: Db
  events: EventSink
  settings: Pick<TenantSettingsReader, 'get'>
}

/**
 * Tags: flat per-tenant labels unique by slug (docs/decisions/content.md "Tags"), their title and
 * slug localized per field (docs/decisions/localization.md "Field-level localization"):
 * `translations` in admin reads and writes, each member answered from the reader's locale chain on
 * public reads. Works on a transaction too (`{ db: tx }`): the WordPress importer uses `getBySlug`
 * and `create`. Writes emit `tag.*` events.
 */
export function createTagsService(deps: TagsDeps) {
  const repository = createTagsRepository(deps.db)
  const write = transactional(deps.db, deps.events)
  const localesOf = async (tenantId: string, via?: Db) => (await deps.settings.get(tenantId, via)).locales

  /**
   * Checks `input` against the tenant's locales, then replaces the tag's whole map.
   * @throws ValidationFailed naming `translations.<locale>`; SlugConflict for a translated slug
   *   another tag holds in the same locale.
   */
  async function writeTranslations(
    repo: TagsRepository,
    tenantId: string,
    id: string,
    input: NonNullable<UpdateTagInput['translations']>,
    locales: TenantLocales,
  ): Promise<TagTranslations> {
    const translations = checkTranslations<TagMember>(input, locales, (member, value, path) =>
      member === 'slug' ? translatedSlug(value, path) : value.trim(),
    )
    const taken = await repo.replaceTranslations(tenantId, id, translations)
    if (taken !== undefined) throw errors.slugConflict(translations[taken]?.slug ?? '')
    return translations
  }

  /** The tag answered in the reader's locale chain; undefined when it has none of its locales. */
  function answered(
    row: TagRow,
    translations: TagTranslations,
    locales: TenantLocales,
    chain: readonly string[],
  ): PublicTag | undefined {
    const record = { own: { title: row.title, slug: row.slug }, translations }
    const answer = answerIn(record, locales, chain, MEMBERS, 'title')
    if (answer === undefined) return undefined
    return {
      id: row.id,
      ...answer.values,
      locale: answer.locale,
      alternates: alternatesOf(record, locales, answer.locale),
    }
  }

  async function publicOne(context: PublicContext, row: TagRow | undefined, known?: TenantLocales) {
    if (row === undefined) throw errors.notFound('Tag')
    const [translations, locales] = await Promise.all([
      repository.translationsOf(context.tenantId, [row.id]),
      known ?? localesOf(context.tenantId),
    ])
    const tag = answered(row, translations.get(row.id) ?? {}, locales, context.localeChain)
    if (tag === undefined) throw errors.notFound('Tag')
    return tag
  }

  return {
    /** `GET /api/tags`: tags sorted by title, searched literally and case-insensitively. */
    async list(context: TenantContext, query: ListTagsQuery) {
      const { page, limit, offset } = pageOf(query)
      const filter = {
        search: query.search,
        ids: query.ids === undefined ? undefined : splitIdList(query.ids),
      }
      const { rows, total } = await repository.list(context.tenantId, filter, offset, limit)
      const [translations, locales] = await Promise.all([
        repository.translationsOf(
          context.tenantId,
          rows.map((row) => row.id),
        ),
        localesOf(context.tenantId),
      ])
      return {
        tags: rows.map((row) => toTag(row, servedTranslations(translations.get(row.id) ?? {}, locales))),
        pagination: paginate(page, limit, total),
      }
    },

    /** The tag whose own (default locale's) slug is this one, or undefined. */
    async getBySlug(context: TenantContext, slug: string): Promise<Tag | undefined> {
      const via = dbOf(context, deps.db)
      const repo = createTagsRepository(via)
      const row = await repo.findBySlug(context.tenantId, slug)
      if (row === undefined) return undefined
      const translations = (await repo.translationsOf(context.tenantId, [row.id])).get(row.id) ?? {}
      return toTag(row, servedTranslations(translations, await localesOf(context.tenantId, via)))
    },

    /**
     * Creates a tag; the slug comes from `slug` or else the title. Tags are unique by slug, so a
     * taken slug is a 409 SlugConflict either way (the same title twice is a duplicate, not a
     * second tag); callers that want get-or-create use `getBySlug` first. `translations` as
     * `update` takes them.
     */
    async create(context: TenantContext, input: CreateTagInput): Promise<Tag> {
      const title = input.title.trim()
      const slug = requiredSlug(input.slug ?? title, input.slug === undefined ? 'title' : 'slug')
      return write(context, async (tx, emit) => {
        const repo = createTagsRepository(tx)
        const row = await repo.insert(context.tenantId, { id: newId(), title, slug })
        if (row === undefined) throw errors.slugConflict(slug)
        const translations =
          input.translations === undefined
            ? {}
            : await writeTranslations(
                repo,
                context.tenantId,
                row.id,
                input.translations,
                await localesOf(context.tenantId, tx),
              )
        const tag = toTag(row, translations)
        emit({
          type: 'tag.created',
          subjectId: tag.id,
          payload: { id: tag.id, title: tag.title, slug: tag.slug },
        })
        return tag
      })
    },

    /**
     * Renames a tag: the given title and/or slug (normalized). The slug is not regenerated from a
     * new title, so links to the tag's archive keep working. `translations` replaces the map whole:
     * each key one of the tenant's locales other than the default (400 naming
     * `translations.<locale>`), a translated slug free in its locale. 404 NotFound; 409 SlugConflict.
     */
    async update(context: TenantContext, id: string, input: UpdateTagInput): Promise<Tag> {
      const patch: { title?: string; slug?: string } = {}
      if (input.title !== undefined) patch.title = input.title.trim()
      if (input.slug !== undefined) patch.slug = requiredSlug(input.slug, 'slug')
      try {
        return await write(context, async (tx, emit) => {
          const repo = createTagsRepository(tx)
          const row = await repo.update(context.tenantId, id, patch)
          if (row === undefined) throw errors.notFound('Tag')
          const locales = await localesOf(context.tenantId, tx)
          const translations =
            input.translations === undefined
              ? servedTranslations((await repo.translationsOf(context.tenantId, [id])).get(id) ?? {}, locales)
              : await writeTranslations(repo, context.tenantId, id, input.translations, locales)
          const tag = toTag(row, translations)
          emit({
            type: 'tag.updated',
            subjectId: tag.id,
            payload: { id: tag.id, title: tag.title, slug: tag.slug, changed: Object.keys(input) },
          })
          return tag
        })
      } catch (err) {
        throw uniqueConflict(err, { [TAG_SLUG_KEY]: () => errors.slugConflict(patch.slug ?? '') })
      }
    },

    /** Deletes a tag; contents lose the tag (their links go with it). 404 NotFound. */
    async remove(context: TenantContext, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const row = await createTagsRepository(tx).delete(context.tenantId, id)
        if (row === undefined) throw errors.notFound('Tag')
        emit({ type: 'tag.deleted', subjectId: id, payload: { id, title: row.title, slug: row.slug } })
      })
    },

    /**
     * `GET /api/public/tags`: a page of tags in the reader's locale, by the default locale's title.
     * With `fallback=false` only the tags translated to the asked locale (all of them for the
     * default locale).
     */
    async publicList(context: PublicContext, query: PublicTagsQuery) {
      const { tenantId, localeChain } = context
      const { page, limit, offset } = pageOf(query)
      const locales = await localesOf(tenantId)
      // A chain holds the default unless it is `fallback=false`'s one locale: every tag has the default.
      const filter = { translatedTo: localeChain.includes(locales.default) ? undefined : localeChain }
      const { rows, total } = await repository.list(tenantId, filter, offset, limit)
      const translations = await repository.translationsOf(
        tenantId,
        rows.map((row) => row.id),
      )
      return {
        // A tag leaves the page only when its translation went between the two reads.
        tags: rows.flatMap(
          (row) => answered(row, translations.get(row.id) ?? {}, locales, localeChain) ?? [],
        ),
        pagination: paginate(page, limit, total),
      }
    },

    /** `GET /api/public/tags/{id}`. @throws NotFound, also without the asked locale under `fallback=false`. */
    async publicGet(context: PublicContext, id: string): Promise<PublicTag> {
      return publicOne(context, await repository.findById(context.tenantId, id))
    },

    /**
     * `GET /api/public/tags/slug/{slug}`: the tag holding `slug` in the first locale of the reader's
     * chain that has it, else in any of the tenant's locales; answered in the reader's locale.
     * @throws NotFound.
     */
    async publicBySlug(context: PublicContext, slug: string): Promise<PublicTag> {
      const locales = await localesOf(context.tenantId)
      const holders = await repository.slugHolders(context.tenantId, slug, locales.default, locales.available)
      const id = slugOwner(holders, locales, context.localeChain)
      return publicOne(
        context,
        id === undefined ? undefined : await repository.findById(context.tenantId, id),
        locales,
      )
    },
  }
}

export type TagsService = ReturnType<typeof createTagsService>

function toTag(row: TagRow, translations: TagTranslations): Tag {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    translations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
