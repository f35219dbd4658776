import { useQuery } from '@tanstack/react-query'
import { useContext } from 'react'
import { accountQuery } from '../features/auth'
import { NotFound } from './route-error'
import { InShell, Shell } from './shell'

/**
 * The not-found screen of every route: inside the signed-in frame when there is a session, so the
 * header and the navigation stay (a mistyped address is one click from where the user wanted to
 * go); alone before sign-in. Where a route inside the shell renders it (a screen's loader finding
 * nothing), the shell is already around it.
 */
export function NotFoundScreen() {
  const inShell = useContext(InShell)
  const account = useQuery({ ...accountQuery, enabled: !inShell })
  if (inShell) return <NotFound />
  if (account.isPending) return null
  return account.data ? (
    <Shell>
      <NotFound />
    </Shell>
  ) : (
    <NotFound />
  )
}
