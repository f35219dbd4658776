import type { SaxesTagNS } from 'saxes'
import { phrase } from '../../i18n/index.js'
import {
  parseRssDate,
  parseWordPressDate,
  phpStrings,
  type WxrDocument,
  type WxrItem,
  type WxrItemType,
  type WxrMenu,
  type WxrMenuItem,
  WxrParseError,
} from './wxr-document.js'
import { ItemKeys } from './wxr-keys.js'
import { type ItemLanguage, WxrLanguages } from './wxr-languages.js'
import { type TermLink, WxrTerms } from './wxr-terms.js'

/** Elements whose children are read as named fields rather than as text. */
const RECORD_ELEMENTS = new Set([
  'rss',
  'channel',
  'item',
  'wp:author',
  'wp:category',
  'wp:tag',
  'wp:term',
  'wp:postmeta',
])
const ITEM_TYPES = new Set<string>(['post', 'page', 'attachment'])

interface Frame {
  name: string
  text: string
  attributes: Record<string, string>
  fields: Map<string, string> | undefined
  links: TermLink[]
  meta: Map<string, string>
}

/** A post, page or attachment as read, before its author and terms are resolved (see `WxrReader.resolve`). */
export type RawItem = Omit<WxrItem, 'authorName' | 'categories' | 'tags' | keyof ItemLanguage> & {
  creator: string
  links: TermLink[]
}

/** What an item's `<category>` elements resolve to (see `WxrReader.linkTerms`). */
export type ItemTerms = { categories: string[]; tags: string[] } & ItemLanguage

/** An item with no terms at all. */
export const NO_TERMS: ItemTerms = { categories: [], tags: [], language: '', translationGroup: '' }

/**
 * Builds a `WxrDocument` from saxes events: records (`item`, `wp:category`, …) collect their child
 * elements as named fields; everything else is ignored. Given `onItem`, the reader hands each post,
 * page and attachment over as soon as it is read (with its index among them, in file order) and
 * keeps none: a whole export is then never held at once.
 */
export class WxrReader {
  private itemCount = 0

  constructor(private readonly onItem?: (item: RawItem, index: number) => void) {}

  private readonly stack: Frame[] = []
  private sawChannel = false
  private siteTitle = ''
  private readonly authors = new Map<string, string>()
  private readonly terms = new WxrTerms()
  private readonly languages = new WxrLanguages()
  private readonly items: RawItem[] = []
  private readonly keys = new ItemKeys()
  private readonly skippedTypes: Record<string, number> = {}
  private siteUrl = ''
  private readonly menus = new Map<string, WxrMenu>()
  private readonly menuItems: WxrMenuItem[] = []

  open(tag: SaxesTagNS): void {
    const name = canonicalName(tag.uri, tag.local)
    if (this.stack.length === 0 && name !== 'rss') {
      throw new WxrParseError(phrase('imports.rootElement', { name: tag.name }))
    }
    const attributes: Record<string, string> = {}
    for (const attribute of Object.values(tag.attributes)) attributes[attribute.local] = attribute.value
    const record = RECORD_ELEMENTS.has(name)
    this.stack.push({
      name,
      text: '',
      attributes,
      fields: record ? new Map() : undefined,
      links: [],
      meta: new Map(),
    })
  }

  text(text: string): void {
    const top = this.stack.at(-1)
    if (top !== undefined && top.fields === undefined) top.text += text
  }

  close(): void {
    const frame = this.stack.pop()
    const parent = this.stack.at(-1)
    if (frame === undefined || parent?.fields === undefined) return
    if (frame.fields === undefined) {
      // Exports wrap CDATA sections in indentation; the whitespace outside them is not content.
      if (frame.name === 'category' && parent.name === 'item') {
        const { domain = '', nicename = '' } = frame.attributes
        parent.links.push({
          domain: detached(domain.trim()),
          slug: detached(nicename.trim()),
          name: detached(frame.text.trim()),
        })
      } else {
        parent.fields.set(frame.name, detached(frame.text.trim()))
      }
      return
    }
    this.closeRecord(frame, parent)
  }

