/** The tenant's API tokens: list, create (the plaintext shown once), revoke. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { loadApiTokens } from './loaders'
export const ApiTokensPage = lazyRouteComponent(() => import('./routes/api-tokens'), 'ApiTokensPage')
