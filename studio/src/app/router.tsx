import type { Permission } from '@folio/client'
import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from '@tanstack/react-router'
import { ApiTokensPage, loadApiTokens } from '../features/api-tokens'
import {
  AcceptInvitationPage,
  AcceptTransferPage,
  type Account,
  accountQuery,
  ForgotPasswordPage,
  googleErrorOf,
  ProfilePage,
  RegisterPage,
  ResetPasswordPage,
  SecurityPage,
  SignInPage,
  takeReturn,
  tokenSearch,
  transferSearch,
  VerifyEmailPage,
} from '../features/auth'
import {
  CollectionEditorPage,
  CollectionsListPage,
  EntriesListPage,
  EntryEditorPage,
  loadCollectionsList,
  loadEntriesList,
  parseEntriesSearch,
} from '../features/collections'
import {
  ContentEditorPage,
  ContentsListPage,
  loadContentsList,
  parseContentsSearch,
  parseEditContentSearch,
  parseNewContentSearch,
} from '../features/contents'
import { DashboardPage } from '../features/dashboard'
import {
  FormBuilderPage,
  FormResponsesPage,
  FormsListPage,
  loadFormResponses,
  loadFormsList,
  parseFormsSearch,
  parseResponsesSearch,
} from '../features/forms'
import {
  ImportHistoryPage,
  loadImportHistory,
  parseHistorySearch,
  parseImportSearch,
  WordPressImportPage,
} from '../features/imports'
import { loadMediaLibrary, MediaLibraryPage, parseMediaSearch } from '../features/media'
import { loadMenusList, MenuEditorPage, MenusListPage } from '../features/menus'
import { loadPagesTree, PagesTreePage } from '../features/pages'
import { loadPlacementsList, PlacementEditorPage, PlacementsListPage } from '../features/placements'
import { loadSettings, parseSettingsSearch, SettingsPage } from '../features/settings'
import {
  CategoriesPage,
  CustomFieldsPage,
  loadCategories,
  loadCustomFields,
  loadTags,
  parseTagsSearch,
  TagsPage,
} from '../features/taxonomy'
import { loadRoles, loadTeam, RoleEditorPage, RolesPage, TeamPage } from '../features/team'
import {
  CreateTenantPage,
  DeletedTenantsPage,
  loadTenantExports,
  parseCreateTenantSearch,
  TenantExportsPage,
  TenantHomePage,
  TenantLifecyclePage,
} from '../features/tenants'
import { loadWebhooks, parseDeliveriesSearch, WebhooksPage } from '../features/webhooks'
import { permissionsIn } from '../lib/permissions'
import { safeRedirect } from '../lib/redirect'
import { exactSearch, parsePageSearch } from '../lib/search-params'
import { NotFoundScreen } from './not-found'
import { RouteError } from './route-error'
import { SCREEN_PERMISSIONS } from './screen-permissions'
import { Shell } from './shell'
import { TenantLayout } from './tenant-layout'

/** What every route's loader and guard can reach. */
export interface RouterContext {
  queryClient: QueryClient
}

/** The screens' search schemas: only what each lets through reaches its screen (`exactSearch`). */
const contentsSearch = exactSearch(parseContentsSearch)
const createTenantSearch = exactSearch(parseCreateTenantSearch)
const deliveriesSearch = exactSearch(parseDeliveriesSearch)
const entriesSearch = exactSearch(parseEntriesSearch)
const formsSearch = exactSearch(parseFormsSearch)
const historySearch = exactSearch(parseHistorySearch)
const importSearch = exactSearch(parseImportSearch)
const mediaSearch = exactSearch(parseMediaSearch)
const newContentSearch = exactSearch(parseNewContentSearch)
const editContentSearch = exactSearch(parseEditContentSearch)
const pageSearch = exactSearch(parsePageSearch)
const responsesSearch = exactSearch(parseResponsesSearch)
const settingsSearch = exactSearch(parseSettingsSearch)
const tagsSearch = exactSearch(parseTagsSearch)

/** What a tenant screen's loader is given (TanStack Router's loader context, the parts read here). */
interface ScreenMatch {
  context: RouterContext & { account: Account }
  params: { tenantId: string }
  cause: 'preload' | 'enter' | 'stay'
  route: { options: { staticData?: { permission?: string } } }
}

