/**
 * What each tenant screen needs of the member's role (the API's `resource:action` permissions of
 * the calls the screen makes to show itself): its route's guard and its navigation entry read it.
 */
export const SCREEN_PERMISSIONS = {
  dashboard: 'dashboard:view',
  contents: 'content:view',
  newContent: 'content:create',
  media: 'media:view',
  categories: 'categories:view',
  // Tags and custom field definitions are read with the contents they describe.
  tags: 'content:view',
  customFields: 'content:view',
  team: 'users:view',
  // Tenant administration (issue 19): tokens, the webhook's log, settings.
  apiTokens: 'api-tokens:view',
  webhooks: 'webhooks:view',
  settings: 'settings:view',
  // Forms (issue 19): the builder and the responses are read with forms:view; changes ask more.
  forms: 'forms:view',
  formResponses: 'forms:view',
  // Typed collections (issue 19): the schema builder needs the right to change definitions.
  collections: 'collections:view',
  newCollection: 'collections:create',
  collectionSchema: 'collections:update',
  newEntry: 'collections:create',
  // Navigation menus (issue 19): the editor opens with menus:view; its changes ask menus:update.
  menus: 'menus:view',
} as const