  private closeRecord(frame: Frame, parent: Frame): void {
    const fields = frame.fields ?? new Map<string, string>()
    const field = (key: string) => fields.get(key) ?? ''
    if (frame.name === 'wp:postmeta' && parent.name === 'item') {
      parent.meta.set(field('wp:meta_key'), field('wp:meta_value'))
      return
    }
    if (parent.name === 'rss' && frame.name === 'channel') {
      this.sawChannel = true
      this.siteTitle = field('title')
      this.siteUrl = field('link')
      return
    }
    if (parent.name !== 'channel') return
    if (frame.name === 'wp:author') {
      const login = field('wp:author_login')
      this.authors.set(login, field('wp:author_display_name') || login)
    } else if (frame.name === 'wp:category') {
      this.terms.declareCategory(
        field('wp:term_id'),
        field('wp:category_nicename'),
        field('wp:category_parent'),
        field('wp:cat_name'),
        field('wp:category_description'),
      )
    } else if (frame.name === 'wp:tag') {
      this.terms.declareTag(field('wp:tag_slug'), field('wp:tag_name'), field('wp:tag_description'))
    } else if (frame.name === 'wp:term') {
      // WordPress 5+ repeats categories and tags as generic terms; other taxonomies are not ours.
      const taxonomy = field('wp:term_taxonomy')
      if (taxonomy === 'category') {
        this.terms.declareCategory(
          field('wp:term_id'),
          field('wp:term_slug'),
          field('wp:term_parent'),
          field('wp:term_name'),
          field('wp:term_description'),
        )
      } else if (taxonomy === 'post_tag') {
        this.terms.declareTag(field('wp:term_slug'), field('wp:term_name'), field('wp:term_description'))
      } else if (taxonomy === 'nav_menu') {
        this.declareMenu(field('wp:term_slug'), field('wp:term_name'))
      } else if (taxonomy === 'language') {
        this.languages.declareLanguage(
          field('wp:term_slug'),
          field('wp:term_name'),
          field('wp:term_description'),
        )
      } else if (taxonomy === 'post_translations') {
        this.languages.declareTranslations(field('wp:term_slug'), field('wp:term_description'))
      }
    } else if (frame.name === 'item') {
      this.addItem(fields, frame)
    }
  }

  private addItem(fields: Map<string, string>, frame: Frame): void {
    const field = (key: string) => fields.get(key) ?? ''
    const type = field('wp:post_type')
    if (type === 'nav_menu_item') {
      this.addMenuItem(fields, frame)
      return
    }
    if (!ITEM_TYPES.has(type)) {
      const label = type || '(none)'
      this.skippedTypes[label] = (this.skippedTypes[label] ?? 0) + 1
      return
    }
    const dateText = field('wp:post_date_gmt') || field('wp:post_date') || field('pubDate')
    const item = {
      postId: field('wp:post_id'),
      link: field('link'),
      type: type as WxrItemType,
      title: field('title'),
      slug: field('wp:post_name'),
      summary: field('excerpt:encoded'),
      html: field('content:encoded'),
      creator: field('dc:creator'),
      status: field('wp:status'),
      date:
        parseWordPressDate(field('wp:post_date_gmt')) ??
        parseWordPressDate(field('wp:post_date')) ??
        parseRssDate(field('pubDate')),
      password: field('wp:post_password'),
      links: frame.links,
      thumbnailId: frame.meta.get('_thumbnail_id')?.trim() ?? '',
      attachmentUrl: field('wp:attachment_url'),
      altText: frame.meta.get('_wp_attachment_image_alt')?.trim() ?? '',
      parentPostId: field('wp:post_parent') === '0' ? '' : field('wp:post_parent'),
      menuOrder: Number.parseInt(field('wp:menu_order'), 10) || 0,
    }
    const key = this.keys.next({ ...item, guid: field('guid'), dateText })
    if (this.onItem === undefined) this.items.push({ key, ...item })
    else this.onItem({ key, ...item }, this.itemCount++)
  }

  private declareMenu(slug: string, name: string): void {
    if (slug !== '' && !this.menus.has(slug)) this.menus.set(slug, { slug, name: name || slug })
  }

