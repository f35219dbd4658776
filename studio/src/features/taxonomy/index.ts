/** Taxonomy: categories (a tree) and tags; the editor's pickers read them through here. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { type Category, categoriesQuery, createTag, type Tag, tagsQuery } from './api/taxonomy'
export { inTreeOrder } from './api/tree'
export const CategoriesPage = lazyRouteComponent(() => import('./routes/categories'), 'CategoriesPage')
export const TagsPage = lazyRouteComponent(() => import('./routes/tags'), 'TagsPage')
