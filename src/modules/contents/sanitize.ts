import { errors } from '../../errors.js'
import { catalogPhrase, type Phrase } from '../../i18n/index.js'
import { type WorkerPool, WorkerUnavailableError, workerTask } from '../../lib/worker-pool.js'
import type { SanitizeInput, SanitizeOutput } from './sanitize-worker.js'

/**
 * The longest html a content takes, in characters (code points, as JSON Schema counts them): a long
 * article with its editor's markup is a few hundred thousand (docs/decisions/input-hygiene.md "HTML
 * is bounded and sanitized off the event loop").
 */
export const HTML_MAX_LENGTH = 1_000_000
/** How deeply html elements may nest: articles nest a dozen levels, page builders a few dozen. */
export const HTML_MAX_DEPTH = 256

/**
 * Up to this many characters, html is sanitized on the event loop: the costliest shape takes a few
 * milliseconds there (a short post's html a fraction of one), less than handing it to a thread
 * costs on a busy machine (docs/decisions/input-hygiene.md "HTML is bounded and sanitized off the
 * event loop").
 */
export const INLINE_MAX_LENGTH = 4096

const SANITIZE = workerTask<SanitizeInput, SanitizeOutput>(
  new URL('./sanitize-worker.js', import.meta.url),
  'sanitize',
)
/** The same task on this thread, loaded (with the sanitizer library) at the first short html. */
let inline: Promise<(input: SanitizeInput) => SanitizeOutput> | undefined

/** An html as stored and served, or the problem refusing it (a predicate after the member's name). */
export type SanitizedHtml = { html: string } | { problem: Phrase }

export interface HtmlSanitizer {
  /**
   * `html` sanitized for storing and serving (`sanitize-worker.ts`), on a worker thread (the event
   * loop only waits) unless it is short (`INLINE_MAX_LENGTH`). An html longer than `maxLength` characters is a problem (before any parsing),
   * and so is one nesting deeper than `HTML_MAX_DEPTH` (found by the sanitizing pass itself).
   * @throws ServiceUnavailable (503) when no worker could sanitize it in time (the pool's time limit).
   */
  sanitize(html: string, maxLength: number): Promise<SanitizedHtml>
}

/**
 * Whether `text` holds more than `limit` code points (JSON Schema's `maxLength` counts those, so
 * an html a route's schema let through is never refused here for its surrogate pairs).
 */
function longerThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false
  let count = 0
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    // The second half of a surrogate pair is not a character of its own.
    if (unit < 0xdc00 || unit > 0xdfff) count += 1
    if (count > limit) return true
  }
  return false
}

/** The sanitizer of contents and rich-text fields, on `pool`'s threads. */
export function createHtmlSanitizer(pool: Pick<WorkerPool, 'run'>): HtmlSanitizer {
  return {
    async sanitize(html, maxLength) {
      if (html === '') return { html: '' }
      // Services called without a route's validation (the WordPress import) meet the limit here.
      if (longerThan(html, maxLength))
        return { problem: catalogPhrase('validation.maxLength', { count: maxLength }) }
      const input = { html, maxDepth: HTML_MAX_DEPTH }
      let result: SanitizeOutput
      try {
        if (html.length <= INLINE_MAX_LENGTH) {
          inline ??= import('./sanitize-worker.js').then((module) => module.sanitize)
          result = (await inline)(input)
        } else {
          result = await pool.run(SANITIZE, input)
        }
      } catch (err) {
        if (!(err instanceof WorkerUnavailableError)) throw err
        throw errors.unavailable('contents.sanitizerBusy')
      }
      return 'html' in result
        ? result
        : { problem: catalogPhrase('errors.contents.nestsTooDeep', { depth: HTML_MAX_DEPTH }) }
    },
  }
}