  /** A menu item; one that names no menu is counted as skipped (WordPress shows it nowhere). */
  private addMenuItem(fields: Map<string, string>, frame: Frame): void {
    const field = (key: string) => fields.get(key) ?? ''
    const meta = (key: string) => frame.meta.get(key)?.trim() ?? ''
    const menu = frame.links.find((link) => link.domain === 'nav_menu' && link.slug !== '')
    if (menu === undefined) {
      this.skippedTypes['nav_menu_item without a menu'] =
        (this.skippedTypes['nav_menu_item without a menu'] ?? 0) + 1
      return
    }
    this.declareMenu(menu.slug, menu.name)
    const postId = field('wp:post_id')
    const parentId = meta('_menu_item_menu_item_parent')
    const dateText = field('wp:post_date_gmt') || field('wp:post_date') || field('pubDate')
    const title = field('title')
    this.menuItems.push({
      key: this.keys.next({
        postId,
        guid: field('guid'),
        link: field('link'),
        type: 'nav_menu_item',
        title,
        slug: field('wp:post_name'),
        dateText,
      }),
      postId,
      menuSlug: menu.slug,
      title,
      order: Number.parseInt(field('wp:menu_order'), 10) || 0,
      parentId: parentId === '0' ? '' : parentId,
      kind: meta('_menu_item_type'),
      object: meta('_menu_item_object'),
      objectId: meta('_menu_item_object_id'),
      url: meta('_menu_item_url'),
      target: meta('_menu_item_target'),
      classes: phpStrings(meta('_menu_item_classes')),
      description: field('content:encoded'),
      status: field('wp:status'),
    })
  }

  /** The whole document: the items the reader kept (none with `onItem`) and everything else. */
  result(): WxrDocument {
    if (!this.sawChannel) throw new WxrParseError(phrase('imports.noChannel'))
    // Terms are resolved once every declaration is known: an export may declare them after the items.
    const items = this.items.map((item) => this.resolve(item, this.linkTerms(item)))
    return { ...this.outline(), items }
  }

  /**
   * The category and tag slugs, language and translation group of an item, creating the terms an
   * item names without declaring (and counting posts and pages per language). Call once per item,
   * in file order, once the whole file was read (declarations may follow the items).
   */
  linkTerms(item: Pick<RawItem, 'links' | 'postId' | 'type'>): ItemTerms {
    return {
      ...this.terms.link(item.links),
      ...this.languages.of(item.links, item.postId, item.type !== 'attachment'),
    }
  }

  /** `item` with its author's display name and the terms `linkTerms` gave for it. */
  resolve({ creator, links: _links, ...item }: RawItem, terms: ItemTerms): WxrItem {
    return { ...item, ...terms, authorName: this.authors.get(creator) ?? creator }
  }

  /** Everything read but the items (call after the whole file was read, and after `linkTerms`). */
  outline(): Omit<WxrDocument, 'items'> {
    if (!this.sawChannel) throw new WxrParseError(phrase('imports.noChannel'))
    return {
      siteTitle: this.siteTitle,
      siteUrl: this.siteUrl,
      menus: [...this.menus.values()],
      menuItems: this.menuItems,
      authors: this.authors,
      categories: this.terms.categories(),
      tags: this.terms.tags(),
      languages: this.languages.list(),
      skippedTypes: this.skippedTypes,
    }
  }
}

/**
 * A copy of `text` sharing no memory with the parser's input. V8 cuts a substring as a view of its
 * parent string: one title kept from an export (a term, an item key) would keep the whole 64 KiB
 * chunk it came from alive, and a file read for its outline would stay in memory chunk by chunk.
 * Short strings are copied by V8 itself; UTF-16 round-trips every string exactly.
 */
function detached(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf16le').toString('utf16le')
}

const NAMESPACE_PREFIXES: [RegExp, string][] = [
  [/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/excerpt\/?$/, 'excerpt'],
  [/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/?$/, 'wp'],
  [/^http:\/\/purl\.org\/rss\/1\.0\/modules\/content\/?$/, 'content'],
  [/^http:\/\/purl\.org\/dc\/elements\/1\.1\/?$/, 'dc'],
]

/** Names elements by namespace, not by the prefix a file happens to bind (`wp:` in every real export). */
function canonicalName(uri: string, local: string): string {
  if (uri === '') return local
  const prefix = NAMESPACE_PREFIXES.find(([pattern]) => pattern.test(uri))?.[1]
  return `${prefix ?? `{${uri}}`}:${local}`
}
