import type { PublicContext, TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { writeWithFreeSlug } from '../../db/slugs.js'
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
import { requiredSlug, toSlug } from '../../lib/slug.js'
import { contentLinkWrites } from '../contents/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import {
  type CategoriesRepository,
  type CategoryFilter,
  type CategoryMember,
  type CategoryPatch,
  type CategoryRow,
  type CategoryTranslations,
  createCategoriesRepository,
} from './repository.js'
import type {
  Category,
  CreateCategoryInput,
  ListCategoriesQuery,
  MergeCategoriesInput,
  PublicCategoriesQuery,
  PublicCategory,
  UpdateCategoryInput,
} from './schemas.js'

const SLUG_KEY = 'categories_tenant_slug_key'
/** Room left in a generated slug for a `-<n>` suffix within the 240-character limit. */
const GENERATED_SLUG_MAX = 230
const MEMBERS: readonly CategoryMember[] = ['name', 'slug', 'description']

/** What a category service needs besides its database: the tenant's locales, from its settings. */
export interface CategoriesDeps {
  db: Db
  events: EventSink
  settings: Pick<TenantSettingsReader, 'get'>
}

/**
 * Categories: a per-tenant tree (docs/decisions/content.md "Categories are a tree without cycles",
 * "Slugs"): cycles are refused, merges run in one transaction, slugs are decided by the unique
 * index and search text is matched literally (docs/decisions/input-hygiene.md "Strings an attacker
 * tries are harmless"). Names, slugs and descriptions are localized per field
 * (docs/decisions/localization.md "Field-level localization"): `translations` in admin reads and
 * writes, each member answered from the reader's locale chain on public reads. Works on a
 * transaction too (`{ db: tx }`), for the importer. Every write emits its `category.*` event in its
 * transaction.
 */
