import { Readable } from 'node:stream'
import { catalogPhrase, type Phrase } from '../i18n/index.js'

/**
 * Text PostgreSQL cannot store, found before validation (docs/decisions/input-hygiene.md): a NUL
 * character (U+0000; PostgreSQL text refuses it, so it used to surface as a 500) or invalid UTF-16
 * (a lone surrogate, which has no UTF-8 form). Keys of objects count as text too.
 */
export interface UnsafeText {
  /** JSON pointer of the offending value or key, e.g. `/customFields/a` ('' for the root). */
  path: string
  /** What is wrong, as a predicate ("must not contain a NUL character (U+0000)"). */
  message: Phrase
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')

function problemOf(text: string): Phrase | undefined {
  if (text.includes('\u0000')) return catalogPhrase('validation.unsafe.nul')
  if (!text.isWellFormed()) return catalogPhrase('validation.unsafe.loneSurrogate')
  return undefined
}

/**
 * The first unstorable string in `value` (walked iteratively, so any depth is safe), or undefined.
 * A body handed over as a stream (an import's upload) is not walked: it is an object graph with
 * cycles (its socket, its server), read and checked by its own route.
 */
export function findUnsafeText(value: unknown): UnsafeText | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }]
  while (pending.length > 0) {
    const current = pending.pop()!
    if (typeof current.value === 'string') {
      const message = problemOf(current.value)
      if (message !== undefined) return { path: current.path, message }
      continue
    }
    if (typeof current.value !== 'object' || current.value === null) continue
    if (Array.isArray(current.value)) {
      current.value.forEach((item, index) => {
        pending.push({ value: item, path: `${current.path}/${index}` })
      })
      continue
    }
    if (current.value instanceof Readable) continue
    for (const [key, child] of Object.entries(current.value)) {
      const path = `${current.path}/${escapePointer(key)}`
      const message = problemOf(key)
      if (message !== undefined)
        return { path, message: catalogPhrase('validation.unsafe.key', { problem: message }) }
      pending.push({ value: child, path })
    }
  }
  return undefined
}
