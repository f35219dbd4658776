import type { MenuItemType } from './schemas.js'

/** The types whose item points at a record of the tenant rather than at a URL. */
export const REFERENCE_TYPES: ReadonlySet<MenuItemType> = new Set(['content', 'category', 'form'])

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])

/**
 * Why an item's link is unusable, or null when it is fine. custom: a site path starting with `/`
 * (not `//`, which browsers read as another host), `#` or `?`; external: an absolute http(s),
 * mailto: or tel: URL (never `javascript:` or `data:`); content, category, form: a `referenceId`
 * and no URL.
 */
export function linkProblem(
  type: MenuItemType,
  url: string | null,
  referenceId: string | null,
): string | null {
  if (REFERENCE_TYPES.has(type)) {
    if (referenceId === null) return `referenceId is required for ${type} items.`
    if (url !== null)
      return `url must be null for ${type} items (their URL comes from the referenced record).`
    return null
  }
  if (referenceId !== null) return `referenceId must be null for ${type} items.`
  if (url === null) return `url is required for ${type} items.`
  if (type === 'custom') {
    return /^(\/(?![/\\])|#|\?)/.test(url) && !/\s/.test(url)
      ? null
      : 'url of a custom item must be a path on the site starting with /, # or ? (use external for other sites).'
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'url of an external item must be an absolute URL.'
  }
  return EXTERNAL_PROTOCOLS.has(parsed.protocol)
    ? null
    : 'url of an external item must use http, https, mailto or tel.'
}
