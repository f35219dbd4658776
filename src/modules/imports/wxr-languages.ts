import { phpUnserialize } from './php-serialized.js'
import type { TermLink } from './wxr-terms.js'

/**
 * Polylang's languages and translation groups in an export (docs/decisions/imports.md "Polylang
 * sites keep their languages"). Polylang keeps both as taxonomies, so WordPress exports them as
 * any other: `language` terms (slug `en`, name "English", a PHP-serialized description holding the
 * WordPress locale `en_US`) and `post_translations` terms (slug `pll_…`, a description mapping
 * language slug → post id), and each item names its own with `<category domain="language">` and
 * `<category domain="post_translations">`. Polylang's `term_language` and `term_translations`
 * (languages of categories and tags) are not read: categories and tags are not localized on import.
 */

/** A Polylang language (a `language` term) of an export. */
export interface WxrLanguage {
  /** The term's slug, what items name: `en`, `pt-br`. */
  slug: string
  name: string
  /** The WordPress locale of its description (`en_US`, `de_DE_formal`), '' when it has none. */
  wordpressLocale: string
  /** Posts and pages in this language. */
  contents: number
}

/** An item's language and translation group, '' for none. */
export interface ItemLanguage {
  /** The slug of its `language` term. */
  language: string
  /** The slug of its `post_translations` term (`pll_5f2a1c3b9d`), shared by its translations. */
  translationGroup: string
}

export class WxrLanguages {
  private readonly languages = new Map<string, WxrLanguage>()
  /** Post id → its group and language, from the groups' descriptions. */
  private readonly byPostId = new Map<string, ItemLanguage>()

  /** A `language` term; the first declaration of a slug wins. */
  declareLanguage(slug: string, name: string, description: string): void {
    if (slug === '' || this.languages.has(slug)) return
    const value = phpUnserialize(description)
    const locale = typeof value === 'object' && value !== null ? value.locale : undefined
    this.languages.set(slug, {
      slug,
      name: name || slug,
      wordpressLocale: typeof locale === 'string' ? locale.trim() : '',
      contents: 0,
    })
  }

  /**
   * A `post_translations` term: its description lists its members (`{"en": 12, "tr": 34}`), which
   * places an item that lacks its own `<category>` elements. Other members (Polylang Pro's `sync`)
   * are not language slugs and are passed over.
   */
  declareTranslations(slug: string, description: string): void {
    const value = phpUnserialize(description)
    if (slug === '' || typeof value !== 'object' || value === null) return
    for (const [language, postId] of Object.entries(value)) {
      const id = typeof postId === 'number' ? String(postId) : typeof postId === 'string' ? postId : ''
      if (!/^[1-9]\d*$/.test(id) || this.byPostId.has(id)) continue
      this.byPostId.set(id, { language, translationGroup: slug })
    }
  }

  /**
   * The language and group of an item: those its `<category>` elements name, else those a group's
   * description lists its post id under. A language no term declares is added (named by the link),
   * as WordPress's importer creates the terms items name. `content` counts the item towards its
   * language's `contents` (posts and pages, not attachments).
   */
  of(links: readonly TermLink[], postId: string, content: boolean): ItemLanguage {
    const named = (domain: string) => links.find((link) => link.domain === domain && link.slug !== '')
    const listed = postId === '' ? undefined : this.byPostId.get(postId)
    const languageLink = named('language')
    if (languageLink !== undefined) this.declareLanguage(languageLink.slug, languageLink.name, '')
    const language = languageLink?.slug ?? listed?.language ?? ''
    const translationGroup = named('post_translations')?.slug ?? listed?.translationGroup ?? ''
    const known = this.languages.get(language)
    if (known === undefined) return { language: '', translationGroup }
    if (content) known.contents += 1
    return { language, translationGroup }
  }

  /** The export's languages in file order; empty for an export without Polylang. */
  list(): WxrLanguage[] {
    return [...this.languages.values()].map((language) => ({ ...language }))
  }
}
