/** Account: sign-in (password, Google), registration, the session and its permissions, the profile, mailed links. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { type Account, accountQuery, type Membership, signOut } from './api/session'
export { SignInPage } from './routes/sign-in'
export const RegisterPage = lazyRouteComponent(() => import('./routes/register'), 'RegisterPage')
export const ProfilePage = lazyRouteComponent(
  () => withStrings(['profile', 'validation'], import('./routes/profile')),
  'ProfilePage',
)
export const SecurityPage = lazyRouteComponent(
  () => withStrings(['security'], import('./routes/security')),
  'SecurityPage',
)
export { googleErrorOf, takeReturn } from './api/google'
export { useCan } from './api/permissions'
export { tokenSearch } from './api/recovery'
export { transferSearch } from './api/transfer'
export const ForgotPasswordPage = lazyRouteComponent(() => import('./routes/recovery'), 'ForgotPasswordPage')
export const ResetPasswordPage = lazyRouteComponent(() => import('./routes/recovery'), 'ResetPasswordPage')
export const VerifyEmailPage = lazyRouteComponent(() => import('./routes/recovery'), 'VerifyEmailPage')
export const AcceptInvitationPage = lazyRouteComponent(
  () => import('./routes/accept-invitation'),
  'AcceptInvitationPage',
)
export const AcceptTransferPage = lazyRouteComponent(
  () => import('./routes/accept-transfer'),
  'AcceptTransferPage',
)
