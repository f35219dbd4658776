/**
 * The addresses of a WordPress site's attachment files and the Folio URLs of their copies, for
 * rewriting imported html (docs/decisions/imports.md "Attachments are copied on request"). An
 * address matches whatever its scheme (`http:`, `https:` or none: `//host/…`) and query, and so do
 * the size variants WordPress makes of an image (`photo-300x200.jpg` of `photo.jpg`, also of
 * `photo-scaled.jpg`, the downsized original WordPress 5.3+ names in the export): they all become
 * the copy's own URL, never a Folio variant's, since variants are made in the background after the
 * import and a link to one would be broken until then.
 */
export function createAttachmentUrls() {
  /** `host[:port]/path` of a WordPress file → the Folio URL of its copy. */
  const copies = new Map<string, string>()

  const lookup = (address: string): string | undefined => {
    const place = placeOf(address)
    if (place === undefined) return undefined
    const found = copies.get(place)
    if (found !== undefined) return found
    const sized = SIZE_VARIANT.exec(place)
    if (sized === null) return undefined
    const [, stem, extension] = sized
    return copies.get(`${stem}${extension}`) ?? copies.get(`${stem}-scaled${extension}`)
  }

  return {
    /** Records the copy of the file at `wordpressUrl` (an attachment's `wp:attachment_url`). */
    add(wordpressUrl: string, folioUrl: string): void {
      const place = placeOf(wordpressUrl)
      if (place === undefined) return
      copies.set(place, folioUrl)
      const scaled = SCALED.exec(place)
      if (scaled !== null) copies.set(`${scaled[1]}${scaled[2]}`, folioUrl)
    },

    /**
     * `html` with every address of a copied file (in attributes such as `src`, `href` and
     * `srcset`, or in text) replaced by the copy's URL; anything else is left as it was.
     */
    rewrite(html: string): string {
      if (copies.size === 0 || html === '') return html
      return html.replace(ADDRESS, (match) => {
        // A srcset list or a sentence may end an address with a comma or a full stop.
        const trimmed = match.replace(/[.,]+$/, '')
        const copy = lookup(trimmed)
        return copy === undefined ? match : `${copy}${match.slice(trimmed.length)}`
      })
    },
  }
}

export type AttachmentUrls = ReturnType<typeof createAttachmentUrls>

/** An absolute or scheme-relative address, up to a quote, space, angle bracket or parenthesis. */
const ADDRESS = /(?:https?:)?\/\/[^\s"'<>()]+/gi
/** `…/photo-300x200.jpg`: a size variant WordPress made of `…/photo.jpg`. */
const SIZE_VARIANT = /^(.+)-\d{1,5}x\d{1,5}(\.[a-z0-9]{1,8})$/i
/** `…/photo-scaled.jpg`: the downsized original of `…/photo.jpg`. */
const SCALED = /^(.+)-scaled(\.[a-z0-9]{1,8})$/i

/** `host[:port]/path` of an http(s) or scheme-relative address (host lowercased, no query), or undefined. */
function placeOf(address: string): string | undefined {
  let url: URL
  try {
    // A scheme-relative address (`//host/…`) is read as https.
    url = new URL(address, 'https://example.invalid')
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  return `${url.host.toLowerCase()}${url.pathname}`
}
