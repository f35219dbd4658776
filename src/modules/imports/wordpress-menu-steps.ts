import { AppError } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import type { CreateMenuItemInput } from '../menus/index.js'
import { clip, slugFrom } from './wordpress-mapping.js'
import { customLink, type FolioMenuLocation, folioLocationOf, planMenu } from './wordpress-menus.js'
import type { ImportRun } from './wordpress-run.js'
import type { WxrMenu, WxrMenuItem } from './wxr-parser.js'
import type { WxrOutline } from './wxr-source.js'

/** What menu items can point at: Folio ids of imported contents (by post id) and categories (by slug). */
export interface MenuTargets {
  contentIds: Map<string, string>
  categoryIds: Map<string, string>
}

const NO_TITLE = '(no title)'
/** Where an item goes that cannot link anywhere: kept, hidden, so the menu's shape survives. */
const NOWHERE = { type: 'custom' as const, url: '#', isVisible: false }

/**
 * Menus (`nav_menu` terms) and their items (`nav_menu_item`), after contents and categories so
 * items can reference them. Menus arrive active, at the Folio location their name spells
 * (`folioLocationOf`: "Primary Menu" at `header`) unless another active menu holds it, else at
 * `custom`; one an earlier run left at `custom` is placed so too. Each menu and each item is one
 * step with its own `import_records` key, so a second run creates nothing.
 */
export async function importMenus(run: ImportRun, document: WxrOutline, targets: MenuTargets): Promise<void> {
  const items = document.menuItems
  await run.phase('menus', items.length)
  let done = 0
  for (const menu of document.menus) {
    const menuId = await importMenu(run, menu)
    const own = items.filter((item) => item.menuSlug === menu.slug)
    const folioIds = new Map<string, string>()
    for (const planned of planMenu(own)) {
      const { item } = planned
      if (menuId === null) {
        run.skip('menu item of a menu not imported', 1, 'menuItems')
      } else if (item.status !== 'publish') {
        run.skip(`nav_menu_item status ${item.status || '(none)'}`, 1, 'menuItems')
      } else {
        if (planned.flattened) {
          run.problems.push({
            key: `menu-item:${item.key}`,
            message:
              'Nested deeper than 3 levels in WordPress; placed at level 3, the deepest a Folio menu has.',
          })
        }
        const input = {
          ...itemInput(run, document, targets, item),
          parentId: folioIds.get(planned.parentId) ?? null,
        }
        const result = await run.apply('menuItems', {
          key: `menu-item:${item.key}`,
          kind: 'menu-item',
          create: async (context) => (await run.writers.menus.addItem(context, menuId ?? '', input)).id,
        })
        if (result.outcome !== 'skipped' && result.id !== undefined) folioIds.set(item.postId, result.id)
      }
      await run.tick(++done)
    }
  }
}

/** The menu's Folio id; undefined in a dry run, null when it was refused. */
async function importMenu(run: ImportRun, menu: WxrMenu): Promise<string | undefined | null> {
  const slug = slugFrom(menu.slug) || slugFrom(menu.name) || 'menu'
  const location = folioLocationOf(menu)
  const result = await run.apply('menus', {
    key: `menu:${menu.slug}`,
    kind: 'menu',
    create: async (context) => {
      const service = run.writers.menus
      const name = clip(menu.name, 200) || slug
      const create = (candidate: string, at: FolioMenuLocation | 'custom') =>
        service.create(context, { name, slug: candidate, location: at, status: 'active' })
      // A menu of the same slug made by a person is left alone: the import takes the next slug.
      for (const candidate of [slug, `${slug}-wordpress`, `${slug}-wordpress-${Date.now().toString(36)}`]) {
        try {
          if (location === undefined) return (await create(candidate, 'custom')).id
          try {
            return (await create(candidate, location)).id
          } catch (err) {
            // Another active menu holds the location: this one waits at custom.
            if (!(err instanceof AppError && err.code === 'Conflict')) throw err
            return (await create(candidate, 'custom')).id
          }
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'SlugConflict')) throw err
        }
      }
      throw new AppError('ValidationFailed', phrase('imports.noFreeMenuSlug', { name }))
    },
  })
  if (result.outcome === 'existing' && result.id !== undefined && location !== undefined) {
    await placeMenu(run, `menu:${menu.slug}`, result.id, location)
  }
  return result.outcome === 'skipped' ? null : result.id
}

/**
 * Places a menu an earlier run imported (`id`) at `location` when it is still where imports left
 * menus (active, at `custom`) and no other active menu holds the location; a menu a person moved,
 * or set aside, stays.
 */
async function placeMenu(
  run: ImportRun,
  key: string,
  id: string,
  location: FolioMenuLocation,
): Promise<void> {
  const menu = await run.read((context) => run.writers.menus.get(context, id))
  if (menu === undefined || menu.location !== 'custom' || menu.status !== 'active') return
  try {
    const placed = await run.amend(key, async (context) => {
      await run.writers.menus.update(context, id, { location })
    })
    if (placed) run.counts.menus.updated++
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'Conflict')) throw err
  }
}

function itemInput(
  run: ImportRun,
  document: WxrOutline,
  targets: MenuTargets,
  item: WxrMenuItem,
): Omit<CreateMenuItemInput, 'parentId'> {
  const common = {
    target: item.target === '_blank' ? ('_blank' as const) : ('_self' as const),
    cssClasses: clip(item.classes.filter((name) => /^[A-Za-z0-9_-]+$/.test(name)).join(' '), 200),
    description: clip(item.description, 500),
  }
  const titled = (fallback: string | undefined) =>
    clip(item.title, 200) || clip(fallback ?? '', 200) || NO_TITLE
  const nowhere = (why: string) => {
    run.problems.push({
      key: `menu-item:${item.key}`,
      message: `${why}; imported as a hidden item linking to #.`,
    })
    return { ...common, ...NOWHERE, title: titled(undefined) }
  }
  if (item.kind === 'post_type') {
    const id = targets.contentIds.get(item.objectId)
    if (id === undefined)
      return nowhere(`Links to WordPress ${item.object} ${item.objectId}, which was not imported`)
    return {
      ...common,
      title: titled(document.linkedTitles.get(item.objectId)),
      type: 'content',
      referenceId: id,
    }
  }
  if (item.kind === 'taxonomy' && item.object === 'category') {
    const category = document.categories.find((candidate) => candidate.termId === item.objectId)
    const id = category === undefined ? undefined : targets.categoryIds.get(category.slug)
    if (id === undefined)
      return nowhere(`Links to WordPress category ${item.objectId}, which was not imported`)
    return { ...common, title: titled(category?.name), type: 'category', referenceId: id }
  }
  if (item.kind === 'custom') {
    const link = customLink(item.url, document.siteUrl)
    if (link === null) return nowhere(`Its URL "${clip(item.url, 100)}" is not a web, mail or phone link`)
    return { ...common, title: titled(undefined), ...link }
  }
  return nowhere(`Links to a WordPress ${item.object || item.kind}, which Folio menus cannot reference`)
}
