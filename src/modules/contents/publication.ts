import { errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import type { ContentState } from './repository.js'
import type { ContentStatus } from './schemas.js'

export interface PublicationRequest {
  /** The requested status, or undefined to keep the stored one (create defaults to draft). */
  status: ContentStatus | undefined
  /** The requested publishAt: undefined = unchanged, null = cleared. */
  publishAt: string | null | undefined
  /** A publishedAt to store instead of the default (the WordPress importer keeps original dates). */
  publishedAt?: Date | undefined
}

/**
 * Applies the content status rules (docs/decisions/content.md "Status and publication": any state
 * may move to any other):
 * - published: publishedAt = the publishAt sent with the request when that lies in the past (content
 *   migrated over the API keeps its dates; a future one is refused: that is `scheduled`), else now,
 *   unless the content already was published (re-saving keeps the original date);
 * - scheduled: publishAt is required and, when the status or publishAt changes, must lie in the
 *   future; publishedAt is cleared until the scheduler publishes it (schedule.ts);
 * - draft / archived: publishedAt stays as history of the last publication.
 * publishAt is stored as given for every status.
 * @throws ValidationFailed for a scheduled content without a future publishAt, or a published one
 *   with a future publishAt.
 */
export function resolvePublication(
  request: PublicationRequest,
  current: ContentState | undefined,
  now: Date,
): ContentState {
  const status = request.status ?? current?.status ?? 'draft'
  const publishAt =
    request.publishAt === undefined
      ? (current?.publishAt ?? null)
      : request.publishAt === null
        ? null
        : new Date(request.publishAt)

  if (status === 'scheduled') {
    if (publishAt === null) {
      throw errors.validation('contents.publishAtRequired', [
        { path: '/publishAt', message: phrase('contents.requiredWhenScheduled') },
      ])
    }
    const changed = current?.status !== 'scheduled' || request.publishAt !== undefined
    if (changed && publishAt.getTime() <= now.getTime()) {
      throw errors.validation('contents.publishAtFutureScheduled', [
        { path: '/publishAt', message: phrase('contents.mustBeFuture') },
      ])
    }
    return { status, publishAt, publishedAt: null }
  }
  if (request.publishedAt !== undefined) return { status, publishAt, publishedAt: request.publishedAt }
  if (status === 'published' && typeof request.publishAt === 'string' && publishAt !== null) {
    if (publishAt.getTime() > now.getTime()) {
      throw errors.validation('contents.publishAtInFuture', [
        { path: '/publishAt', message: phrase('contents.notFutureWhenPublished') },
      ])
    }
    return { status, publishAt, publishedAt: publishAt }
  }
  if (status === 'published') {
    const keep = current?.status === 'published' && current.publishedAt !== null
    return { status, publishAt, publishedAt: keep ? current.publishedAt : now }
  }
  return { status, publishAt, publishedAt: current?.publishedAt ?? null }
}
