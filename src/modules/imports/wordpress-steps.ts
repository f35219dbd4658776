import type { TenantContext } from '../../context.js'
import { AppError } from '../../errors.js'
import { type CreateContentInput, HTML_MAX_LENGTH, type WriteOptions } from '../contents/index.js'
import type { AttachmentUrls } from './attachment-urls.js'
import type { ImportLocales } from './wordpress-locales.js'
import { clip, LIMITS, parentsFirst, publicationOf, slugFrom } from './wordpress-mapping.js'
import type { ImportRun, ImportWriters } from './wordpress-run.js'
import type { JoinedGroup, TranslationGroups } from './wordpress-translations.js'
import { wordpressContentHtml } from './wpautop.js'
import type { WxrCategory, WxrItem, WxrTag } from './wxr-parser.js'

/** WordPress key (term slug or post id) → Folio id, for the links of later phases. */
export type IdMap = Map<string, string>

/** Untitled WordPress posts are shown as this, as WordPress's own admin does. */
const NO_TITLE = '(no title)'

/** Categories, parents before children; a category whose slug a person already uses is adopted. */
export async function importCategories(run: ImportRun, categories: readonly WxrCategory[]): Promise<IdMap> {
  const ids: IdMap = new Map()
  await run.phase('categories', categories.length)
  let done = 0
  for (const category of parentsFirst(categories)) {
    const slug = slugFrom(category.slug) || slugFrom(category.name)
    const result = await run.apply('categories', {
      key: `category:${category.slug}`,
      kind: 'category',
      adopt: async (context) => (await run.writers.categories.getBySlug(context, slug))?.id,
      create: async (context) => {
        const created = await run.writers.categories.create(context, {
          name: clip(category.name, LIMITS.name) || slug,
          slug,
          description: clip(category.description, LIMITS.description),
          parentId: ids.get(category.parentSlug) ?? null,
        })
        return created.id
      },
    })
    if (result.outcome !== 'skipped' && result.id !== undefined) ids.set(category.slug, result.id)
    await run.tick(++done)
  }
  return ids
}

/** Tags; a tag whose slug a person already uses is adopted. */
export async function importTags(run: ImportRun, tags: readonly WxrTag[]): Promise<IdMap> {
  const ids: IdMap = new Map()
  await run.phase('tags', tags.length)
  let done = 0
  for (const tag of tags) {
    const slug = slugFrom(tag.slug) || slugFrom(tag.name)
    const result = await run.apply('tags', {
      key: `tag:${tag.slug}`,
      kind: 'tag',
      adopt: async (context) => (await run.writers.tags.getBySlug(context, slug))?.id,
      create: async (context) =>
        (
          await run.writers.tags.create(context, {
            title: clip(tag.name, LIMITS.name) || slug,
            slug,
          })
        ).id,
    })
    if (result.outcome !== 'skipped' && result.id !== undefined) ids.set(tag.slug, result.id)
    await run.tick(++done)
  }
  return ids
}

/** What contents link to, from the phases before them. */
interface ContentLinks {
  categoryIds: IdMap
  tagIds: IdMap
  /** Attachments by post id (a post's `_thumbnail_id` names one). */
  mediaIds: IdMap
  /** The Folio URLs of copied attachment files, which the html is rewritten to. */
  attachmentUrls: AttachmentUrls
  /** Those of them earlier runs made (what an earlier run may have rewritten the html to). */
  earlierUrls: AttachmentUrls
  /** The locales of a Polylang export's languages; undefined for an export without Polylang. */
  locales: ImportLocales | undefined
  /** The documents Polylang's translation groups become. */
  translationGroups: TranslationGroups
}

/**
 * Posts and pages (`total` of them) as contents (type `post` or `page`, a page's `wp:menu_order` as
 * its order), linked to the categories, tags and featured media imported before (classic text
 * given its paragraphs, the html's addresses of copied attachment files rewritten to their
 * copies), in the locale of their Polylang language and the document of their translations, and a
 * page to its `wp:post_parent` when that came earlier in the file; a page created before its
 * parent is linked in a second pass (a new version), since an export need not list parents first.
 * A parent missing from the import leaves the page a root; a link the tree rules refuse (a tree
 * deeper than 8) is reported as a problem. Returns the Folio ids by `wp:post_id` (what menu items
 * name).
 */
