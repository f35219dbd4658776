import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { checkTranslations, type Translations } from '../../lib/field-translations.js'
import { newId } from '../../lib/ids.js'
import type { TenantLocales } from '../../lib/locale.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { linkProblem, REFERENCE_TYPES } from './links.js'
import { menuFacts, toItem, toMenu } from './mapping.js'
import { createMenusRepository, type MenuItemRow, type MenuRow } from './repository.js'
import {
  type CreateMenuItemInput,
  MAX_MENU_ITEMS,
  type Menu,
  type MenuItem,
  type MenuItemType,
  type MoveMenuItemInput,
  type ReorderMenuItemsInput,
  type UpdateMenuItemInput,
} from './schemas.js'
import { checkTree, move, type Placed, reorder, TreeError } from './tree.js'

type Repository = ReturnType<typeof createMenusRepository>

/** What a menus service needs besides its database: the tenant's locales, from its settings. */
export interface MenusDeps {
  db: Db
  events: EventSink
  settings: Pick<TenantSettingsReader, 'get'>
}

/**
 * Item routes of a menu: add, update, delete, move, reorder. Each locks the menu for its change.
 * An item's title is localized per field (docs/decisions/localization.md "Field-level
 * localization"): `translations` `{ [locale]: { title } }`.
 */