export function createCategoriesService(deps: CategoriesDeps) {
  const { db } = deps
  const repository = createCategoriesRepository(db)
  const write = transactional(db, deps.events)
  const localesOf = async (tenantId: string, via?: Db) => (await deps.settings.get(tenantId, via)).locales

  /** The category row as admins read it, with its served translations. */
  function adminView(
    row: CategoryRow,
    translations: Map<string, CategoryTranslations>,
    locales: TenantLocales,
  ) {
    return toCategory(row, servedTranslations(translations.get(row.id) ?? {}, locales))
  }

  /**
   * Checks `translations` against the tenant's locales, then replaces the category's whole map.
   * @throws ValidationFailed naming `translations.<locale>`; SlugConflict for a translated slug
   *   another category holds in the same locale.
   */
  async function writeTranslations(
    repo: CategoriesRepository,
    tenantId: string,
    id: string,
    input: NonNullable<UpdateCategoryInput['translations']>,
    locales: TenantLocales,
  ): Promise<CategoryTranslations> {
    const translations = checkTranslations<CategoryMember>(input, locales, cleanMember)
    const taken = await repo.replaceTranslations(tenantId, id, translations)
    if (taken !== undefined) throw errors.slugConflict(translations[taken]?.slug ?? '')
    return translations
  }

  /** The category answered in the reader's locale chain; undefined when it has none of its locales. */
  function answered(
    row: CategoryRow,
    translations: CategoryTranslations,
    locales: TenantLocales,
    chain: readonly string[],
  ): PublicCategory | undefined {
    const record = { own: { name: row.name, slug: row.slug, description: row.description }, translations }
    const answer = answerIn(record, locales, chain, MEMBERS, 'name')
    if (answer === undefined) return undefined
    return {
      id: row.id,
      ...answer.values,
      parentId: row.parentId,
      position: row.position,
      locale: answer.locale,
      alternates: alternatesOf(record, locales, answer.locale),
    }
  }

  return {
    /**
     * `GET /api/categories`: a tree of roots with nested `children` (default) or a flat list, both
     * ordered by position then name. With `limit`, pages over flat rows or over tree roots; without,
     * everything on one page. In tree mode a match whose parent is filtered out becomes a root.
     */
    async list(context: TenantContext, query: ListCategoriesQuery) {
      const { tenantId } = context
      const filter: CategoryFilter = {
        search: query.search,
        ids: query.ids === undefined ? undefined : splitIdList(query.ids),
      }
      const locales = await localesOf(tenantId)
      return listed(repository, tenantId, filter, query, (row, translations) =>
        adminView(row, translations, locales),
      )
    },

    /** One category; 404 when missing or another tenant's. */
    async get(context: TenantContext, id: string): Promise<Category> {
      const row = await repository.findById(context.tenantId, id)
      if (row === undefined) throw errors.notFound('Category')
      const [translations, locales] = await Promise.all([
        repository.translationsOf(context.tenantId, [id]),
        localesOf(context.tenantId),
      ])
      return adminView(row, translations, locales)
    },

    /**
     * The category whose own (default locale's) slug is this one (exact, already normalized), or
     * undefined (the WordPress importer adopts it).
     */
    async getBySlug(context: TenantContext, slug: string): Promise<Category | undefined> {
      const via = dbOf(context, db)
      const repo = createCategoriesRepository(via)
      const row = await repo.findBySlug(context.tenantId, slug)
      if (row === undefined) return undefined
      const translations = await repo.translationsOf(context.tenantId, [row.id])
      return adminView(row, translations, await localesOf(context.tenantId, via))
    },

    /**
     * Creates a category. An explicit slug that is taken is a 409 SlugConflict; a slug generated
     * from the name gets `-2`, `-3`… instead. The parent must be a category of the tenant (400).
     * `translations` as `update` takes them (a translated slug is never generated).
     */
    async create(context: TenantContext, input: CreateCategoryInput): Promise<Category> {
      const { tenantId } = context
      const parentId = input.parentId ?? null
      const values = { id: newId(), ...fieldsOf(input), name: input.name.trim(), parentId }
      const wanted =
        input.slug === undefined
          ? toSlug(values.name, GENERATED_SLUG_MAX) || 'category'
          : requiredSlug(input.slug, 'slug')
      return write(context, async (tx, emit) => {
        const repo = createCategoriesRepository(tx)
        if (parentId !== null && (await repo.findById(tenantId, parentId)) === undefined) {
          throw errors.validation('categories.parentNotFound')
        }
        const row = await writeWithFreeSlug(
          {
            slug: wanted,
            explicit: input.slug !== undefined,
            key: SLUG_KEY,
            lookup: () => repo.slugs(tenantId),
          },
          (slug) => repo.insert(tenantId, { ...values, slug }),
        )
        const translations =
          input.translations === undefined
            ? {}
            : await writeTranslations(
                repo,
                tenantId,
                row.id,
                input.translations,
                await localesOf(tenantId, tx),
              )
        const category = toCategory(row, translations)
        emit({ type: 'category.created', subjectId: category.id, payload: categoryFacts(category) })
        return category
      })
    },

    /**
     * Updates the given fields. Moving a category under itself or its descendant is a 400 cycle;
     * a moved category without a position goes after its new siblings. Slugs are not regenerated.
     * `translations` replaces the map whole: each key one of the tenant's locales other than the
     * default (400 naming `translations.<locale>`), a translated slug free in its locale (409).
     */
    async update(context: TenantContext, id: string, input: UpdateCategoryInput): Promise<Category> {
      const { tenantId } = context
      const patch: CategoryPatch = fieldsOf(input)
      if (input.name !== undefined) patch.name = input.name.trim()
      if (input.slug !== undefined) patch.slug = requiredSlug(input.slug, 'slug')
      try {
        // A nested transaction is a savepoint, so a slug conflict leaves a caller's transaction usable.
        return await write(context, async (tx, emit) => {
          const repo = createCategoriesRepository(tx)
          const current = await repo.findById(tenantId, id)
          if (current === undefined) throw errors.notFound('Category')
          let appendTo: string | null | undefined
          if (input.parentId !== undefined && input.parentId !== current.parentId) {
            await assertValidParent(repo, tenantId, id, input.parentId)
            patch.parentId = input.parentId
            if (input.position === undefined) appendTo = input.parentId
          }
          const row = await repo.update(tenantId, id, patch, appendTo)
          if (row === undefined) throw errors.notFound('Category')
          const locales = await localesOf(tenantId, tx)
          const translations =
            input.translations === undefined
              ? servedTranslations((await repo.translationsOf(tenantId, [id])).get(id) ?? {}, locales)
              : await writeTranslations(repo, tenantId, id, input.translations, locales)
          const category = toCategory(row, translations)
          emit({
            type: 'category.updated',
            subjectId: id,
            payload: { ...categoryFacts(category), changed: Object.keys(input) },
          })
          return category
        })
      } catch (err) {
        throw patch.slug !== undefined
          ? uniqueConflict(err, { [SLUG_KEY]: () => errors.slugConflict(patch.slug ?? '') })
          : err
      }
    },

    /**
     * Deletes a category. `cascade` (default true) removes its descendants too; false refuses with
     * 409 when it has children. Content links go with the categories (foreign key cascade).
     * Returns how many categories were removed.
     */
    async delete(
      context: TenantContext,
      id: string,
      cascade = true,
    ): Promise<{ success: true; deleted: number }> {
      const { tenantId } = context
      return write(context, async (tx, emit) => {
        const repo = createCategoriesRepository(tx)
        const current = await repo.findById(tenantId, id)
        if (current === undefined) throw errors.notFound('Category')
        let deleted: number
        if (cascade) deleted = await repo.deleteSubtree(tenantId, id)
        else if (await repo.deleteLeaf(tenantId, id)) deleted = 1
        else throw errors.conflict('categories.hasChildren')
        if (deleted === 0) throw errors.notFound('Category')
        emit({
          type: 'category.deleted',
          subjectId: id,
          payload: { id, name: current.name, slug: current.slug, deleted },
        })
        return { success: true as const, deleted }
      })
    },

    /**
     * Merges `sourceId` into `targetId` in one transaction: content links move (duplicates skipped),
     * children move under the target, the source is deleted. 400 when the ids are equal or the
     * target lies inside the source's subtree; 404 when either is missing.
     */
    async merge(context: TenantContext, input: MergeCategoriesInput) {
      const { tenantId } = context
      const { sourceId, targetId } = input
      if (sourceId === targetId) throw errors.validation('categories.sameMerge')
      return write(context, async (tx, emit) => {
        const repo = createCategoriesRepository(tx)
        await repo.lockTree(tenantId)
        if ((await repo.countExisting(tenantId, [sourceId, targetId])) !== 2) {
          throw errors.notFound('Category')
        }
        if (await repo.isInSubtree(tenantId, sourceId, targetId)) {
          throw errors.validation('categories.mergeIntoDescendant')
        }
        const updatedContents = await contentLinkWrites(tx).moveCategory(tenantId, sourceId, targetId)
        await repo.reparentChildren(tenantId, sourceId, targetId)
        await repo.delete(tenantId, sourceId)
        emit({
          type: 'category.merged',
          subjectId: targetId,
          payload: { sourceId, targetId, updatedContents },
        })
        return { success: true as const, updatedContents }
      })
    },

    /**
     * `GET /api/public/categories`: the categories in the reader's locale, as `list` orders and
     * pages them (a tree by default). With `fallback=false` only the categories translated to the
     * asked locale (all of them for the default locale).
     */
    async publicList(context: PublicContext, query: PublicCategoriesQuery) {
      const { tenantId, localeChain } = context
      const locales = await localesOf(tenantId)
      const filter: CategoryFilter = {
        // A chain holds the default unless it is `fallback=false`'s one locale: every category has the default.
        translatedTo: localeChain.includes(locales.default) ? undefined : localeChain,
      }
      return listed(repository, tenantId, filter, query, (row, translations) =>
        answered(row, translations.get(row.id) ?? {}, locales, localeChain),
      )
    },

    /** `GET /api/public/categories/{id}`. @throws NotFound, also without the asked locale under `fallback=false`. */
    async publicGet(context: PublicContext, id: string): Promise<PublicCategory> {
      const row = await repository.findById(context.tenantId, id)
      if (row === undefined) throw errors.notFound('Category')
      return publicOne(context, row)
    },

    /**
     * `GET /api/public/categories/slug/{slug}`: the category holding `slug` in the first locale of
     * the reader's chain that has it, else in any of the tenant's locales; answered in the reader's
     * locale (its `slug` tells a site to redirect when it differs). @throws NotFound.
     */
    async publicBySlug(context: PublicContext, slug: string): Promise<PublicCategory> {
      const locales = await localesOf(context.tenantId)
      const holders = await repository.slugHolders(context.tenantId, slug, locales.default, locales.available)
      const id = slugOwner(holders, locales, context.localeChain)
      const row = id === undefined ? undefined : await repository.findById(context.tenantId, id)
      if (row === undefined) throw errors.notFound('Category')
      return publicOne(context, row, locales)
    },
  }

  async function publicOne(context: PublicContext, row: CategoryRow, known?: TenantLocales) {
    const [translations, locales] = await Promise.all([
      repository.translationsOf(context.tenantId, [row.id]),
      known ?? localesOf(context.tenantId),
    ])
    const category = answered(row, translations.get(row.id) ?? {}, locales, context.localeChain)
    if (category === undefined) throw errors.notFound('Category')
    return category
  }
}

