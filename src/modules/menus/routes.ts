import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import {
  CreateMenuBody,
  CreateMenuItemBody,
  ListMenusQuery,
  MenuBody,
  MenuItemBody,
  MenuItemParams,
  MenuPage,
  MenuParams,
  MoveMenuItemBody,
  ReorderMenuItemsBody,
  UpdateMenuBody,
  UpdateMenuItemBody,
} from './schemas.js'
import type { MenusService } from './service.js'

const tags = ['menus']
const view = { auth: 'tenant', permission: 'menus:view' } as const
const edit = { auth: 'tenant', permission: 'menus:update' } as const
const TREE_ERRORS =
  '400 ValidationFailed for a parent outside the menu, an item moved under itself or its own descendant, or nesting deeper than 3 levels.'

/**
 * `/api/menus`: navigation menus and their item trees (docs/decisions/menus-and-placements.md).
 * Every route is gated by a `menus:*` permission; item changes need `menus:update`
 * (docs/decisions/menus-and-placements.md "Menus are permission-gated and whitelisted").
 */
export const menusRoutes: FastifyPluginAsyncTypebox<{ service: MenusService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: view,
      schema: {
        tags,
        operationId: 'listMenus',
        summary: 'List menus',
        description:
          'Menus by name with their item counts, filtered by status, location or part of the name. Permission menus:view.',
        querystring: ListMenusQuery,
        response: { 200: MenuPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request), request.query),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'menus:create' },
      schema: {
        tags,
        operationId: 'createMenu',
        summary: 'Create a menu',
        description:
          'Creates an empty menu (default location header, status draft); the slug comes from `slug` or the name. Permission menus:create. 409 SlugConflict for a taken slug, 409 Conflict when another active menu holds the location (one active menu per location except custom).',
        querystring: TenantOnlyQuery,
        body: CreateMenuBody,
        response: { 200: MenuBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ menu: await service.create(tenantContext(request), request.body) }),
  )

  app.get(
    '/:id',
    {
      config: view,
      schema: {
        tags,
        operationId: 'getMenu',
        summary: 'Get a menu with its item tree',
        description:
          'The menu and all its items (hidden ones too) nested by parent, each level by position. Permission menus:view. 404 when missing or another tenant’s.',
        params: MenuParams,
        querystring: TenantOnlyQuery,
        response: { 200: MenuBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ menu: await service.get(tenantContext(request), request.params.id) }),
  )

  app.put(
    '/:id',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'updateMenu',
        summary: 'Update a menu',
        description:
          'Changes the given fields of the menu itself. Permission menus:update. 404 when missing; 409 SlugConflict or Conflict (location) as on create.',
        params: MenuParams,
        querystring: TenantOnlyQuery,
        body: UpdateMenuBody,
        response: { 200: MenuBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      menu: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'menus:delete' },
      schema: {
        tags,
        operationId: 'deleteMenu',
        summary: 'Delete a menu',
        description: 'Deletes the menu and all its items. Permission menus:delete. 404 when missing.',
        params: MenuParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(tenantContext(request), request.params.id)
      return { success: true }
    },
  )

  app.post(
    '/:id/items',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'addMenuItem',
        summary: 'Add an item to a menu',
        description: `Adds an item under parentId (default root) at position (default last). custom items need a site path url, external items an http(s)/mailto/tel url, content/category/form items a referenceId of this tenant. At most 500 items per menu. Permission menus:update. 404 for a missing menu. ${TREE_ERRORS}`,
        params: MenuParams,
        querystring: TenantOnlyQuery,
        body: CreateMenuItemBody,
        response: { 200: MenuItemBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      item: await service.addItem(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.post(
    '/:id/items/reorder',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'reorderMenuItems',
        summary: 'Rearrange several items',
        description: `Sets parentId and position of the listed items, then renumbers each sibling group 0..n-1; answers the whole menu. Permission menus:update. 404 for a missing menu. ${TREE_ERRORS}`,
        params: MenuParams,
        querystring: TenantOnlyQuery,
        body: ReorderMenuItemsBody,
        response: { 200: MenuBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      menu: await service.reorderItems(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.put(
    '/:id/items/:itemId',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'updateMenuItem',
        summary: 'Update a menu item',
        description:
          'Changes the given fields of an item (its place changes through move). Changing between link and reference types clears the member the new type does not use. Permission menus:update. 404 for a missing menu or item.',
        params: MenuItemParams,
        querystring: TenantOnlyQuery,
        body: UpdateMenuItemBody,
        response: { 200: MenuItemBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      item: await service.updateItem(
        tenantContext(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
  )

  app.delete(
    '/:id/items/:itemId',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'deleteMenuItem',
        summary: 'Delete a menu item and its children',
        description:
          'Deletes the item with its whole subtree and closes the gap among its siblings. Permission menus:update. 404 for a missing menu or item.',
        params: MenuItemParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.removeItem(tenantContext(request), request.params.id, request.params.itemId)
      return { success: true }
    },
  )

  app.post(
    '/:id/items/:itemId/move',
    {
      config: edit,
      schema: {
        tags,
        operationId: 'moveMenuItem',
        summary: 'Move a menu item',
        description: `Moves the item with its subtree under parentId (null = root) at position (past the end = last), shifting its old and new siblings; answers the whole menu. Permission menus:update. 404 for a missing menu or item. ${TREE_ERRORS}`,
        params: MenuItemParams,
        querystring: TenantOnlyQuery,
        body: MoveMenuItemBody,
        response: { 200: MenuBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      menu: await service.moveItem(
        tenantContext(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
  )
}