export function createMenuItemsService(deps: MenusDeps) {
  const write = transactional(deps.db, deps.events)

  /**
   * Runs `work` with the menu locked, its items loaded and the tenant's locales; emits
   * `menu.updated` for the items.
   */
  function change<T>(
    context: TenantContext,
    menuId: string,
    work: (repo: Repository, menu: MenuRow, items: MenuItemRow[], locales: TenantLocales) => Promise<T>,
  ): Promise<T> {
    return write(context, async (tx, emit) => {
      const repo = createMenusRepository(tx)
      const menu = await repo.lock(context.tenantId, menuId)
      if (menu === undefined) throw errors.notFound('Menu')
      const locales = (await deps.settings.get(context.tenantId, tx)).locales
      const result = await work(repo, menu, await repo.items(context.tenantId, menuId), locales)
      const touched = await repo.update(context.tenantId, menuId, {})
      const count = (await repo.items(context.tenantId, menuId)).length
      emit({
        type: 'menu.updated',
        subjectId: menuId,
        payload: { ...menuFacts(touched ?? menu, count), changed: ['items'] },
      })
      return result
    })
  }

  async function checkReference(tenantId: string, repo: Repository, type: MenuItemType, id: string | null) {
    if (id === null || !REFERENCE_TYPES.has(type)) return
    const found = await repo.referenceExists(tenantId, type as 'content' | 'category' | 'form', id)
    if (!found) throw errors.validation(phrase('menus.noReference', { type, id }))
  }

  function link(type: MenuItemType, url: string | null, referenceId: string | null) {
    const problem = linkProblem(type, url, referenceId)
    if (problem !== null) throw errors.validation(problem)
  }

  async function writePlaces(repo: Repository, tenantId: string, menuId: string, places: Placed[]) {
    for (const place of places) {
      await repo.updateItem(tenantId, menuId, place.id, {
        parentId: place.parentId,
        position: place.position,
      })
    }
  }

  /** An item's translations checked against the tenant's locales (400 naming `translations.<locale>`). */
  const translationsOf = (input: Translations<'title'>, locales: TenantLocales) =>
    checkTranslations<'title'>(input, locales, (_member, value) => value.trim())

  const treeChecked = <T>(compute: () => T): T => {
    try {
      return compute()
    } catch (err) {
      if (err instanceof TreeError) throw errors.validation(err.phrase)
      throw err
    }
  }

  return {
    /**
     * Adds an item under `parentId` (null = root) at `position` (default: last).
     * @throws NotFound (menu), ValidationFailed (link, reference, parent, depth, item limit).
     */
    async addItem(context: TenantContext, menuId: string, input: CreateMenuItemInput): Promise<MenuItem> {
      const type = input.type ?? 'custom'
      const url = input.url ?? null
      const referenceId = input.referenceId ?? null
      link(type, url, referenceId)
      return change(context, menuId, async (repo, _menu, items, locales) => {
        if (items.length >= MAX_MENU_ITEMS)
          throw errors.validation(phrase('menus.tooManyItems', { most: MAX_MENU_ITEMS }))
        await checkReference(context.tenantId, repo, type, referenceId)
        const parentId = input.parentId ?? null
        const id = newId()
        const siblings = items.filter((item) => item.parentId === parentId).length
        const placed = [...items, { id, parentId, position: siblings }]
        treeChecked(() => checkTree(placed))
        const row = await repo.insertItem(context.tenantId, menuId, {
          id,
          parentId,
          position: siblings,
          title: input.title.trim(),
          type,
          url,
          referenceId,
          target: input.target ?? '_self',
          cssClasses: input.cssClasses?.trim() ?? '',
          icon: input.icon?.trim() ?? '',
          description: input.description?.trim() ?? '',
          isVisible: input.isVisible ?? true,
          translations: input.translations === undefined ? {} : translationsOf(input.translations, locales),
        })
        if (input.position === undefined || input.position >= siblings) return toItem(row, locales)
        await writePlaces(
          repo,
          context.tenantId,
          menuId,
          treeChecked(() => move(placed, id, parentId, input.position ?? 0)),
        )
        return toItem({ ...row, position: input.position }, locales)
      })
    },

    /**
     * Changes an item's fields (not its place: see move). Switching between link and reference
     * types clears the member the new type does not use.
     * @throws NotFound (menu or item), ValidationFailed (link, reference).
     */
    async updateItem(
      context: TenantContext,
      menuId: string,
      itemId: string,
      input: UpdateMenuItemInput,
    ): Promise<MenuItem> {
      return change(context, menuId, async (repo, _menu, items, locales) => {
        const before = items.find((item) => item.id === itemId)
        if (before === undefined) throw errors.notFound('Menu item')
        const type = (input.type ?? before.type) as MenuItemType
        const byReference = REFERENCE_TYPES.has(type)
        const url = input.url !== undefined ? input.url : byReference ? null : before.url
        const referenceId =
          input.referenceId !== undefined ? input.referenceId : byReference ? before.referenceId : null
        link(type, url, referenceId)
        if (referenceId !== before.referenceId || type !== before.type) {
          await checkReference(context.tenantId, repo, type, referenceId)
        }
        const trimmed = Object.fromEntries(
          Object.entries(input).map(([key, value]) => [
            key,
            typeof value === 'string' && key !== 'url' ? value.trim() : value,
          ]),
        )
        const row = await repo.updateItem(context.tenantId, menuId, itemId, {
          ...trimmed,
          type,
          url,
          referenceId,
          ...(input.translations === undefined
            ? {}
            : { translations: translationsOf(input.translations, locales) }),
        })
        if (row === undefined) throw errors.notFound('Menu item')
        return toItem(row, locales)
      })
    },

    /** Deletes an item and its subtree, and closes the gap among its siblings. @throws NotFound. */
    async removeItem(context: TenantContext, menuId: string, itemId: string): Promise<void> {
      await change(context, menuId, async (repo, _menu, items) => {
        const item = items.find((row) => row.id === itemId)
        if (item === undefined) throw errors.notFound('Menu item')
        await repo.deleteItem(context.tenantId, menuId, itemId)
        const siblings = items
          .filter((row) => row.parentId === item.parentId && row.id !== itemId)
          .map((row, position) => ({ id: row.id, parentId: row.parentId, position }))
        await writePlaces(repo, context.tenantId, menuId, siblings)
      })
    },

    /**
     * Moves an item (with its subtree) under `parentId` at `position`, shifting siblings.
     * @throws NotFound (menu, item), ValidationFailed (parent not in the menu, own descendant, depth).
     */
    async moveItem(
      context: TenantContext,
      menuId: string,
      itemId: string,
      input: MoveMenuItemInput,
    ): Promise<Menu> {
      return change(context, menuId, async (repo, menu, items, locales) => {
        if (!items.some((item) => item.id === itemId)) throw errors.notFound('Menu item')
        const places = treeChecked(() => move(items, itemId, input.parentId, input.position))
        await writePlaces(repo, context.tenantId, menuId, places)
        return toMenu(menu, await repo.items(context.tenantId, menuId), locales)
      })
    },

    /**
     * Sets the places of several items at once, then renumbers each sibling group.
     * @throws NotFound (menu), ValidationFailed (unknown or repeated item, cycle, depth).
     */
    async reorderItems(context: TenantContext, menuId: string, input: ReorderMenuItemsInput): Promise<Menu> {
      return change(context, menuId, async (repo, menu, items, locales) => {
        const places = treeChecked(() => reorder(items, input.items))
        await writePlaces(repo, context.tenantId, menuId, places)
        return toMenu(menu, await repo.items(context.tenantId, menuId), locales)
      })
    },
  }
}
