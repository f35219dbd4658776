import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from '@tanstack/react-router'
import {
  AcceptInvitationPage,
  accountQuery,
  ForgotPasswordPage,
  ProfilePage,
  RegisterPage,
  ResetPasswordPage,
  SignInPage,
  tokenSearch,
  VerifyEmailPage,
} from '../features/auth'
import { ContentEditorPage, ContentsListPage, parseContentsSearch } from '../features/contents'
import { DashboardPage } from '../features/dashboard'
import { MediaLibraryPage } from '../features/media'
import { CategoriesPage, CustomFieldsPage, TagsPage } from '../features/taxonomy'
import { CreateTenantPage, TenantHomePage } from '../features/tenants'
import { safeRedirect } from '../lib/redirect'
import { folio } from './api'
import { NotFound, RouteError } from './route-error'
import { Shell } from './shell'

/** What every route's loader and guard can reach. */
export interface RouterContext {
  queryClient: QueryClient
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
})

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: safeRedirect(search.redirect) } : {},
  component: SignInPage,
})

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: RegisterPage,
})

/** Account screens reached without a session, often from a mailed link carrying `?token=`. */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/forgot-password',
  component: ForgotPasswordPage,
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/reset-password',
  validateSearch: tokenSearch,
  component: ResetPasswordPage,
})

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/verify-email',
  validateSearch: tokenSearch,
  component: VerifyEmailPage,
})

const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/accept-invitation',
  validateSearch: tokenSearch,
  component: AcceptInvitationPage,
})

/** Every screen behind sign-in: without a session, sign-in first, then back here. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const account = await context.queryClient.ensureQueryData(accountQuery)
    if (account === null) throw redirect({ to: '/login', search: { redirect: location.href } })
    return { account }
  },
  component: Shell,
})

const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const active = context.account.activeMembership
    if (active && active.status === 'active') {
      throw redirect({ to: '/t/$tenantId', params: { tenantId: active.tenantId } })
    }
  },
  component: TenantHomePage,
})

const createTenantRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/tenants/new',
  component: CreateTenantPage,
})

const profileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/profile',
  component: ProfilePage,
})

/** A tenant's screens: the tenant in the URL is the one every call acts on (`X-Tenant-ID`). */
const tenantRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/t/$tenantId',
  beforeLoad: ({ params }) => {
    folio.setTenant(params.tenantId)
  },
  component: Outlet,
})

const dashboardRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/',
  component: DashboardPage,
})

const contentsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/contents',
  validateSearch: parseContentsSearch,
  component: ContentsListPage,
})

const newContentRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/contents/new',
  component: ContentEditorPage,
})

const editContentRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/contents/$contentId',
  component: ContentEditorPage,
})

const mediaRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/media',
  component: MediaLibraryPage,
})

const categoriesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/categories',
  component: CategoriesPage,
})

const tagsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/tags',
  component: TagsPage,
})

const customFieldsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/custom-fields',
  component: CustomFieldsPage,
})

const routeTree = rootRoute.addChildren([
  signInRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  acceptInvitationRoute,
  signedInRoute.addChildren([
    homeRoute,
    createTenantRoute,
    profileRoute,
    tenantRoute.addChildren([
      dashboardRoute,
      contentsRoute,
      newContentRoute,
      editContentRoute,
      mediaRoute,
      categoriesRoute,
      tagsRoute,
      customFieldsRoute,
    ]),
  ]),
])

/** The app's router: served under `/admin`, an error boundary on every route. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: '/admin',
    context: { queryClient },
    defaultErrorComponent: RouteError,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
