import type { Permission } from '@folio/client'

/**
 * What each tenant screen needs of the member's role (the API's `resource:action` permissions of
 * the calls the screen makes to show itself): its route's guard and its navigation entry read it.
 */
export const SCREEN_PERMISSIONS = {
  dashboard: 'dashboard:view',
  contents: 'content:view',
  newContent: 'content:create',
  // The page tree is read with the contents; its moves ask content:update.
  pages: 'content:view',
  media: 'media:view',
  categories: 'categories:view',
  // Tags and custom field definitions are read with the contents they describe.
  tags: 'content:view',
  customFields: 'content:view',
  team: 'users:view',
  // Tenant administration (docs/decisions/studio.md "Tenant administration screens"): tokens, the
  // webhook's log, settings.
  apiTokens: 'api-tokens:view',
  webhooks: 'webhooks:view',
  settings: 'settings:view',
  // Forms (docs/decisions/studio.md "Forms screens"): the builder and the responses are read with
  // forms:view; changes ask more.
  forms: 'forms:view',
  formResponses: 'forms:view',
  // Typed collections (docs/decisions/studio.md "Collection screens"): the schema builder needs the
  // right to change definitions.
  collections: 'collections:view',
  newCollection: 'collections:create',
  collectionSchema: 'collections:update',
  newEntry: 'collections:create',
  // Custom roles (docs/decisions/studio.md "Team"): a role opens read-only with roles:view; saving
  // asks roles:update.
  roles: 'roles:view',
  newRole: 'roles:create',
  // Tenant lifecycle (docs/decisions/studio.md "Tenant lifecycle screens"): the API lets only
  // owners transfer or delete, which no permission tells apart from admins (tenants:manage); the
  // screen reads the role and says so to admins.
  tenantLifecycle: 'tenants:delete',
  // WordPress import: starting one is a tenant-wide change (docs/decisions/imports.md).
  wordpressImport: 'tenants:update',
  // Export and backups (docs/decisions/studio.md "Tenant export and import"): the API lets members
  // with tenants:update list, start, download and delete exports.
  tenantExports: 'tenants:update',
  // The import history reads what GET /api/imports/{id} reads: following imports is tenants:view.
  importHistory: 'tenants:view',
  // Placements (docs/decisions/studio.md "Placement screens"): the editor is read with
  // placements:view; its changes ask more.
  placements: 'placements:view',
  // Navigation menus (docs/decisions/studio.md "Menu screens"): the editor opens with menus:view;
  // its changes ask menus:update.
  menus: 'menus:view',
} as const satisfies Record<string, Permission>
