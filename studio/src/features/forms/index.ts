/** Forms: the list, the builder with its live preview, and the responses (each loaded with its screen). */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { type FormsSearch, parseFormsSearch, parseResponsesSearch, type ResponsesSearch } from './api/search'
export { loadFormResponses, loadFormsList } from './loaders'
export const FormsListPage = lazyRouteComponent(
  () => withStrings(['forms'], import('./routes/forms-list')),
  'FormsListPage',
)
export const FormBuilderPage = lazyRouteComponent(
  () => withStrings(['forms', 'validation'], import('./routes/form-builder')),
  'FormBuilderPage',
)
export const FormResponsesPage = lazyRouteComponent(
  () => withStrings(['forms'], import('./routes/form-responses')),
  'FormResponsesPage',
)
