/** The tenant's API tokens: list, create (the plaintext shown once), revoke. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { loadApiTokens } from './loaders'
export const ApiTokensPage = lazyRouteComponent(
  () => withStrings(['tenantId', 'tokens', 'validation'], import('./routes/api-tokens')),
  'ApiTokensPage',
)
