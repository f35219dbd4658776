import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { Center, Loader, MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setUpI18n } from './app/i18n'
import { createAppRouter } from './app/router'
import { cssVariables, theme } from './app/theme'
import { isUnauthorized } from './lib/errors'

/** A 401 from any call means the session ended: back to sign-in, then to where the user was. */
function onError(error: unknown) {
  if (!isUnauthorized(error) || router.state.location.pathname === '/login') return
  queryClient.clear()
  void router.navigate({ to: '/login', search: { redirect: router.state.location.href } })
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will answer the same again; only network failures and 5xx are retried.
      retry: (count, error) =>
        count < 2 && !(error instanceof Error && 'status' in error && Number(error.status) < 500),
    },
  },
})
const router = createAppRouter(queryClient)

// The first screen renders once its language's strings are here (app/i18n.ts).
void setUpI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider
            router={router}
            defaultPendingComponent={() => (
              <Center p="xl">
                <Loader aria-label="…" />
              </Center>
            )}
          />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
)
