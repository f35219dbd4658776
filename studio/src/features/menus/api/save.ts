import { placesOf } from '../../../lib/flat-tree'
import type { TenantLocales } from '../../../lib/locales'
import { translationsBody } from '../../../lib/translations'
import { addItem, deleteItem, reorderItems, updateItem } from './menus'
import { type DraftItem, type ItemFields, REFERENCE_TYPES } from './tree'

/** A save stopped at one item: the item's key, what the API answered, and the draft so far. */
export class ItemSaveError extends Error {
  override name = 'ItemSaveError'
  constructor(
    readonly key: string | null,
    override readonly cause: unknown,
    readonly draft: DraftItem[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

/**
 * The members the API takes for an item: its link (a URL or a reference, the other null), and its
 * titles in the other locales once the tenant's locales are known (`locales`; a map sent replaces
 * the stored one whole).
 */
function fieldsBody(item: ItemFields, locales: TenantLocales | undefined) {
  const reference = REFERENCE_TYPES.has(item.type)
  return {
    title: item.title.trim(),
    type: item.type,
    url: reference ? null : (item.url ?? '').trim(),
    referenceId: reference ? item.referenceId : null,
    target: item.target,
    isVisible: item.isVisible,
    ...(locales === undefined ? {} : { translations: translationsBody(item.translations, locales) }),
  }
}

/** The last place among siblings the API takes (MAX_MENU_ITEMS). */
const MAX_POSITION = 500

const changed = (a: ItemFields, b: ItemFields, locales: TenantLocales | undefined) =>
  JSON.stringify(fieldsBody(a, locales)) !== JSON.stringify(fieldsBody(b, locales))

/**
 * Makes the stored menu what the draft shows, with the item routes the API has (it has no
 * whole-tree write):
 * 1. stored items kept in the draft whose stored parent is removed move to the root first, so
 *    deleting that parent does not take them along;
 * 2. removed items are deleted (the topmost of each removed subtree);
 * 3. new items are added at the root, whatever their depth in the stored tree would allow;
 * 4. changed items are updated;
 * 5. one reorder puts every item at its place (the API checks depth and cycles on the whole tree).
 * Each step's success is kept in the returned draft (new ids), so a save stopped by an error
 * (`ItemSaveError`, naming the item) can be run again from where it stopped.
 */
export async function saveMenuItems(
  tenantId: string,
  menuId: string,
  stored: readonly DraftItem[],
  draft: readonly DraftItem[],
  locales: TenantLocales | undefined,
): Promise<DraftItem[]> {
  const current = draft.map((item) => ({ ...item }))
  const kept = new Set(current.flatMap((item) => (item.id === null ? [] : [item.id])))
  const storedPlaces = new Map(placesOf(stored).map((place) => [place.key, place.parentKey] as const))
  const removed = stored.filter((item) => item.id !== null && !kept.has(item.id))
  const removedIds = new Set<string | null>(removed.map((item) => item.id))
  const step = async (key: string | null, action: () => Promise<unknown>) => {
    try {
      await action()
    } catch (error) {
      throw new ItemSaveError(key, error, current)
    }
  }

  const rescued = current.filter(
    (item) => item.id !== null && removedIds.has(storedPlaces.get(item.id) ?? null),
  )
  if (rescued.length > 0) {
    await step(null, () =>
      reorderItems(
        tenantId,
        menuId,
        rescued.map((item) => ({ id: item.id as string, parentId: null, position: MAX_POSITION })),
      ),
    )
  }
  for (const item of removed) {
    if (removedIds.has(storedPlaces.get(item.key) ?? null)) continue
    await step(item.key, () => deleteItem(tenantId, menuId, item.id as string))
  }
  const added = new Set<string>()
  for (const item of current) {
    if (item.id !== null) continue
    await step(item.key, async () => {
      const { item: created } = await addItem(tenantId, menuId, fieldsBody(item, locales))
      item.id = created.id
      added.add(item.key)
    })
  }
  const before = new Map(stored.map((item) => [item.id, item]))
  for (const item of current) {
    const old = before.get(item.id)
    // An item missing from `stored` was added by a save that stopped later: send its fields again.
    if (added.has(item.key) || (old !== undefined && !changed(old, item, locales))) continue
    await step(item.key, () => updateItem(tenantId, menuId, item.id as string, fieldsBody(item, locales)))
  }
  if (current.length > 0) {
    const ids = new Map(current.map((item) => [item.key, item.id as string]))
    await step(null, () =>
      reorderItems(
        tenantId,
        menuId,
        placesOf(current).map((place) => ({
          id: ids.get(place.key) as string,
          parentId: place.parentKey === null ? null : (ids.get(place.parentKey) as string),
          position: place.position,
        })),
      ),
    )
  }
  return current
}
