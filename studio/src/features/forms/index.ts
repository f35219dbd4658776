/** Forms: the list, the builder with its live preview, and the responses (each loaded with its screen). */
import { lazyRouteComponent } from '@tanstack/react-router'

export { type FormsSearch, parseFormsSearch, parseResponsesSearch, type ResponsesSearch } from './api/search'
export { loadFormResponses, loadFormsList } from './loaders'
export const FormsListPage = lazyRouteComponent(() => import('./routes/forms-list'), 'FormsListPage')
export const FormBuilderPage = lazyRouteComponent(() => import('./routes/form-builder'), 'FormBuilderPage')
export const FormResponsesPage = lazyRouteComponent(
  () => import('./routes/form-responses'),
  'FormResponsesPage',
)
