import type { PublicContext, TenantContext } from '../../context.js'
import { errors } from '../../errors.js'
import { networkOf } from '../auth/index.js'
import type { Hub, StreamSlot } from './hub.js'
import type { Editor, Presence } from './presence.js'
import type { LiveRepository } from './repository.js'

/**
 * Change streams and presence (docs/decisions/live.md): admits streams under the caps, and keeps
 * who edits what.
 */
export function createLiveService(deps: { hub: Hub; presence: Presence; repository: LiveRepository }) {
  const { hub, presence, repository } = deps

  /** @throws NotFound unless `id` is a `resource` record of the context's tenant (only contents have presence). */
  async function existing(context: TenantContext, resource: string, id: string) {
    if (resource === 'content' && (await repository.contentExists(context.tenantId, id))) return
    throw errors.notFound('Content')
  }

  /** The id the actor is present under: a user's, an API token's, or Folio's own work by its name. */
  function presentId(context: TenantContext): string {
    const { actor } = context
    return actor.kind === 'user' ? actor.userId : actor.kind === 'apiToken' ? actor.tokenId : actor.name
  }

  /** Who the actor is to other editors: a user by name, an API token by its name. */
  async function editorOf(context: TenantContext): Promise<{ userId: string; name: string }> {
    const { actor } = context
    const userId = presentId(context)
    if (actor.kind === 'user') return { userId, name: await repository.userName(actor.userId) }
    return { userId, name: actor.kind === 'apiToken' ? (actor.name ?? 'API token') : actor.name }
  }

  return {
    /**
     * A site's stream of the tenant's public changes (API contract: GET /api/public/events).
     * @throws RateLimitExceeded past the caps (docs/decisions/live.md "Caps and the quota").
     */
    publicStream(context: PublicContext): StreamSlot {
      return hub.admit(context.tenantId, networkOf(context.client.ip), { kind: 'public' })
    },

    /**
     * A member's stream of the events it may view and of presence (API contract: GET /api/events).
     * @throws RateLimitExceeded past the caps.
     */
    memberStream(context: TenantContext): StreamSlot {
      return hub.admit(context.tenantId, networkOf(context.client.ip), {
        kind: 'member',
        permissions: context.permissions,
      })
    },

    /**
     * Announces the actor on a record (a heartbeat) and answers its editors, the actor among them.
     * @throws NotFound for a record not in the tenant.
     */
    async announce(context: TenantContext, resource: string, id: string): Promise<{ editors: Editor[] }> {
      await existing(context, resource, id)
      const editor = await editorOf(context)
      const since = await presence.announce(context.tenantId, resource, id, editor)
      const others = (await presence.editors(context.tenantId, resource, id)).filter(
        (other) => other.userId !== editor.userId,
      )
      const editors = [...others, { ...editor, since }]
      return {
        editors: editors.sort((a, b) => a.since.localeCompare(b.since) || a.userId.localeCompare(b.userId)),
      }
    },

    /** Removes the actor from a record's editors. @throws NotFound for a record not in the tenant. */
    async leave(context: TenantContext, resource: string, id: string): Promise<void> {
      await existing(context, resource, id)
      await presence.leave(context.tenantId, resource, id, presentId(context))
    },

    /** A record's present editors. @throws NotFound for a record not in the tenant. */
    async editors(context: TenantContext, resource: string, id: string): Promise<{ editors: Editor[] }> {
      await existing(context, resource, id)
      return { editors: await presence.editors(context.tenantId, resource, id) }
    },
  }
}

export type LiveService = ReturnType<typeof createLiveService>
