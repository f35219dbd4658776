/** The tenant's API tokens: list, create (the plaintext shown once), revoke. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { tokensQuery } from './api/tokens'

export const ApiTokensPage = lazyRouteComponent(() => import('./routes/api-tokens'), 'ApiTokensPage')
