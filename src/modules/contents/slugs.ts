import { errors } from '../../errors.js'
import { toSlug } from '../../lib/slug.js'

/**
 * A client's slug, normalized like generated ones (lowercase ASCII words joined by dashes).
 * @throws ValidationFailed when nothing sluggable remains.
 */
export function explicitSlug(raw: string): string {
  const slug = toSlug(raw)
  if (slug === '') {
    throw errors.validation('slug must contain at least one letter or digit.', [
      { path: '/slug', message: 'has no letters or digits' },
    ])
  }
  return slug
}