/**
 * A tenant screen's loader (docs/decisions/studio.md "Loaders"): `load` puts the data the screen
 * shows first in the cache, with the query options the screen itself reads, so it opens with its
 * data rather than a placeholder. Nothing is asked when the member's role does not open the screen
 * (the no-access screen shows; nothing answers 403). A page or filter changed on the screen (`stay`)
 * only starts the request: the screen keeps the page it shows, marked busy, until the answer comes.
 * A failed request is left to the screen, which shows it where it happened.
 */
function screenData(
  { context, params, cause, route }: ScreenMatch,
  load: (queryClient: QueryClient) => Promise<unknown>,
): Promise<void> | undefined {
  const permission = route.options.staticData?.permission
  const granted = permissionsIn(context.account.memberships, params.tenantId)
  if (permission !== undefined && !granted.has(permission)) return undefined
  const loading = load(context.queryClient).then(
    () => undefined,
    () => undefined,
  )
  return cause === 'stay' ? undefined : loading
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundScreen,
})

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string; googleError?: string } => {
    const googleError = googleErrorOf(search.googleError)
    return {
      ...(typeof search.redirect === 'string' ? { redirect: safeRedirect(search.redirect) } : {}),
      ...(googleError === undefined ? {} : { googleError }),
    }
  },
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

const acceptTransferRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/accept-transfer',
  validateSearch: transferSearch,
  component: AcceptTransferPage,
})

/**
 * Every screen behind sign-in: without a session, sign-in first, then back here. A Google sign-in
 * that failed lands here without a session too (`?googleError=`): sign-in then says why.
 */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const account = await context.queryClient.ensureQueryData(accountQuery)
    if (account === null) {
      const googleError = googleErrorOf((location.search as Record<string, unknown>).googleError)
      throw redirect({
        to: '/login',
        search: googleError === undefined ? { redirect: location.href } : { googleError },
      })
    }
    return { account }
  },
  component: Shell,
})

const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: ({ context, location }) => {
    // Google's sign-in lands here (`?google=signed-in`); go on to where sign-in was asked for.
    // A link started on the account's security screen lands here too (`?google=linked`, or
    // `?googleError=` with the session kept): back there, with the error to show.
    const search = location.search as Record<string, unknown>
    const googleError = googleErrorOf(search.googleError)
    const back =
      search.google === 'signed-in' || search.google === 'linked' || googleError !== undefined
        ? takeReturn()
        : undefined
    if (back !== undefined && back !== '/') {
      throw redirect({ href: googleError === undefined ? back : `${back}?googleError=${googleError}` })
    }
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
  validateSearch: createTenantSearch,
  component: CreateTenantPage,
})

const deletedTenantsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/tenants/deleted',
  component: DeletedTenantsPage,
})

const profileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/profile',
  component: ProfilePage,
})

/** The account's password, Google link and deletion (docs/decisions/studio.md "Account security"). */
const securityRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/security',
  validateSearch: (search: Record<string, unknown>): { googleError?: string } => {
    const googleError = googleErrorOf(search.googleError)
    return googleError === undefined ? {} : { googleError }
  },
  component: SecurityPage,
})

/**
 * A tenant's screens: the tenant in the URL is the one every call of theirs names (`X-Tenant-ID`,
 * docs/decisions/studio.md "The tenant of every call"). Another tenant mounts them afresh, so no
 * state or kept page of one tenant is shown under another.
 */
const tenantRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/t/$tenantId',
  remountDeps: ({ params }) => params.tenantId,
  component: TenantLayout,
})

const dashboardRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/',
  staticData: { permission: SCREEN_PERMISSIONS.dashboard },
  component: DashboardPage,
})

const contentsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/contents',
  staticData: { permission: SCREEN_PERMISSIONS.contents },
  validateSearch: contentsSearch,
  loaderDeps: ({ search }) => search,
  loader: (match) =>
    screenData(match, (client) => loadContentsList(client, match.params.tenantId, match.deps)),
  component: ContentsListPage,
})

const newContentRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/contents/new',
  staticData: { permission: SCREEN_PERMISSIONS.newContent },
  validateSearch: newContentSearch,
  component: ContentEditorPage,
})

const editContentRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/contents/$contentId',
  staticData: { permission: SCREEN_PERMISSIONS.contents },
  validateSearch: editContentSearch,
  component: ContentEditorPage,
})

