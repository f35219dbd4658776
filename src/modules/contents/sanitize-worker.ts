import sanitizeHtml from 'sanitize-html'
import { EMBED_HOSTS } from '../../lib/embeds.js'

/**
 * The HTML sanitizer's task, run on a worker thread of the pool (`sanitize.ts` hands it over), so
 * that parsing a long html never holds the event loop. This module is loaded by worker threads only.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'code', 'kbd', 'samp'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite', 'q'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
    ...['a', 'img', 'figure', 'figcaption', 'iframe'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'frameborder', 'loading'],
    ol: ['start', 'reversed'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    abbr: ['title'],
    code: ['class'],
  },
  // Syntax highlighters read the language from `language-*` classes; no other class survives.
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedIframeHostnames: [...EMBED_HOSTS],
  allowIframeRelativeUrls: false,
  // A page opened with target=_blank must not get a handle on its opener.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
}

export interface SanitizeInput {
  html: string
  /** How many elements may be open at once (the parser's own count, implied closes included). */
  maxDepth: number
}

/** The html as stored and served, or `tooDeep` when its elements nest past `maxDepth`. */
export type SanitizeOutput = { html: string } | { tooDeep: true }

/** Thrown from the parser's callbacks to stop at the first element past the bound. */
const TOO_DEEP = new Error('too deep')

/**
 * Article HTML as stored and served: common article markup survives; scripts, styles, event
 * handlers, `javascript:`/`data:` URLs and iframes outside YouTube/Vimeo are removed. The depth is
 * counted in the same pass from the parser's own open and close events, so it is the nesting the
 * parser builds (`<p>` after `<p>` closes the first), and the parse stops at the first element past
 * `maxDepth`, before the sanitizer's per-level cost grows (docs/decisions/input-hygiene.md "HTML is
 * bounded and sanitized off the event loop").
 */
export function sanitize({ html, maxDepth }: SanitizeInput): SanitizeOutput {
  let depth = 0
  try {
    return {
      html: sanitizeHtml(html, {
        ...OPTIONS,
        onOpenTag: () => {
          depth += 1
          if (depth > maxDepth) throw TOO_DEEP
        },
        onCloseTag: () => {
          depth -= 1
        },
      }),
    }
  } catch (err) {
    if (err === TOO_DEEP) return { tooDeep: true }
    throw err
  }
}
