import { type Phrase, phrase } from '../../i18n/index.js'
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
): Phrase | null {
  if (REFERENCE_TYPES.has(type)) {
    if (referenceId === null) return phrase('menus.referenceRequired', { type })
    if (url !== null) return phrase('menus.urlMustBeNull', { type })
    return null
  }
  if (referenceId !== null) return phrase('menus.referenceMustBeNull', { type })
  if (url === null) return phrase('menus.urlRequired', { type })
  if (type === 'custom') {
    return /^(\/(?![/\\])|#|\?)/.test(url) && !/\s/.test(url) ? null : phrase('menus.customPath')
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return phrase('menus.externalAbsolute')
  }
  return EXTERNAL_PROTOCOLS.has(parsed.protocol) ? null : phrase('menus.externalProtocol')
}
