import { toSlug } from '../../lib/slug.js'
import type { ContentStatus } from '../contents/index.js'
import type { WxrCategory, WxrItem } from './wxr-parser.js'

/**
 * Pure rules that turn WordPress records into Folio inputs; the importer applies them, the tests
 * check them on their own.
 */

/** Field limits of the HTTP contract (the schemas' maxLength), applied to imported text too. */
export const LIMITS = { name: 200, description: 5000, title: 500, altText: 1000, authorName: 500 }

/** How a post or page is published in Folio, or why it is not imported. */
export type Publication =
  | { skip: false; status: ContentStatus; publishAt: string | null; publishedAt: Date | undefined }
  | { skip: true; reason: string }

/**
 * WordPress status → Folio status: publish → published, draft/pending → draft, future → scheduled
 * (publishAt = the post date), private → archived; publish dates become publishedAt for published
 * and archived items. Two cases keep content from going public by accident: a password-protected
 * post (Folio has no passwords) and a `future` post whose date has passed or is missing (a missed
 * schedule; Folio refuses a scheduled content in the past) both arrive as drafts.
 * trash, auto-draft, inherit and unknown statuses are skipped.
 */
export function publicationOf(item: WxrItem, now: Date): Publication {
  const date = item.date
  switch (item.status) {
    case 'publish':
      if (item.password !== '') return draft(date)
      return { skip: false, status: 'published', publishAt: null, publishedAt: date }
    case 'private':
      return { skip: false, status: 'archived', publishAt: null, publishedAt: date }
    case 'future':
      if (date === undefined || date.getTime() <= now.getTime()) return draft(date)
      return { skip: false, status: 'scheduled', publishAt: date.toISOString(), publishedAt: undefined }
    case 'draft':
    case 'pending':
      return draft(date)
    default:
      return { skip: true, reason: `${item.type} status ${item.status || '(none)'}` }
  }
}

function draft(date: Date | undefined): Publication {
  return { skip: false, status: 'draft', publishAt: date?.toISOString() ?? null, publishedAt: undefined }
}

/**
 * A Folio slug from a WordPress slug, which may be percent-encoded UTF-8 (`%ce%b5…`) or carry
 * characters Folio slugs do not allow; '' when nothing sluggable remains.
 */
export function slugFrom(raw: string, maxLength?: number): string {
  let text = raw
  try {
    text = decodeURIComponent(raw)
  } catch {
    // Not valid percent-encoding: slug the raw text as it is.
  }
  return toSlug(text, maxLength)
}

/**
 * Categories ordered so every parent comes before its children (a parent may appear later in
 * the file). A parent missing from the export, or a cycle, leaves the category a root.
 */
export function parentsFirst(categories: readonly WxrCategory[]): WxrCategory[] {
  const bySlug = new Map(categories.map((category) => [category.slug, category]))
  const ordered: WxrCategory[] = []
  const placed = new Set<string>()
  const place = (category: WxrCategory, chain: Set<string>) => {
    if (placed.has(category.slug)) return
    chain.add(category.slug)
    const parent = bySlug.get(category.parentSlug)
    if (parent !== undefined && !chain.has(parent.slug)) place(parent, chain)
    placed.add(category.slug)
    ordered.push(category)
  }
  for (const category of categories) place(category, new Set())
  return ordered
}

/** `text` trimmed and cut to the API's limit for the field, so imported rows obey the same contract. */
export function clip(text: string, maxLength: number): string {
  const trimmed = text.trim()
  return trimmed.length <= maxLength ? trimmed : trimmed.slice(0, maxLength).trimEnd()
}