export async function importContents(
  run: ImportRun,
  contents: AsyncIterable<WxrItem>,
  total: number,
  links: ContentLinks,
): Promise<IdMap> {
  const ids: IdMap = new Map()
  const children: { key: string; id: string; parentPostId: string }[] = []
  await run.phase('contents', total)
  let done = 0
  for await (const item of contents) {
    const parentId = item.type === 'page' ? ids.get(item.parentPostId) : undefined
    const result = await importContent(run, item, { ...links, parentId })
    if (result.id !== undefined && item.postId !== '') ids.set(item.postId, result.id)
    const later = item.type === 'page' && item.parentPostId !== '' && parentId === undefined
    if (result.created && result.id !== undefined && later) {
      children.push({ key: `post:${item.key}`, id: result.id, parentPostId: item.parentPostId })
    }
    await run.tick(++done)
  }
  for (const child of children) {
    const parentId = ids.get(child.parentPostId)
    if (parentId === undefined) continue
    await run.amend(child.key, async (context) => {
      await run.writers.contents.update(context, child.id, { parentId })
    })
  }
  return ids
}

async function importContent(
  run: ImportRun,
  item: WxrItem,
  links: ContentLinks & { parentId: string | undefined },
): Promise<{ id: string | undefined; created: boolean }> {
  const counted = item.type === 'page' ? 'pages' : 'posts'
  const publication = publicationOf(item, run.now)
  if (publication.skip) {
    run.skip(publication.reason, 1, counted)
    return { id: undefined, created: false }
  }
  // A language left without a locale is reported once (`importLocales`); its items wait for a run
  // that has room for it rather than land in another language.
  if (links.locales?.left.has(item.language)) {
    run.skip(`language ${item.language} without a locale`, 1, counted)
    return { id: undefined, created: false }
  }
  const pick = (keys: string[], map: IdMap) => keys.flatMap((key) => map.get(key) ?? [])
  const input: CreateContentInput = {
    title: clip(item.title, LIMITS.title) || NO_TITLE,
    summary: links.attachmentUrls.rewrite(item.summary),
    html: links.attachmentUrls.rewrite(wordpressContentHtml(item.html)),
    categories: pick(item.categories, links.categoryIds),
    tags: pick(item.tags, links.tagIds),
    featuredMediaId: links.mediaIds.get(item.thumbnailId) ?? null,
    status: publication.status,
    publishAt: publication.publishAt,
    authorName: clip(item.authorName, LIMITS.authorName),
    customFields: { wordpress: originOf(item) },
    type: item.type === 'page' ? 'page' : 'post',
    ...(item.type === 'page' ? { order: orderOf(item.menuOrder) } : {}),
    ...(links.parentId === undefined ? {} : { parentId: links.parentId }),
    ...localeOf(item, links.locales),
  }
  // Drafts often have no wp:post_name yet; WordPress itself derives the slug from the title.
  const slug = slugFrom(item.slug) || slugFrom(item.title)
  const key = `post:${item.key}`
  // Looked up before the item's transaction: it may read an earlier run's content.
  const joins =
    run.known(key) === undefined ? await links.translationGroups.of(item.translationGroup) : undefined
  const result = await run.apply(counted, {
    key,
    kind: item.type === 'page' ? 'page' : 'post',
    create: (context) =>
      createTranslated(
        run,
        context,
        { input, slug, joins, key },
        {
          ...(publication.publishedAt && { publishedAt: publication.publishedAt }),
        },
      ),
  })
  if (result.outcome === 'skipped') return { id: undefined, created: false }
  if (result.outcome === 'created' && result.id !== undefined && joins === undefined) {
    links.translationGroups.started(item.translationGroup, result.id)
  }
  run.statuses[publication.status]++
  if (result.outcome === 'existing' && result.id !== undefined) {
    await repairHtml(run, `post:${item.key}`, result.id, item.html, links, counted)
  }
  return { id: result.id, created: result.outcome === 'created' }
}

/**
 * Brings the html of a content an earlier run imported (`id`) to what this run writes (paragraphs
 * for classic text, addresses of files copied since), when it is still exactly what an import
 * wrote (docs/decisions/imports.md "Re-running an import repairs what it wrote"): the export's raw text as
 * the importer before paragraphs stored it, or that text with paragraphs, each with the copies
 * earlier runs knew or with none, as the sanitizer stored them. Any other html is an edit and is
 * left alone. The change is an update through the contents service (a new version and its
 * events), at the version read, so an edit saved meanwhile wins. Counted as `updated`, in a dry run
 * too (nothing is written then).
 */
