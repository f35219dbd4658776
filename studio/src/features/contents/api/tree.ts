import { unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantQuery } from '../../../app/tenant'

/** The types Studio always offers: the API's default and pages (docs/decisions/content.md). */
export const BUILT_IN_TYPES = ['post', 'page'] as const

/** A content of the tree of one type (`GET /api/contents/tree`), with its children in order. */
export interface ContentTreeNode {
  id: string
  slug: string
  title: string
  status: string
  order: number
  /** The stored parent; on a root, a content of another type, or null. */
  parentId: string | null
  children: ContentTreeNode[]
}

/** The types the tenant's contents have, A→Z (`GET /api/contents/types`). */
export const contentTypesQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'types'], (api) => unwrap(api.GET('/api/contents/types'))),
    // Read afresh on each screen that offers types: a save elsewhere may have added one.
    staleTime: 0,
  })

/** Every content of `type` the member may read, nested by parent (`GET /api/contents/tree`). */
export const contentTreeQuery = (tenantId: string, type: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'tree', type], async (api) => {
      const answer = await unwrap(api.GET('/api/contents/tree', { params: { query: { type } } }))
      return answer.tree as ContentTreeNode[]
    }),
    // Read afresh on each screen that shows it: the editor's saves move pages too.
    staleTime: 0,
  })

/** Post, page, then the tenant's own types in use (and `current`, when it is none of them). */
export function typeChoices(inUse: readonly string[], current?: string): string[] {
  const own = [...inUse, ...(current === undefined ? [] : [current])].filter(
    (type) => !(BUILT_IN_TYPES as readonly string[]).includes(type),
  )
  return [...BUILT_IN_TYPES, ...[...new Set(own)].sort()]
}

/** A parent the picker offers: the content's id, title and the titles from the root down to it. */
export interface ParentChoice {
  id: string
  title: string
  /** Ancestors' titles then the content's own, root first. */
  path: string[]
}

/**
 * Every content of `tree` that may be `contentId`'s parent, in tree order: all but the content
 * itself and its subtree (which the API would refuse as a cycle). Deeper refusals (a tree past 8
 * levels, a cycle through a content of another type) are the API's to name.
 */
export function parentChoices(
  tree: readonly ContentTreeNode[],
  contentId: string | undefined,
): ParentChoice[] {
  const choices: ParentChoice[] = []
  const walk = (nodes: readonly ContentTreeNode[], above: string[]) => {
    for (const node of nodes) {
      if (node.id === contentId) continue
      const path = [...above, node.title]
      choices.push({ id: node.id, title: node.title, path })
      walk(node.children, path)
    }
  }
  walk(tree, [])
  return choices
}
