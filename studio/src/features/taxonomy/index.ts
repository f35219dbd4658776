/** Taxonomy: the category tree, tags and custom field definitions, each loaded with its screen. */
import { lazyRouteComponent } from '@tanstack/react-router'

export const CategoriesPage = lazyRouteComponent(() => import('./routes/categories'), 'CategoriesPage')
export const TagsPage = lazyRouteComponent(() => import('./routes/tags'), 'TagsPage')
export const CustomFieldsPage = lazyRouteComponent(() => import('./routes/custom-fields'), 'CustomFieldsPage')
