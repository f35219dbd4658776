import type { ContentsRepository } from './repository.js'
import type { Content, UpdateContentInput } from './schemas.js'

/**
 * The update that writes a snapshot's text back (a restore, a draft going live): title, summary,
 * html, lexical, categories and tags that still exist, customFields, the featured media if it still
 * exists, authorName, type, order, and the parent if it still exists (the tree rules still apply
 * to it). Slug, status and dates are left to the caller. Snapshots saved before types and page
 * trees leave those as they are.
 */
export async function inputOfSnapshot(
  contents: ContentsRepository,
  tenantId: string,
  snapshot: Partial<Content>,
): Promise<UpdateContentInput> {
  const [categories, tags, media, parent] = await Promise.all([
    contents.existingCategoryIds(tenantId, snapshot.categories ?? []).then((ids) => ids.sort()),
    contents.existingTagIds(tenantId, snapshot.tags ?? []).then((ids) => ids.sort()),
    snapshot.featuredMediaId ? contents.mediaExists(tenantId, snapshot.featuredMediaId) : false,
    snapshot.parentId ? contents.existingContentIds(tenantId, [snapshot.parentId]) : [],
  ])
  return {
    title: snapshot.title ?? '',
    summary: snapshot.summary ?? '',
    html: snapshot.html ?? '',
    lexical: snapshot.lexical ?? null,
    categories,
    tags,
    customFields: snapshot.customFields ?? {},
    featuredMediaId: media ? (snapshot.featuredMediaId ?? null) : null,
    authorName: snapshot.authorName ?? '',
    ...(snapshot.type === undefined ? {} : { type: snapshot.type }),
    ...(snapshot.order === undefined ? {} : { order: snapshot.order }),
    ...(snapshot.parentId === undefined ? {} : { parentId: parent.length > 0 ? snapshot.parentId : null }),
  }
}