// The page tree: pages arranged by drag and drop or from the keyboard, each move saved at once.
const pagesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/pages',
  staticData: { permission: SCREEN_PERMISSIONS.pages },
  loader: (match) => screenData(match, (client) => loadPagesTree(client, match.params.tenantId)),
  component: PagesTreePage,
})

const mediaRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/media',
  staticData: { permission: SCREEN_PERMISSIONS.media },
  validateSearch: mediaSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: (match) =>
    screenData(match, (client) => loadMediaLibrary(client, match.params.tenantId, match.deps.page)),
  component: MediaLibraryPage,
})

const categoriesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/categories',
  staticData: { permission: SCREEN_PERMISSIONS.categories },
  loader: (match) => screenData(match, (client) => loadCategories(client, match.params.tenantId)),
  component: CategoriesPage,
})

const tagsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/tags',
  staticData: { permission: SCREEN_PERMISSIONS.tags },
  validateSearch: tagsSearch,
  loaderDeps: ({ search }) => search,
  loader: (match) => screenData(match, (client) => loadTags(client, match.params.tenantId, match.deps)),
  component: TagsPage,
})

const customFieldsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/custom-fields',
  staticData: { permission: SCREEN_PERMISSIONS.customFields },
  loader: (match) => screenData(match, (client) => loadCustomFields(client, match.params.tenantId)),
  component: CustomFieldsPage,
})

const teamRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/team',
  staticData: { permission: SCREEN_PERMISSIONS.team },
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: (match) => screenData(match, (client) => loadTeam(client, match.params.tenantId, match.deps.page)),
  component: TeamPage,
})

// Typed collections (docs/decisions/studio.md "Collection screens"): definitions, then a
// collection's entries.
const collectionsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/collections',
  staticData: { permission: SCREEN_PERMISSIONS.collections },
  loader: (match) => screenData(match, (client) => loadCollectionsList(client, match.params.tenantId)),
  component: CollectionsListPage,
})

const newCollectionRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/collections/new',
  staticData: { permission: SCREEN_PERMISSIONS.newCollection },
  component: CollectionEditorPage,
})

const collectionSchemaRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/collections/$key/schema',
  staticData: { permission: SCREEN_PERMISSIONS.collectionSchema },
  component: CollectionEditorPage,
})

const entriesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/collections/$key',
  staticData: { permission: SCREEN_PERMISSIONS.collections },
  validateSearch: entriesSearch,
  loaderDeps: ({ search }) => search,
  loader: (match) =>
    screenData(match, (client) =>
      loadEntriesList(client, match.params.tenantId, match.params.key, match.deps),
    ),
  component: EntriesListPage,
})

const newEntryRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/collections/$key/entries/new',
  staticData: { permission: SCREEN_PERMISSIONS.newEntry },
  component: EntryEditorPage,
})

const editEntryRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/collections/$key/entries/$entryId',
  staticData: { permission: SCREEN_PERMISSIONS.collections },
  component: EntryEditorPage,
})

const formsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/forms',
  staticData: { permission: SCREEN_PERMISSIONS.forms },
  validateSearch: formsSearch,
  loaderDeps: ({ search }) => search,
  loader: (match) => screenData(match, (client) => loadFormsList(client, match.params.tenantId, match.deps)),
  component: FormsListPage,
})

const formBuilderRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/forms/$formId',
  staticData: { permission: SCREEN_PERMISSIONS.forms },
  component: FormBuilderPage,
})

const formResponsesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/forms/$formId/responses',
  staticData: { permission: SCREEN_PERMISSIONS.formResponses },
  validateSearch: responsesSearch,
  loaderDeps: ({ search }) => search,
  loader: (match) =>
    screenData(match, (client) =>
      loadFormResponses(client, match.params.tenantId, match.params.formId, match.deps),
    ),
  component: FormResponsesPage,
})

const apiTokensRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/api-tokens',
  staticData: { permission: SCREEN_PERMISSIONS.apiTokens },
  loader: (match) => screenData(match, (client) => loadApiTokens(client, match.params.tenantId)),
  component: ApiTokensPage,
})

const webhooksRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/webhooks',
  staticData: { permission: SCREEN_PERMISSIONS.webhooks },
  validateSearch: deliveriesSearch,
  loaderDeps: ({ search }) => search,
  loader: (match) => screenData(match, (client) => loadWebhooks(client, match.params.tenantId, match.deps)),
  component: WebhooksPage,
})

const settingsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/settings',
  staticData: { permission: SCREEN_PERMISSIONS.settings },
  validateSearch: settingsSearch,
  loader: (match) => screenData(match, (client) => loadSettings(client, match.params.tenantId)),
  component: SettingsPage,
})

// Custom roles (docs/decisions/studio.md "Team"): the list, a new role, a role (read-only when the
// member may not change it).
const rolesRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/roles',
  staticData: { permission: SCREEN_PERMISSIONS.roles },
  loader: (match) => screenData(match, (client) => loadRoles(client, match.params.tenantId)),
  component: RolesPage,
})

const newRoleRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/roles/new',
  staticData: { permission: SCREEN_PERMISSIONS.newRole },
  component: RoleEditorPage,
})

const roleRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/roles/$roleId',
  staticData: { permission: SCREEN_PERMISSIONS.roles },
  component: RoleEditorPage,
})

// Tenant lifecycle and WordPress import (docs/decisions/studio.md "Tenant lifecycle screens",
// "WordPress import screen").
const tenantLifecycleRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/lifecycle',
  staticData: { permission: SCREEN_PERMISSIONS.tenantLifecycle },
  component: TenantLifecyclePage,
})

// Export and backups (docs/decisions/studio.md "Tenant export and import").
const tenantExportsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/exports',
  staticData: { permission: SCREEN_PERMISSIONS.tenantExports },
  loader: (match) => screenData(match, (client) => loadTenantExports(client, match.params.tenantId)),
  component: TenantExportsPage,
})

const wordpressImportRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/import',
  staticData: { permission: SCREEN_PERMISSIONS.wordpressImport },
  validateSearch: importSearch,
  component: WordPressImportPage,
})

const importHistoryRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/imports',
  staticData: { permission: SCREEN_PERMISSIONS.importHistory },
  validateSearch: historySearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: (match) =>
    screenData(match, (client) => loadImportHistory(client, match.params.tenantId, match.deps.page)),
  component: ImportHistoryPage,
})

// Placements (docs/decisions/studio.md "Placement screens"): experiences with their rules, the
// decision debugger, daily statistics.
const placementsRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/placements',
  staticData: { permission: SCREEN_PERMISSIONS.placements },
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: (match) =>
    screenData(match, (client) => loadPlacementsList(client, match.params.tenantId, match.deps.page)),
  component: PlacementsListPage,
})

const placementEditorRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/placements/$placementId',
  staticData: { permission: SCREEN_PERMISSIONS.placements },
  component: PlacementEditorPage,
})

// Navigation menus (docs/decisions/studio.md "Menu screens"): the list, then a menu's item tree.
const menusRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/menus',
  staticData: { permission: SCREEN_PERMISSIONS.menus },
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: (match) =>
    screenData(match, (client) => loadMenusList(client, match.params.tenantId, match.deps.page)),
  component: MenusListPage,
})

const menuEditorRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/menus/$menuId',
  staticData: { permission: SCREEN_PERMISSIONS.menus },
  component: MenuEditorPage,
})

const routeTree = rootRoute.addChildren([
  signInRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  acceptInvitationRoute,
  acceptTransferRoute,
  signedInRoute.addChildren([
    homeRoute,
    createTenantRoute,
    profileRoute,
    securityRoute,
    deletedTenantsRoute,
    tenantRoute.addChildren([
      dashboardRoute,
      contentsRoute,
      newContentRoute,
      editContentRoute,
      pagesRoute,
      mediaRoute,
      categoriesRoute,
      tagsRoute,
      customFieldsRoute,
      teamRoute,
      collectionsRoute,
      newCollectionRoute,
      collectionSchemaRoute,
      entriesRoute,
      newEntryRoute,
      editEntryRoute,
      formsRoute,
      formBuilderRoute,
      formResponsesRoute,
      apiTokensRoute,
      webhooksRoute,
      settingsRoute,
      rolesRoute,
      newRoleRoute,
      roleRoute,
      tenantLifecycleRoute,
      tenantExportsRoute,
      wordpressImportRoute,
      importHistoryRoute,
      placementsRoute,
      placementEditorRoute,
      menusRoute,
      menuEditorRoute,
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
    defaultNotFoundComponent: NotFoundScreen,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** What a tenant screen needs of the member's role; without it, the no-access screen shows. */
    permission?: Permission
  }
}
