import { catalogPhrase, type Phrase } from '../i18n/index.js'

/**
 * Limits on free JSON objects (`customFields`, `settings`, `metadata`, `lexical`):
 * docs/decisions/input-hygiene.md "Free objects have limits" — depth ≤ 32, ≤ 1,000 members in all,
 * ≤ 256 KB serialized (lexical: ≤ 200,000 members, ≤ 2 MB) — plus the keys that pollute prototypes when a client merges
 * the object into another. Checked by the `x-free-object` schema keyword at validation, so a value
 * past a limit is a 400 before any service or the database sees it.
 */
export interface FreeObjectLimits {
  maxDepth: number
  maxMembers: number
  /** UTF-8 bytes of the value serialized as JSON. */
  maxBytes: number
}

export const FREE_OBJECT_LIMITS: FreeObjectLimits = { maxDepth: 32, maxMembers: 1000, maxBytes: 256 * 1024 }
/**
 * A rich-text document: every text node is about eight members, so a long article passes 1,000; the
 * members are bounded as densely as 2 MB can hold them (about ten bytes each).
 */
export const FREE_DOCUMENT_LIMITS: FreeObjectLimits = {
  ...FREE_OBJECT_LIMITS,
  maxMembers: 200_000,
  maxBytes: 2 * 1024 * 1024,
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * The first way `value` breaks `limits`, as a predicate ("is nested deeper than 32 levels"), or
 * undefined.
 * Iterative, so a hostile nesting depth cannot overflow the stack; stops at the first problem.
 */
export function freeObjectProblem(value: unknown, limits: FreeObjectLimits): Phrase | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }]
  let members = 0
  while (pending.length > 0) {
    const current = pending.pop()!
    if (typeof current.value !== 'object' || current.value === null) continue
    if (current.depth > limits.maxDepth)
      return catalogPhrase('validation.freeObject.tooDeep', { depth: limits.maxDepth })
    const children = Array.isArray(current.value) ? current.value : Object.values(current.value)
    if (!Array.isArray(current.value)) {
      for (const key of Object.keys(current.value)) {
        if (FORBIDDEN_KEYS.has(key)) return catalogPhrase('validation.freeObject.forbiddenKey', { key })
      }
    }
    members += children.length
    if (members > limits.maxMembers)
      return catalogPhrase('validation.freeObject.tooManyMembers', { members: limits.maxMembers })
    for (const child of children) pending.push({ value: child, depth: current.depth + 1 })
  }
  if (Buffer.byteLength(JSON.stringify(value)) > limits.maxBytes) {
    return catalogPhrase('validation.freeObject.tooLarge', { kilobytes: Math.round(limits.maxBytes / 1024) })
  }
  return undefined
}
