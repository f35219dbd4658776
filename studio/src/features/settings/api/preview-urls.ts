/** The preview group's URL templates by content type (`preview.urls` of the tenant settings). */

/** The key of the template for every type without one of its own. */
export const ANY_TYPE = '*'
/** A content type as the API writes it (`CONTENT_TYPE_PATTERN`). */
export const CONTENT_TYPE = /^[a-z0-9-]{1,40}$/

export type Urls = Record<string, string>

/**
 * The types offered a template, in this order: post and page, the types the tenant's contents have,
 * those with a template stored or added on the screen, and last "any other type".
 */
export function previewTypes(used: readonly string[], urls: Urls): string[] {
  const types = new Set(['post', 'page', ...used, ...Object.keys(urls)])
  types.delete(ANY_TYPE)
  return [...types, ANY_TYPE]
}

/** The map the API stores: the filled templates, trimmed (an emptied one is removed). */
export function urlsBody(urls: Urls): Urls {
  return Object.fromEntries(
    Object.entries(urls)
      .map(([type, url]) => [type, url.trim()] as const)
      .filter(([, url]) => url !== ''),
  )
}
