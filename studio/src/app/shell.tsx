import { ActionIcon, AppShell, Burger, Group, Menu, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconUser } from '@tabler/icons-react'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Outlet, useNavigate, useParams } from '@tanstack/react-router'
import { createContext, type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { accountQuery, signOut, useCan } from '../features/auth'
import { TenantSwitcher } from '../features/tenants'
import { pickLanguage } from '../lib/language'
import { NavLinkLink } from '../lib/links'
import { useFocusOnNavigation } from './focus-on-navigation'
import { switchLanguage } from './i18n'
import { SCREEN_PERMISSIONS } from './screen-permissions'
import classes from './shell.module.css'

/** True inside the shell's screen: what renders there needs no shell of its own (the not-found screen). */
export const InShell = createContext(false)

/**
 * The signed-in frame: a skip link, the header (tenant switcher, sign-out), the tenant's navigation,
 * the screen (`children`, else the route's). The focus moves to each new screen's heading.
 */
export function Shell({ children }: { children?: ReactNode }) {
  const { t, i18n } = useTranslation()
  const { data: account } = useSuspenseQuery(accountQuery)
  const { tenantId } = useParams({ strict: false })
  const [opened, { toggle, close }] = useDisclosure()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const can = useCan()
  const main = useRef<HTMLElement>(null)
  useFocusOnNavigation(main)
  const language = pickLanguage(account?.language, navigator.languages)
  useEffect(() => {
    if (i18n.language !== language) void switchLanguage(language)
  }, [i18n, language])
  if (account === null) return null

  // A member sees only the entries their role opens.
  const links = tenantId
    ? (
        [
          ['/t/$tenantId', 'nav.dashboard', SCREEN_PERMISSIONS.dashboard],
          ['/t/$tenantId/contents', 'nav.contents', SCREEN_PERMISSIONS.contents],
          ['/t/$tenantId/pages', 'nav.pages', SCREEN_PERMISSIONS.pages],
          ['/t/$tenantId/media', 'nav.media', SCREEN_PERMISSIONS.media],
          ['/t/$tenantId/categories', 'nav.categories', SCREEN_PERMISSIONS.categories],
          ['/t/$tenantId/tags', 'nav.tags', SCREEN_PERMISSIONS.tags],
          ['/t/$tenantId/custom-fields', 'nav.customFields', SCREEN_PERMISSIONS.customFields],
          ['/t/$tenantId/collections', 'nav.collections', SCREEN_PERMISSIONS.collections],
          ['/t/$tenantId/forms', 'nav.forms', SCREEN_PERMISSIONS.forms],
          ['/t/$tenantId/menus', 'nav.menus', SCREEN_PERMISSIONS.menus],
          ['/t/$tenantId/placements', 'nav.placements', SCREEN_PERMISSIONS.placements],
          ['/t/$tenantId/import', 'nav.wordpressImport', SCREEN_PERMISSIONS.wordpressImport],
          ['/t/$tenantId/imports', 'nav.importHistory', SCREEN_PERMISSIONS.importHistory],
          ['/t/$tenantId/team', 'nav.team', SCREEN_PERMISSIONS.team],
          ['/t/$tenantId/roles', 'nav.roles', SCREEN_PERMISSIONS.roles],
          ['/t/$tenantId/api-tokens', 'nav.apiTokens', SCREEN_PERMISSIONS.apiTokens],
          ['/t/$tenantId/webhooks', 'nav.webhooks', SCREEN_PERMISSIONS.webhooks],
          ['/t/$tenantId/settings', 'nav.settings', SCREEN_PERMISSIONS.settings],
          ['/t/$tenantId/exports', 'nav.exports', SCREEN_PERMISSIONS.tenantExports],
          ['/t/$tenantId/lifecycle', 'nav.lifecycle', SCREEN_PERMISSIONS.tenantLifecycle],
        ] as const
      ).filter(([, , permission]) => can(permission))
    : []

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: links.length === 0 } }}
      padding="md"
    >
      <AppShell.Header>
        {/* biome-ignore lint/a11y/useValidAnchor: a skip link; the router owns the address, so it moves the focus itself */}
        <a
          href="#main"
          className={classes.skipLink}
          onClick={(event) => {
            event.preventDefault()
            main.current?.focus()
          }}
        >
          {t('nav.skip')}
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            {links.length > 0 && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.toggle')}
              />
            )}
            <Text fw={700} visibleFrom="xs">
              {t('app.name')}
            </Text>
            <TenantSwitcher account={account} tenantId={tenantId} />
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" radius="xl" size="lg" aria-label={t('nav.account')}>
                <IconUser size={20} stroke={1.6} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{account.user.email}</Menu.Label>
              <Menu.Item onClick={() => navigate({ to: '/profile' })}>{t('nav.profile')}</Menu.Item>
              <Menu.Item onClick={() => navigate({ to: '/security', search: {} })}>
                {t('nav.security')}
              </Menu.Item>
              <Menu.Item
                onClick={async () => {
                  await signOut().catch(() => undefined)
                  queryClient.clear()
                  await navigate({ to: '/login', search: {} })
                }}
              >
                {t('auth.signOut')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      {links.length > 0 && tenantId && (
        // Scrolls on its own: a tenant's full list of screens is taller than a laptop's viewport.
        <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')} style={{ overflowY: 'auto' }}>
          {links.map(([to, label]) => (
            <NavLinkLink
              key={to}
              to={to}
              params={{ tenantId }}
              activeOptions={{ exact: to === '/t/$tenantId' }}
              label={t(label)}
              variant="filled"
              onClick={close}
            />
          ))}
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" ref={main} tabIndex={-1} className={classes.main}>
        <InShell.Provider value={true}>{children ?? <Outlet />}</InShell.Provider>
      </AppShell.Main>
    </AppShell>
  )
}
