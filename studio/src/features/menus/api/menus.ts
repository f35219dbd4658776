import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

export type MenuSummary = AnswerOf<'listMenus'>['menus'][number]
export type Menu = AnswerOf<'getMenu'>['menu']
export type MenuSettings = BodyOf<'createMenu'>

export const MENU_LOCATIONS = ['header', 'footer', 'sidebar', 'mobile', 'custom'] as const
export const MENU_STATUSES = ['draft', 'active', 'archived'] as const
/** Menus per page of the list. */
export const PAGE_SIZE = 20

/** A page of the tenant's menus by name (`GET /api/menus`). */
export const menusQuery = (tenantId: string, page: number) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'menus', 'list', { page }],
    queryFn: () => unwrap(folio.GET('/api/menus', { params: { query: { page, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  })

/** One menu with every item as a tree (`GET /api/menus/{id}`). */
export const menuQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'menus', 'one', id],
    queryFn: async () => (await unwrap(folio.GET('/api/menus/{id}', { params: { path: { id } } }))).menu,
  })

/** Creates an empty menu (`POST /api/menus`). */
export function createMenu(body: MenuSettings) {
  return unwrap(folio.POST('/api/menus', { body }))
}

/** Changes the menu's name, slug, location, status or description (`PUT /api/menus/{id}`). */
export function updateMenu(id: string, body: BodyOf<'updateMenu'>) {
  return unwrap(folio.PUT('/api/menus/{id}', { params: { path: { id } }, body }))
}

/** Deletes the menu and its items (`DELETE /api/menus/{id}`). */
export function deleteMenu(id: string) {
  return unwrap(folio.DELETE('/api/menus/{id}', { params: { path: { id } } }))
}

/** Adds an item (`POST /api/menus/{id}/items`). */
export function addItem(menuId: string, body: BodyOf<'addMenuItem'>) {
  return unwrap(folio.POST('/api/menus/{id}/items', { params: { path: { id: menuId } }, body }))
}

/** Changes an item's fields, not its place (`PUT /api/menus/{id}/items/{itemId}`). */
export function updateItem(menuId: string, itemId: string, body: BodyOf<'updateMenuItem'>) {
  return unwrap(
    folio.PUT('/api/menus/{id}/items/{itemId}', { params: { path: { id: menuId, itemId } }, body }),
  )
}

/** Deletes an item with its subtree (`DELETE /api/menus/{id}/items/{itemId}`). */
export function deleteItem(menuId: string, itemId: string) {
  return unwrap(folio.DELETE('/api/menus/{id}/items/{itemId}', { params: { path: { id: menuId, itemId } } }))
}

/** Sets the parent and position of the listed items (`POST /api/menus/{id}/items/reorder`). */
export function reorderItems(menuId: string, items: BodyOf<'reorderMenuItems'>['items']) {
  return unwrap(
    folio.POST('/api/menus/{id}/items/reorder', { params: { path: { id: menuId } }, body: { items } }),
  )
}
