import type { Config } from '../../config.js'
import { type AccountContext, accountContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { isPlatformAdmin as listedAndVerified } from '../auth/index.js'
import { createFeatureFlagsRepository, type FeatureFlagRow } from './repository.js'
import type { CreateFeatureFlagBody, FeatureFlag } from './schemas.js'

/**
 * The platform's feature-flag catalogue (API contract: `/api/feature-flags`;
 * docs/decisions/tenancy.md "Feature flags": only platform administrators write it). Tenants switch
 * flags in their settings' `features`; the effective value is
 * `TenantSettingsReader.featureEnabled`.
 *
 * The catalogue is global, so creating a flag records an account event (`feature-flag.created`, no
 * tenant; docs/decisions/jobs-and-events.md "Account events have no tenant"); no tenant's activity
 * log shows it.
 */
export function createFeatureFlagsService(deps: {
  db: Db
  config: Pick<Config, 'platformAdminEmails'>
  events: EventSink
}) {
  const { config } = deps
  const repository = createFeatureFlagsRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  /** A platform administrator: listed in `PLATFORM_ADMIN_EMAILS` with a verified e-mail. */
  async function isPlatformAdmin(userId: string): Promise<boolean> {
    const user = await repository.findUserEmail(userId)
    return (
      user !== undefined &&
      listedAndVerified(config.platformAdminEmails, {
        email: user.email,
        emailVerified: user.verifiedAt !== null,
      })
    )
  }

  return {
    /** `GET /api/feature-flags`: every flag, by key. */
    async list(): Promise<{ flags: FeatureFlag[] }> {
      return { flags: (await repository.list()).map(toFlag) }
    },

    /**
     * `POST /api/feature-flags`. @throws Forbidden (not a platform administrator), Conflict (the
     * key exists).
     */
    async create(
      userId: string,
      body: CreateFeatureFlagBody,
      client: AccountContext['client'],
    ): Promise<FeatureFlag> {
      if (!(await isPlatformAdmin(userId))) {
        throw errors.forbidden('featureFlags.adminsOnly')
      }
      const now = new Date()
      const values = {
        id: newId(),
        key: body.key,
        label: body.label.trim(),
        description: body.description ?? '',
        defaultEnabled: body.defaultEnabled ?? false,
        notes: body.notes ?? '',
        createdAt: now,
        updatedAt: now,
      }
      const row = await write(accountContext(userId, client), async (tx, emit) => {
        const inserted = await createFeatureFlagsRepository(tx).insert(values)
        if (inserted === undefined) return undefined
        emit({
          type: 'feature-flag.created',
          subjectId: inserted.id,
          payload: { id: inserted.id, key: inserted.key, defaultEnabled: inserted.defaultEnabled },
        })
        return inserted
      })
      if (row === undefined) throw errors.conflict(phrase('featureFlags.keyExists', { key: body.key }))
      return toFlag(row)
    },
  }
}

export type FeatureFlagsService = ReturnType<typeof createFeatureFlagsService>

function toFlag(row: FeatureFlagRow): FeatureFlag {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    description: row.description,
    defaultEnabled: row.defaultEnabled,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
