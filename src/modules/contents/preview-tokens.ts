import type { PreviewGrant, TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import type { Permission } from '../../permissions.js'
import { previewUrlOf, type TenantSettingsReader } from '../tenant-settings/index.js'
import { createPreviewTokensRepository } from './preview-repository.js'
import {
  PREVIEW_TOKEN_MAX_SECONDS,
  type PreviewTokenAnswer,
  type PreviewTokenBody,
} from './preview-schemas.js'
import { createPreviewStatements } from './preview-statements.js'

/** What every preview token starts with, so a misplaced one is recognised (and refused) at once. */
export const PREVIEW_TOKEN_PREFIX = 'fpv_'
/** The permission issuing a token takes, and the one its creator must keep for it to read. */
const PREVIEW_PERMISSION: Permission = 'content:preview'
/** The hourly sweep that removes expired tokens (they read nothing: only the table's size is at stake). */
export const PREVIEW_TOKENS_SWEEP_JOB = 'contents.preview-tokens-sweep'

/**
 * What a token's creator may do in the tenant now (the auth family's credentials): a user's
 * membership role and its permissions, or an API token's permissions.
 */
export interface CreatorAccess {
  membershipRole(userId: string, tenantId: string): Promise<string | undefined>
  rolePermissions(tenantId: string, role: string): Promise<ReadonlySet<Permission>>
  apiTokenPermissions(tenantId: string, tokenId: string): Promise<ReadonlySet<Permission>>
}

/**
 * Draft preview tokens (docs/decisions/preview.md): a token reads the latest draft of one content's
 * translation group through the public routes, for at most an hour. Only its SHA-256 is stored.
 * Deleting the content deletes its tokens (the foreign key); the creator's access (an active
 * membership whose role grants `content:preview`, or a live API token that does) is checked at each
 * read, so a creator removed, suspended or demoted takes their tokens' reach with them.
 */
export function createPreviewTokens(deps: {
  db: Db
  settings: TenantSettingsReader
  access: CreatorAccess
  now?: () => Date
}) {
  const { db, settings, access } = deps
  const now = deps.now ?? (() => new Date())
  const repository = createPreviewTokensRepository(db)
  const statements = createPreviewStatements(db)

  /** Whether the creator of `row` may still preview the tenant's content. */
  async function creatorMayPreview(
    tenantId: string,
    row: { createdBy: string | null; apiTokenId: string | null },
  ) {
    if (row.apiTokenId !== null) {
      return (await access.apiTokenPermissions(tenantId, row.apiTokenId)).has(PREVIEW_PERMISSION)
    }
    if (row.createdBy === null) return false
    const role = await access.membershipRole(row.createdBy, tenantId)
    if (role === undefined) return false
    return (await access.rolePermissions(tenantId, role)).has(PREVIEW_PERMISSION)
  }

  return {
    /**
     * `POST /api/contents/{id}/preview-token`: a new token for the content's translation group,
     * valid `expiresInSeconds` (60..3600, default 3600), and the tenant's preview URL for the
     * content's type filled in (null without a template). The route checks `content:preview`.
     * @throws NotFound when the tenant has no such content.
     */
    async issue(
      context: TenantContext,
      id: string,
      input: PreviewTokenBody = {},
    ): Promise<PreviewTokenAnswer> {
      const { tenantId } = context
      const [target] = await statements.target().execute({ tenantId, id: id.toLowerCase() })
      if (target === undefined) throw errors.notFound('Content')
      const token = `${PREVIEW_TOKEN_PREFIX}${randomToken(32)}`
      const expiresAt = new Date(
        now().getTime() + (input.expiresInSeconds ?? PREVIEW_TOKEN_MAX_SECONDS) * 1000,
      )
      await repository.insert(tenantId, {
        id: newId(),
        translationGroupId: target.translationGroupId,
        contentId: target.id,
        tokenHash: sha256Hex(token),
        createdBy: context.actor.kind === 'user' ? context.actor.userId : null,
        apiTokenId: context.actor.kind === 'apiToken' ? context.actor.tokenId : null,
        expiresAt,
      })
      const { preview } = await settings.get(tenantId)
      const url = previewUrlOf(preview.urls, {
        token,
        slug: target.slug,
        locale: target.locale,
        id: target.id,
        type: target.type,
      })
      return { token, expiresAt: expiresAt.toISOString(), url }
    },

    /**
     * What `token` grants in `tenantId` now, or undefined: unknown, expired, another tenant's, or
     * its creator lost access (docs/decisions/preview.md "Revocation").
     */
    async verify(tenantId: string, token: string): Promise<PreviewGrant | undefined> {
      if (!token.startsWith(PREVIEW_TOKEN_PREFIX)) return undefined
      const row = await repository.findLive(tenantId, sha256Hex(token), now())
      if (row === undefined || !(await creatorMayPreview(tenantId, row))) return undefined
      return Object.freeze({
        tokenId: row.id,
        contentId: row.contentId,
        translationGroupId: row.translationGroupId,
      })
    },

    /** Removes every tenant's expired tokens; the number removed. */
    sweep(): Promise<number> {
      return repository.deleteExpired(now())
    },
  }
}

export type PreviewTokens = ReturnType<typeof createPreviewTokens>
