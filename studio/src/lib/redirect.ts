/**
 * The in-app path to return to after sign-in, from the `redirect` search parameter: only a path
 * of this app (starting with one `/`), so a crafted link cannot send the user to another site.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback
  if (value.includes('\\') || /^\/[a-z]+:/i.test(value)) return fallback
  return value
}
