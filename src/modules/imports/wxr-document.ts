import { type Phrase, translate } from '../../i18n/index.js'
import type { WxrLanguage } from './wxr-languages.js'

/**
 * The shape of a parsed WordPress eXtended RSS (WXR) export: what the importer needs from it and
 * nothing more.
 */
export interface WxrCategory {
  termId: string
  slug: string
  /** The parent's nicename, '' for a root category. */
  parentSlug: string
  name: string
  description: string
}

export interface WxrTag {
  slug: string
  name: string
  description: string
}

export type WxrItemType = 'post' | 'page' | 'attachment'

export interface WxrItem {
  /**
   * Identifies the item within its export and across runs of the same export: `wp:post_id`, else
   * `guid:<guid>`, else `link:<link>`, else `hash:<hex>` of type, title and date; a key already taken
   * by another item of the file gets a `#…` suffix, so two items never share one.
   */
  key: string
  /** `wp:post_id`, '' when the export has none. */
  postId: string
  /** The item's `<link>` (its public URL on the WordPress site), '' when none. */
  link: string
  type: WxrItemType
  title: string
  /** `wp:post_name` as exported (may be '' or percent-encoded). */
  slug: string
  summary: string
  html: string
  /** The author's display name (`dc:creator` login resolved through `wp:author`). */
  authorName: string
  /** WordPress status: publish, draft, pending, future, private, trash, auto-draft, inherit. */
  status: string
  /** `wp:post_date_gmt`, else `wp:post_date` read as UTC; undefined for WordPress's zero date. */
  date: Date | undefined
  password: string
  /** Slugs (keys of `WxrDocument.categories`) of the categories the item is filed under. */
  categories: string[]
  /** Slugs (keys of `WxrDocument.tags`) of the item's tags. */
  tags: string[]
  /** `_thumbnail_id`: the post id of the featured attachment, '' when none. */
  thumbnailId: string
  attachmentUrl: string
  altText: string
  /** `wp:post_parent`: the post id of a page's parent, '' for none (WordPress writes 0). */
  parentPostId: string
  /** `wp:menu_order`: a page's position among its siblings (0 when absent). */
  menuOrder: number
  /** The slug of its Polylang language (a key of `WxrDocument.languages`), '' when none. */
  language: string
  /** The slug of its Polylang translation group (`pll_…`), shared by its translations; '' when none. */
  translationGroup: string
}

/** A WordPress navigation menu (a `nav_menu` term). */
export interface WxrMenu {
  slug: string
  name: string
}

/**
 * A `nav_menu_item` post. `kind` and `object` are `_menu_item_type` and `_menu_item_object`:
 * custom (a URL), post_type (a page or post, `objectId` its post id) or taxonomy (a term,
 * `objectId` its term id; `object` names the taxonomy).
 */
export interface WxrMenuItem {
  /** The import key, handed out like `WxrItem.key`. */
  key: string
  postId: string
  /** The slug of its menu (the item's `nav_menu` category). */
  menuSlug: string
  title: string
  /** Order within the whole menu (`wp:menu_order`), which WordPress keeps in tree order. */
  order: number
  /** `_menu_item_menu_item_parent`: the post id of the parent item, '' for a root item. */
  parentId: string
  kind: string
  object: string
  objectId: string
  url: string
  /** `_menu_item_target`: '_blank' or ''. */
  target: string
  /** CSS classes from `_menu_item_classes` (a PHP-serialized array). */
  classes: string[]
  /** The item's description (its post content). */
  description: string
  status: string
}

export interface WxrDocument {
  siteTitle: string
  /** The site's address (the channel's `<link>`), '' when missing. */
  siteUrl: string
  /** Author login → display name. */
  authors: Map<string, string>
  /**
   * Declared categories, plus any an item names without declaring (WordPress creates those too),
   * including RSS 2.0 `<category>` elements that carry only a name.
   */
  categories: WxrCategory[]
  tags: WxrTag[]
  /** Polylang's languages, in file order; empty for an export of a site without Polylang. */
  languages: WxrLanguage[]
  /** Posts, pages and attachments in file order. */
  items: WxrItem[]
  /** Menus declared as `nav_menu` terms or named by a menu item, in file order. */
  menus: WxrMenu[]
  /** `nav_menu_item` posts in file order. */
  menuItems: WxrMenuItem[]
  /** Items of other post types (wp_block, …), counted by type. */
  skippedTypes: Record<string, number>
}

/** The export cannot be read safely or is not well-formed; nothing should be imported. */
export class WxrParseError extends Error {
  override name = 'WxrParseError'
  constructor(
    /** Why, as a phrase of the catalogs (`message` is its English text). */
    readonly phrase: Phrase,
  ) {
    super(translate(phrase, 'en'))
  }
}

/** An RSS 2.0 `pubDate` (RFC 822, e.g. `Tue, 05 Oct 2010 07:27:25 +0000`), undefined when unreadable. */
export function parseRssDate(value: string): Date | undefined {
  if (value.trim() === '') return undefined
  const date = new Date(value.trim())
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** `YYYY-MM-DD HH:MM:SS` as UTC; WordPress writes `0000-00-00 00:00:00` for "no date". */
export function parseWordPressDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value.trim())
  if (match === null || match[1] === '0000') return undefined
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/**
 * The strings of a PHP-serialized array as WordPress writes `_menu_item_classes`
 * (`a:1:{i:0;s:21:"custom-menu-css-class";}`), empty ones left out. Only `s:` entries are read.
 */
export function phpStrings(serialized: string): string[] {
  const strings: string[] = []
  for (const match of serialized.matchAll(/s:\d+:"([^"]*)";/g)) {
    if (match[1] !== undefined && match[1].trim() !== '') strings.push(match[1].trim())
  }
  return strings
}
