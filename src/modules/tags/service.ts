import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { dbOf, type EventSink, transactional } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate, splitIdList } from '../../lib/paging.js'
import { requiredSlug } from '../../lib/slug.js'
import { createTagsRepository, TAG_SLUG_KEY, type TagRow } from './repository.js'
import type { CreateTagInput, ListTagsQuery, Tag, UpdateTagInput } from './schemas.js'

/**
 * Tags: flat per-tenant labels unique by slug (docs/decisions/content.md "Tags"). Works on a
 * transaction too (`{ db: tx }`): the WordPress importer uses `getBySlug` and `create`. Writes emit
 * `tag.*` events.
 */
export function createTagsService(deps: { db: Db; events: EventSink }) {
  const repository = createTagsRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  return {
    /** `GET /api/tags`: tags sorted by title, searched literally and case-insensitively. */
    async list(context: TenantContext, query: ListTagsQuery) {
      const { page, limit, offset } = pageOf(query)
      const filter = {
        search: query.search,
        ids: query.ids === undefined ? undefined : splitIdList(query.ids),
      }
      const { rows, total } = await repository.list(context.tenantId, filter, offset, limit)
      return { tags: rows.map(toTag), pagination: paginate(page, limit, total) }
    },

    /** The tag with this slug, or undefined. */
    async getBySlug(context: TenantContext, slug: string): Promise<Tag | undefined> {
      const row = await createTagsRepository(dbOf(context, deps.db)).findBySlug(context.tenantId, slug)
      return row === undefined ? undefined : toTag(row)
    },

    /**
     * Creates a tag; the slug comes from `slug` or else the title. Tags are unique by slug, so a
     * taken slug is a 409 SlugConflict either way (the same title twice is a duplicate, not a
     * second tag); callers that want get-or-create use `getBySlug` first.
     */
    async create(context: TenantContext, input: CreateTagInput): Promise<Tag> {
      const title = input.title.trim()
      const slug = requiredSlug(input.slug ?? title, input.slug === undefined ? 'title' : 'slug')
      return write(context, async (tx, emit) => {
        const row = await createTagsRepository(tx).insert(context.tenantId, { id: newId(), title, slug })
        if (row === undefined) throw errors.slugConflict(slug)
        const tag = toTag(row)
        emit({
          type: 'tag.created',
          subjectId: tag.id,
          payload: { id: tag.id, title: tag.title, slug: tag.slug },
        })
        return tag
      })
    },

    /**
     * Renames a tag: the given title and/or slug (normalized). The slug is not regenerated from a
     * new title, so links to the tag's archive keep working. 404 NotFound; 409 SlugConflict.
     */
    async update(context: TenantContext, id: string, input: UpdateTagInput): Promise<Tag> {
      const patch: { title?: string; slug?: string } = {}
      if (input.title !== undefined) patch.title = input.title.trim()
      if (input.slug !== undefined) patch.slug = requiredSlug(input.slug, 'slug')
      try {
        return await write(context, async (tx, emit) => {
          const row = await createTagsRepository(tx).update(context.tenantId, id, patch)
          if (row === undefined) throw errors.notFound('Tag')
          const tag = toTag(row)
          emit({
            type: 'tag.updated',
            subjectId: tag.id,
            payload: { id: tag.id, title: tag.title, slug: tag.slug, changed: Object.keys(input) },
          })
          return tag
        })
      } catch (err) {
        throw uniqueConflict(err, { [TAG_SLUG_KEY]: () => errors.slugConflict(patch.slug ?? '') })
      }
    },

    /** Deletes a tag; contents lose the tag (their links go with it). 404 NotFound. */
    async remove(context: TenantContext, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const row = await createTagsRepository(tx).delete(context.tenantId, id)
        if (row === undefined) throw errors.notFound('Tag')
        emit({ type: 'tag.deleted', subjectId: id, payload: { id, title: row.title, slug: row.slug } })
      })
    },
  }
}

export type TagsService = ReturnType<typeof createTagsService>

function toTag(row: TagRow): Tag {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
