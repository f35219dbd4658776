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
  // Typed collections (issue 19): the schema builder needs the right to change definitions.
  collections: 'collections:view',
  newCollection: 'collections:create',
  collectionSchema: 'collections:update',
  newEntry: 'collections:create',
} as const
