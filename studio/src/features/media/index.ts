/** Media: the library, with uploads through the presigned flow. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { type Media, uploadMedia } from './api/media'
export { type MediaSearch, parseMediaSearch } from './api/search'
export { loadMediaLibrary } from './loaders'

export const MediaLibraryPage = lazyRouteComponent(
  () => withStrings(['media'], import('./routes/media-library')),
  'MediaLibraryPage',
)
