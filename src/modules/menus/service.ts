import type { Static } from 'typebox'
import type { PublicContext, TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { transactional } from '../../events/event-log.js'
import { answerIn } from '../../lib/field-translations.js'
import { newId } from '../../lib/ids.js'
import type { TenantLocales } from '../../lib/locale.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { requiredSlug } from '../../lib/slug.js'
import { createMenuItemsService, type MenusDeps } from './item-service.js'
import { menuConflict, menuFacts, toMenu, toSummary } from './mapping.js'
import { createMenusRepository, type MenuItemRow, type PublishedTranslation } from './repository.js'
import type {
  CreateMenuInput,
  ListMenusQuery,
  Menu,
  MenuSummary,
  PublicMenuBody,
  UpdateMenuInput,
} from './schemas.js'
import { nest } from './tree.js'

type PublicMenu = Static<typeof PublicMenuBody>['menu']
type ReferenceType = 'content' | 'category' | 'form'
type Reference = { type: ReferenceType; id: string; slug: string | null; locale: string | null }

/**
 * Menus (docs/decisions/menus-and-placements.md: routes are permission-gated, a location has one
 * active menu, the public tree drops hidden and unpublished items; item titles per locale,
 * docs/decisions/localization.md "Field-level localization"). Works on a transaction too
 * (`{ db: tx }`): the WordPress importer creates menus and items through it. Writes emit `menu.*`
 * events; item changes emit `menu.updated` with `changed: ['items']`.
 */
export function createMenusService(deps: MenusDeps) {
  const repository = createMenusRepository(deps.db)
  const write = transactional(deps.db, deps.events)
  const items = createMenuItemsService(deps)
  const localesOf = async (tenantId: string, via?: Db) => (await deps.settings.get(tenantId, via)).locales

  async function load(tenantId: string, id: string): Promise<Menu> {
    const row = await repository.find(tenantId, id)
    if (row === undefined) throw errors.notFound('Menu')
    const [itemRows, locales] = await Promise.all([repository.items(tenantId, id), localesOf(tenantId)])
    return toMenu(row, itemRows, locales)
  }

  /**
   * The public tree of an active menu in the reader's locale chain: visible items whose reference
   * resolves, by position, each title (a category's slug, a content's translation) from the first
   * locale of `chain` that has one.
   */
  async function publicTree(tenantId: string, rows: MenuItemRow[], chain: readonly string[]) {
    const visible = rows.filter((row) => row.isVisible)
    const idsOf = (type: string) =>
      visible.flatMap((row) => (row.type === type && row.referenceId ? [row.referenceId] : []))
    const [contentTranslations, categorySlugs, forms, locales] = await Promise.all([
      repository.publishedTranslations(tenantId, idsOf('content')),
      repository.categorySlugs(tenantId, idsOf('category')),
      repository.publicFormSlugs(tenantId, idsOf('form')),
      localesOf(tenantId),
    ])
    // With `fallback=false` a value the asked locale lacks is null (the item stays in the tree).
    const titleOf = (row: MenuItemRow) =>
      answerIn(
        { own: { title: row.title }, translations: row.translations },
        locales,
        chain,
        ['title'],
        'title',
      )?.values.title ?? null
    /** The reference of an item linking `id`; undefined when its record is gone or not public. */
    const referenceTo = (type: ReferenceType, id: string): Reference | undefined => {
      if (type === 'content') {
        const translations = contentTranslations.get(id)
        if (translations === undefined) return undefined
        const translation = contentTranslationIn(translations, id, locales, chain)
        return translation === undefined
          ? { type, id, slug: null, locale: null }
          : { type, id: translation.id, slug: translation.slug, locale: translation.locale }
      }
      if (type === 'form') {
        const slug = forms.get(id)
        return slug === undefined ? undefined : { type, id, slug, locale: null }
      }
      const category = categorySlugs.get(id)
      if (category === undefined) return undefined
      const answer = answerIn(category, locales, chain, ['slug'], 'slug')
      const slug = answer?.values.slug ?? null
      return { type, id, slug, locale: slug === null ? null : (answer?.locale ?? null) }
    }
    const resolved = visible.flatMap((row) => {
      const base = {
        id: row.id,
        parentId: row.parentId,
        position: row.position,
        title: titleOf(row),
        type: row.type as Menu['items'][number]['type'],
        url: row.url,
        target: row.target as Menu['items'][number]['target'],
        cssClasses: row.cssClasses,
        icon: row.icon,
        description: row.description,
      }
      const id = row.referenceId
      if (id === null) return [{ ...base, reference: null as Reference | null }]
      const reference = referenceTo(row.type as ReferenceType, id)
      return reference === undefined ? [] : [{ ...base, reference }]
    })
    type Node = (typeof resolved)[number] & { children: Node[] }
    const strip = (nodes: Node[]): unknown[] =>
      nodes.map(({ parentId: _parent, position: _position, children, ...node }) => ({
        ...node,
        children: strip(children),
      }))
    return strip(nest(resolved))
  }

  return {
    ...items,

    /** `GET /api/menus`: menus by name with their item counts (items via `GET /api/menus/{id}`). */
    async list(context: TenantContext, query: ListMenusQuery) {
      const { page, limit, offset } = pageOf(query)
      const filter = { status: query.status, location: query.location, search: query.search }
      const { rows, total } = await repository.list(context.tenantId, filter, offset, limit)
      return {
        menus: rows.map((row) => toSummary(row.menu, row.itemCount)),
        pagination: paginate(page, limit, total),
      }
    },

    /** The menu with its whole item tree. @throws NotFound (also for another tenant's id). */
    get: (context: TenantContext, id: string): Promise<Menu> => load(context.tenantId, id),

    /**
     * Creates an empty menu (items are added through the item routes).
     * @throws ValidationFailed for a name or slug with nothing sluggable; SlugConflict; Conflict
     *   when activating it at a location another active menu holds.
     */
    async create(context: TenantContext, input: CreateMenuInput): Promise<Menu> {
      const slug = requiredSlug(input.slug ?? input.name, input.slug === undefined ? 'name' : 'slug')
      const values = {
        name: input.name.trim(),
        slug,
        description: input.description?.trim() ?? '',
        location: input.location ?? 'header',
        status: input.status ?? 'draft',
      }
      try {
        return await write(context, async (tx, emit) => {
          const row = await createMenusRepository(tx).insert(context.tenantId, newId(), values)
          const menu = toMenu(row, [], await localesOf(context.tenantId, tx))
          emit({ type: 'menu.created', subjectId: menu.id, payload: menuFacts(row, 0) })
          return menu
        })
      } catch (err) {
        throw menuConflict(err, values)
      }
    },

    /** Changes a menu's own fields. @throws NotFound, ValidationFailed, SlugConflict, Conflict (location). */
    async update(context: TenantContext, id: string, input: UpdateMenuInput): Promise<Menu> {
      const values: Partial<CreateMenuInput> = { ...input }
      if (input.name !== undefined) values.name = input.name.trim()
      if (input.description !== undefined) values.description = input.description.trim()
      if (input.slug !== undefined) values.slug = requiredSlug(input.slug, 'slug')
      try {
        return await write(context, async (tx, emit) => {
          const repo = createMenusRepository(tx)
          const before = await repo.lock(context.tenantId, id)
          if (before === undefined) throw errors.notFound('Menu')
          const row = await repo.update(context.tenantId, id, values)
          if (row === undefined) throw errors.notFound('Menu')
          const menu = toMenu(
            row,
            await repo.items(context.tenantId, id),
            await localesOf(context.tenantId, tx),
          )
          const changed = Object.keys(values).filter(
            (key) => before[key as keyof typeof before] !== row[key as keyof typeof row],
          )
          emit({
            type: 'menu.updated',
            subjectId: id,
            payload: { ...menuFacts(row, menu.itemCount), changed },
          })
          return menu
        })
      } catch (err) {
        const current = await repository.find(context.tenantId, id)
        throw menuConflict(err, { slug: values.slug, location: values.location ?? current?.location })
      }
    },

    /** Deletes a menu and its items. @throws NotFound. */
    async remove(context: TenantContext, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const row = await createMenusRepository(tx).delete(context.tenantId, id)
        if (row === undefined) throw errors.notFound('Menu')
        emit({ type: 'menu.deleted', subjectId: id, payload: menuFacts(row, 0) })
      })
    },

    /**
     * `GET /api/public/menus/slug/{slug}` and `…/location/{location}`: an active menu's public tree
     * in the reader's locale (`context.localeChain`).
     * @throws NotFound when no active menu matches (drafts and archived menus are not public).
     */
    async publicMenu(
      context: PublicContext,
      by: { slug: string } | { location: string },
    ): Promise<PublicMenu> {
      const row = await repository.findActiveBy(context.tenantId, by)
      if (row === undefined) throw errors.notFound('Menu')
      const tree = await publicTree(
        context.tenantId,
        await repository.items(context.tenantId, row.id),
        context.localeChain,
      )
      return {
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        location: row.location as MenuSummary['location'],
        updatedAt: row.updatedAt.toISOString(),
        tree: tree as PublicMenu['tree'],
      }
    },
  }
}

export type MenusService = ReturnType<typeof createMenusService>

/**
 * The translation of a linked content a reader in `chain` follows: the published one in the first
 * locale of the chain that has one; when none does, the linked content itself (or, unpublished, the
 * group's first published translation in the tenant's order), so the link still leads somewhere.
 * Undefined with `fallback=false` (a chain without the default) when the asked locale has none.
 */
function contentTranslationIn(
  translations: readonly PublishedTranslation[],
  linkedId: string,
  locales: TenantLocales,
  chain: readonly string[],
): PublishedTranslation | undefined {
  for (const locale of chain) {
    const found = translations.find((translation) => translation.locale === locale)
    if (found !== undefined) return found
  }
  if (!chain.includes(locales.default)) return undefined
  return (
    translations.find((translation) => translation.id === linkedId) ??
    locales.available.flatMap((locale) => translations.filter((t) => t.locale === locale))[0] ??
    translations[0]
  )
}
