/** Media: the library, with uploads through the presigned flow. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { type Media, uploadMedia } from './api/media'
export { type MediaSearch, parseMediaSearch } from './api/search'
export { loadMediaLibrary } from './loaders'

export const MediaLibraryPage = lazyRouteComponent(() => import('./routes/media-library'), 'MediaLibraryPage')
