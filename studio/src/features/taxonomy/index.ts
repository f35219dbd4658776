/**
 * Taxonomy: the category tree, tags and custom field definitions, each loaded with its screen;
 * the editor's and the contents list's pickers read categories and tags through here.
 */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { type Category, categoriesQuery } from './api/categories'
export { parseTagsSearch, type TagsSearch } from './api/search'
export { createTag, type Tag, tagsQuery } from './api/tags'
export { inTreeOrder } from './api/tree'
export { loadCategories, loadCustomFields, loadTags } from './loaders'
export const CategoriesPage = lazyRouteComponent(
  () => withStrings(['taxonomy', 'translations', 'validation'], import('./routes/categories')),
  'CategoriesPage',
)
export const TagsPage = lazyRouteComponent(
  () => withStrings(['taxonomy', 'translations', 'validation'], import('./routes/tags')),
  'TagsPage',
)
export const CustomFieldsPage = lazyRouteComponent(
  () => withStrings(['taxonomy', 'validation'], import('./routes/custom-fields')),
  'CustomFieldsPage',
)