export type CategoriesService = ReturnType<typeof createCategoriesService>

/** Checks a new parent inside the tree lock: it must exist and must not lie in the moved subtree. */
async function assertValidParent(
  repo: CategoriesRepository,
  tenantId: string,
  id: string,
  parentId: string | null,
): Promise<void> {
  if (parentId === null) return
  if (parentId === id) throw errors.validation('categories.ownParent')
  await repo.lockTree(tenantId)
  if ((await repo.findById(tenantId, parentId)) === undefined) {
    throw errors.validation('categories.parentNotFound')
  }
  if (await repo.isInSubtree(tenantId, id, parentId)) {
    throw errors.validation('categories.moveUnderDescendant')
  }
}

/** The optional writable fields present in `input`, as columns. */
function fieldsOf(input: UpdateCategoryInput): CategoryPatch {
  const patch: CategoryPatch = {}
  if (input.description !== undefined) patch.description = input.description
  if (input.defaultSortField !== undefined) patch.defaultSortField = input.defaultSortField
  if (input.defaultSortOrder !== undefined) patch.defaultSortOrder = input.defaultSortOrder
  if (input.position !== undefined) patch.position = input.position
  if (input.settings !== undefined) patch.settings = input.settings
  if (input.metadata !== undefined) patch.metadata = input.metadata
  return patch
}

