import { toSlug } from '../../lib/slug.js'
import { slugFrom } from './wordpress-mapping.js'
import type { WxrCategory, WxrTag } from './wxr-document.js'

/** A `<category>` element of an item, as written: `domain` and `nicename` may be missing (RSS 2.0). */
export interface TermLink {
  domain: string
  slug: string
  name: string
}

/** One taxonomy's terms by WordPress slug, with the lookups a name-only link needs. */
class TermIndex<T extends { slug: string; name: string }> {
  readonly bySlug = new Map<string, T>()
  private readonly byName = new Map<string, string>()
  private readonly byFolioSlug = new Map<string, string>()

  add(term: T): void {
    if (term.slug === '' || this.bySlug.has(term.slug)) return
    this.bySlug.set(term.slug, term)
    const name = term.name.toLowerCase()
    if (!this.byName.has(name)) this.byName.set(name, term.slug)
    const folioSlug = slugFrom(term.slug)
    if (!this.byFolioSlug.has(folioSlug)) this.byFolioSlug.set(folioSlug, term.slug)
  }

  /**
   * The slug of the term a link names, creating it when the export does not declare it (as
   * WordPress's own importer does); '' when the link names nothing usable.
   */
  resolve(link: TermLink, create: (slug: string, name: string) => T): string {
    if (link.slug !== '') {
      if (!this.bySlug.has(link.slug)) this.add(create(link.slug, link.name || link.slug))
      return link.slug
    }
    // An RSS 2.0 category is a name: it means the declared term of that name, or of that slug.
    if (link.name === '') return ''
    const known = this.byName.get(link.name.toLowerCase())
    if (known !== undefined) return known
    const slug = toSlug(link.name)
    if (slug === '') return ''
    const sameSlug = this.byFolioSlug.get(slug)
    if (sameSlug !== undefined) return sameSlug
    this.add(create(slug, link.name))
    return slug
  }

  values(): T[] {
    return [...this.bySlug.values()]
  }
}

/**
 * The categories and tags of one export: those declared at the top (`wp:category`, `wp:tag`,
 * `wp:term`) and those items name inline. `domain="category"` or no domain at all (the RSS 2.0 form)
 * is a category, `domain="post_tag"` a tag; other taxonomies (post formats, custom ones) are not ours.
 */
export class WxrTerms {
  private readonly categoryIndex = new TermIndex<WxrCategory>()
  private readonly tagIndex = new TermIndex<WxrTag>()

  declareCategory(termId: string, slug: string, parentSlug: string, name: string, description: string) {
    const key = slug || toSlug(name)
    this.categoryIndex.add({ termId, slug: key, parentSlug, name: name || key, description })
  }

  declareTag(slug: string, name: string, description: string) {
    const key = slug || toSlug(name)
    this.tagIndex.add({ slug: key, name: name || key, description })
  }

  /** The category and tag slugs an item's `<category>` elements name, each once, in file order. */
  link(links: readonly TermLink[]): { categories: string[]; tags: string[] } {
    const categories = new Set<string>()
    const tags = new Set<string>()
    for (const link of links) {
      if (link.domain === 'category' || link.domain === '') {
        categories.add(
          this.categoryIndex.resolve(link, (slug, name) => ({
            termId: '',
            slug,
            parentSlug: '',
            name,
            description: '',
          })),
        )
      } else if (link.domain === 'post_tag') {
        tags.add(this.tagIndex.resolve(link, (slug, name) => ({ slug, name, description: '' })))
      }
    }
    categories.delete('')
    tags.delete('')
    return { categories: [...categories], tags: [...tags] }
  }

  categories(): WxrCategory[] {
    return this.categoryIndex.values()
  }

  tags(): WxrTag[] {
    return this.tagIndex.values()
  }
}
