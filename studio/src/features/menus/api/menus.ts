import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

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
    ...tenantQuery(tenantId, ['menus', 'list', { page }], (api) =>
      unwrap(api.GET('/api/menus', { params: { query: { page, limit: PAGE_SIZE } } })),
    ),
    placeholderData: keepPreviousData,
  })

/** One menu with every item as a tree (`GET /api/menus/{id}`). */
export const menuQuery = (tenantId: string, id: string) =>
  queryOptions(
    tenantQuery(
      tenantId,
      ['menus', 'one', id],
      async (api) => (await unwrap(api.GET('/api/menus/{id}', { params: { path: { id } } }))).menu,
    ),
  )

/** Creates an empty menu (`POST /api/menus`). */
export function createMenu(tenantId: string, body: MenuSettings) {
  return unwrap(tenantApi(tenantId).POST('/api/menus', { body }))
}

/** Changes the menu's name, slug, location, status or description (`PUT /api/menus/{id}`). */
export function updateMenu(tenantId: string, id: string, body: BodyOf<'updateMenu'>) {
  return unwrap(tenantApi(tenantId).PUT('/api/menus/{id}', { params: { path: { id } }, body }))
}

/** Deletes the menu and its items (`DELETE /api/menus/{id}`). */
export function deleteMenu(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/menus/{id}', { params: { path: { id } } }))
}

/** Adds an item (`POST /api/menus/{id}/items`). */
export function addItem(tenantId: string, menuId: string, body: BodyOf<'addMenuItem'>) {
  return unwrap(tenantApi(tenantId).POST('/api/menus/{id}/items', { params: { path: { id: menuId } }, body }))
}

/** Changes an item's fields, not its place (`PUT /api/menus/{id}/items/{itemId}`). */
export function updateItem(tenantId: string, menuId: string, itemId: string, body: BodyOf<'updateMenuItem'>) {
  return unwrap(
    tenantApi(tenantId).PUT('/api/menus/{id}/items/{itemId}', {
      params: { path: { id: menuId, itemId } },
      body,
    }),
  )
}

/** Deletes an item with its subtree (`DELETE /api/menus/{id}/items/{itemId}`). */
export function deleteItem(tenantId: string, menuId: string, itemId: string) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/menus/{id}/items/{itemId}', {
      params: { path: { id: menuId, itemId } },
    }),
  )
}

/** Sets the parent and position of the listed items (`POST /api/menus/{id}/items/reorder`). */
export function reorderItems(tenantId: string, menuId: string, items: BodyOf<'reorderMenuItems'>['items']) {
  return unwrap(
    tenantApi(tenantId).POST('/api/menus/{id}/items/reorder', {
      params: { path: { id: menuId } },
      body: { items },
    }),
  )
}
