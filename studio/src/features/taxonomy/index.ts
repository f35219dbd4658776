/**
 * Taxonomy: the category tree, tags and custom field definitions, each loaded with its screen;
 * the editor's and the contents list's pickers read categories and tags through here.
 */
import { lazyRouteComponent } from '@tanstack/react-router'

export { type Category, categoriesQuery } from './api/categories'
export { parseTagsSearch, type TagsSearch } from './api/search'
export { createTag, type Tag, tagsQuery } from './api/tags'
export { inTreeOrder } from './api/tree'
export { loadCategories, loadCustomFields, loadTags } from './loaders'
export const CategoriesPage = lazyRouteComponent(() => import('./routes/categories'), 'CategoriesPage')
export const TagsPage = lazyRouteComponent(() => import('./routes/tags'), 'TagsPage')
export const CustomFieldsPage = lazyRouteComponent(() => import('./routes/custom-fields'), 'CustomFieldsPage')