async function repairHtml(
  run: ImportRun,
  key: string,
  id: string,
  raw: string,
  links: ContentLinks,
  counted: 'posts' | 'pages',
): Promise<void> {
  const stored = await run.read(async (context) => {
    const body = JSON.parse(await run.writers.contents.getJson(context, id)) as {
      content: { html: string; version: number }
    }
    return body.content
  })
  if (stored === undefined) return
  const sanitized = async (html: string): Promise<string | undefined> => {
    const result = await run.writers.htmlSanitizer.sanitize(html, HTML_MAX_LENGTH)
    return 'html' in result ? result.html : undefined
  }
  const formatted = wordpressContentHtml(raw)
  const html = links.attachmentUrls.rewrite(formatted)
  if ((await sanitized(html)) === stored.html) return
  const asImported = new Set([
    raw,
    links.earlierUrls.rewrite(raw),
    formatted,
    links.earlierUrls.rewrite(formatted),
  ])
  let untouched = false
  for (const candidate of asImported) {
    if ((await sanitized(candidate)) === stored.html) {
      untouched = true
      break
    }
  }
  if (!untouched) return
  let written: boolean
  try {
    written = await run.amend(key, async (context) => {
      await run.writers.contents.update(context, id, { html, expectedVersion: stored.version })
    })
  } catch (err) {
    if (err instanceof AppError && err.code === 'VersionConflict') return
    throw err
  }
  if (written || run.target === undefined) run.counts[counted].updated++
}

/**
 * The locale of an item of a Polylang export: its language's; none (the tenant's default) for an
 * item without a language, or an export without Polylang.
 */
function localeOf(item: WxrItem, locales: ImportLocales | undefined): { locale?: string } {
  const locale = locales?.localeOf.get(item.language)
  return locale === undefined ? {} : { locale }
}

/**
 * Creates the content of an item (`createWithSlugFallback`), in the document `joins` names when it
 * is given. A document that has the item's locale already (a Polylang group naming one language
 * twice, a translation an editor made meanwhile) is reported under `key`, and the content starts a
 * document of its own: the text is imported either way.
 */
async function createTranslated(
  run: ImportRun,
  context: TenantContext,
  item: { input: CreateContentInput; slug: string; joins: JoinedGroup | undefined; key: string },
  options: WriteOptions,
): Promise<string> {
  const { input, slug, joins } = item
  if (joins === undefined) return createWithSlugFallback(run.writers.contents, context, input, slug, options)
  const translation = { ...joins, slug }
  try {
    return await createWithSlugFallback(run.writers.contents, context, input, slug, {
      ...options,
      translation,
    })
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'Conflict')) throw err
    run.report(
      item.key,
      'Imported on its own, not linked to its translations: their document has its locale already.',
    )
    return createWithSlugFallback(run.writers.contents, context, input, slug, options)
  }
}

/** `wp:menu_order` within the range contents accept. */
const orderOf = (menuOrder: number) => Math.max(-1_000_000, Math.min(1_000_000, menuOrder))

/**
 * Where a content came from, kept in `customFields.wordpress`: a site can tell pages from posts
 * (both are contents in Folio) and map old URLs to new ones.
 */
export function originOf(item: WxrItem): { postType: string; postId: string | null; link: string | null } {
  return { postType: item.type, postId: item.postId || null, link: item.link || null }
}

/**
 * WordPress lets a post and a page share a slug; Folio does not. Tries the WordPress slug, then
 * `<slug>-2`, then no slug (the service derives a free one from the title), so a slug clash never
 * fails the import. Each attempt is a savepoint inside the caller's transaction.
 */
async function createWithSlugFallback(
  contents: ImportWriters['contents'],
  context: TenantContext,
  input: CreateContentInput,
  slug: string,
  options: WriteOptions,
): Promise<string> {
  const candidates = slug === '' ? [undefined] : [slug, `${slug}-2`, undefined]
  for (let attempt = 0; ; attempt++) {
    const candidate = candidates[attempt]
    try {
      const content = await contents.create(
        context,
        candidate === undefined ? input : { ...input, slug: candidate },
        options,
      )
      return content.id
    } catch (err) {
      const slugTaken = err instanceof AppError && err.code === 'SlugConflict'
      if (!slugTaken || candidate === undefined) throw err
    }
  }
}