/** A translation member as stored: names trimmed, slugs normalized, an empty description no value. */
function cleanMember(member: CategoryMember, value: string, path: string): string | undefined {
  if (member === 'slug') return translatedSlug(value, path)
  if (member === 'name') return value.trim()
  return value === '' ? undefined : value
}

/**
 * A list as `GET /api/categories` and its public twin answer it: a tree of roots with nested
 * `children` (default) or a flat list, both by position then name; with `limit`, pages over flat
 * rows or tree roots, else one page. In tree mode a category whose parent is filtered out is a root.
 */
async function listed<T extends { id: string; parentId: string | null }>(
  repository: CategoriesRepository,
  tenantId: string,
  filter: CategoryFilter,
  query: { flat?: boolean | undefined; page?: number | undefined; limit?: number | undefined },
  view: (row: CategoryRow, translations: Map<string, CategoryTranslations>) => T | undefined,
) {
  // A view leaves a row out only when a translation went between the two reads (public reads).
  const viewed = (rows: CategoryRow[], translations: Map<string, CategoryTranslations>) =>
    rows.flatMap((row) => view(row, translations) ?? [])
  const paged = query.limit === undefined ? undefined : pageOf(query)
  const all = async () => {
    const [rows, translations] = await Promise.all([
      repository.listAll(tenantId, filter),
      repository.translationsMatching(tenantId, filter),
    ])
    return viewed(rows, translations)
  }
  if (query.flat === true) {
    if (paged === undefined) return unpaged(await all())
    const { page, limit, offset } = paged
    const [rows, total] = await Promise.all([
      repository.listPage(tenantId, filter, offset, limit),
      repository.count(tenantId, filter),
    ])
    const translations = await repository.translationsOf(
      tenantId,
      rows.map((row) => row.id),
    )
    return {
      categories: viewed(rows, translations),
      pagination: paginate(page, limit, total),
    }
  }
  const roots = buildTree(await all())
  if (paged === undefined) return unpaged(roots)
  const { page, limit, offset } = paged
  return { categories: roots.slice(offset, offset + limit), pagination: paginate(page, limit, roots.length) }
}

function toCategory(row: CategoryRow, translations: CategoryTranslations): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    parentId: row.parentId,
    position: row.position,
    defaultSortField: row.defaultSortField,
    defaultSortOrder: row.defaultSortOrder,
    settings: row.settings,
    metadata: row.metadata,
    translations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Nests sorted categories under their parents in one pass; order among siblings is kept. */
function buildTree<T extends { id: string; parentId: string | null }>(items: T[]): Nested<T>[] {
  const nodes = new Map<string, Nested<T>>(items.map((item) => [item.id, { ...item, children: [] }]))
  const roots: Nested<T>[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId)
    if (parent === undefined) roots.push(node)
    else parent.children.push(node)
  }
  return roots
}

type Nested<T> = T & { children: Nested<T>[] }

function unpaged<T>(items: T[]) {
  return { categories: items, pagination: { page: 1, limit: items.length, total: items.length, pages: 1 } }
}

/** The facts a category event carries (src/events/catalog.ts). */
function categoryFacts(category: Category) {
  return { id: category.id, name: category.name, slug: category.slug, parentId: category.parentId }
}
