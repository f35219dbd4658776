/**
 * The menu editor's draft: every item in tree order with its depth (a flat tree, lib/flat-tree.ts,
 * whose moves keep it no deeper than the API allows: MAX_DEPTH).
 */
import { type FlatNode, flattenTree } from '../../../lib/flat-tree'
import { type Translations, translationsOf } from '../../../lib/translations'

/** Deepest nesting the API accepts (src/modules/menus/tree.ts MAX_DEPTH: a root item is 1). */
export const MAX_DEPTH = 3

export const ITEM_TYPES = ['content', 'category', 'form', 'external', 'custom'] as const
export type ItemType = (typeof ITEM_TYPES)[number]
export const REFERENCE_TYPES: ReadonlySet<ItemType> = new Set(['content', 'category', 'form'])

/** What the editor changes of an item (the API keeps the rest: classes, icon, description). */
export interface ItemFields {
  title: string
  type: ItemType
  url: string | null
  referenceId: string | null
  target: '_self' | '_blank'
  isVisible: boolean
  /** Its title in the tenant's other locales (`{ tr: { title: 'Hakkımızda' } }`). */
  translations: Translations
}

export interface DraftItem extends ItemFields, FlatNode {
  /** Stable in the editor: the item's id once stored, `new-<n>` before. */
  key: string
  /** The stored item's id; null until the first save creates it. */
  id: string | null
}

/** An item of the API's tree (`GET /api/menus/{id}`): its fields and its children. */
export interface TreeNode extends Omit<ItemFields, 'translations'> {
  id: string
  translations?: unknown
  children: unknown[]
}

/** The API's tree as the editor's flat list. */
export function flatten(nodes: readonly TreeNode[]): DraftItem[] {
  return flattenTree(nodes, (node, depth) => ({
    key: node.id,
    id: node.id,
    depth,
    title: node.title,
    type: node.type,
    url: node.url,
    referenceId: node.referenceId,
    target: node.target,
    isVisible: node.isVisible,
    translations: translationsOf(node.translations),
  }))
}

const PICK_PROBLEMS = {
  content: 'menus.problems.content',
  category: 'menus.problems.category',
  form: 'menus.problems.form',
} as const

/** Why an item cannot be saved as it is, by field (message keys); empty when it can. */
export function itemProblems(item: ItemFields): Partial<Record<'title' | 'url' | 'referenceId', string>> {
  const problems: Partial<Record<'title' | 'url' | 'referenceId', string>> = {}
  if (item.title.trim() === '') problems.title = 'menus.problems.title'
  if (REFERENCE_TYPES.has(item.type)) {
    if (item.referenceId === null)
      problems.referenceId = PICK_PROBLEMS[item.type as 'content' | 'category' | 'form']
  } else if (item.type === 'external') {
    if (!isExternalUrl(item.url ?? '')) problems.url = 'menus.problems.external'
  } else if (!/^(\/(?![/\\])|#|\?)\S*$/.test(item.url ?? '')) {
    problems.url = 'menus.problems.custom'
  }
  return problems
}

/** An absolute http(s), mailto: or tel: URL: what the API takes for an external item. */
export function isExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol) && !/\s/.test(url)
  } catch {
    return false
  }
}
