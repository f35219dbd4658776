import type { TableOwnership } from '../../db/ownership.js'
import {
  apiTokens,
  externalIdentities,
  memberships,
  oauthFlows,
  sessions,
  tenants,
  users,
  userTokens,
} from '../../db/schema/index.js'

/**
 * The tables the auth family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [users, sessions, userTokens, externalIdentities, oauthFlows],
  portable: {
    sessions: { export: false, why: 'platform-level: a session belongs to an account on this instance' },
  },
  reads: [
    {
      table: apiTokens,
      why: 'the auth guard resolves an API token (its role, scopes and creator) on every request it carries',
    },
    {
      table: memberships,
      why: "the guard checks a session's or a token creator's active membership and role; sign-in and the session list the user's memberships",
    },
    {
      table: tenants,
      why: "the membership checks and lists leave out deleted tenants; a user's memberships show their tenants",
    },
  ],
} satisfies TableOwnership
