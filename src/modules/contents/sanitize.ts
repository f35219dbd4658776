import type sanitizeHtml from 'sanitize-html'
import { lazyModule } from '../../lib/lazy-module.js'

const sanitizer = lazyModule<typeof sanitizeHtml>('sanitize-html')

/** Hosts whose players may be embedded; anything else in an iframe is dropped. */
const IFRAME_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
]

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
  allowedIframeHostnames: IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  // A page opened with target=_blank must not get a handle on its opener.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
}

/**
 * Article HTML as stored and served: common article markup survives; scripts, styles, event
 * handlers, `javascript:`/`data:` URLs and iframes outside YouTube/Vimeo are removed.
 */
export function sanitizeContentHtml(html: string): string {
  return html === '' ? '' : sanitizer()(html, OPTIONS)
}
