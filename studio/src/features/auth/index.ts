/** Account: sign-in, registration, the session, the user's profile. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { type Account, accountQuery, type Membership, signOut } from './api/session'
export { SignInPage } from './routes/sign-in'
export const RegisterPage = lazyRouteComponent(() => import('./routes/register'), 'RegisterPage')
export const ProfilePage = lazyRouteComponent(() => import('./routes/profile'), 'ProfilePage')
