/**
 * WordPress's paragraph formatting of classic-editor text, ported step by step from `wpautop()` and
 * `shortcode_unautop()` (wp-includes/formatting.php and shortcodes.php of WordPress 6), so an
 * imported post reads as it did on the WordPress site (docs/decisions/imports.md "Classic posts keep
 * their paragraphs"). Pure functions: text in, html out.
 *
 * Licence: a port of WordPress code, which is GPL-2.0-or-later while Folio is MIT; until it is
 * replaced by an implementation written from the behaviour alone, this file is under WordPress's
 * licence (docs/decisions/imports.md "Classic posts keep their paragraphs").
 *
 * The npm port `@wordpress/autop` was not used: it leaves out the line break WordPress adds after an
 * `<hr>` (text after one ends with a stray `</p>`) and collapses the space around the first
 * `<figcaption>` only (a second one gets a `</p>` inside its `<figure>`).
 *
 * PHP's patterns are kept where JavaScript runs them in linear time. Those that start with white
 * space (`\s*<option`) or a tag left open (`</?div[^>]*>`) are matched by `replaceSequence`
 * instead: JavaScript has no possessive quantifiers, and would scan a long run of spaces, or a tag
 * without its `>`, once per position in it, so one crafted post of a megabyte could hold the server
 * for hours. The answers are the same.
 */

/** Elements WordPress treats as blocks: never wrapped in a paragraph, and ending one. */
const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)'

const BLOCK_OPENING = new RegExp(`(<${ALL_BLOCKS}[\\t\\n\\v\\f\\r />])`, 'g')
const BLOCK_CLOSING = new RegExp(`(</${ALL_BLOCKS}>)`, 'g')
/** PCRE's `\s*` without the `u` flag: ASCII white space only (JavaScript's `\s` takes U+00A0 too). */
const SPACE: Part = { space: true }
const P_OPEN: Part = { text: '<p>' }
const P_CLOSE: Part = { text: '</p>' }
const BR: Part = { text: '<br />' }
/** A block element's opening or closing tag, to its first `>` (`</?${ALL_BLOCKS}[^>]*>`). */
const BLOCK_TAG: Part = { tag: new RegExp(`</?${ALL_BLOCKS}`, 'y'), upTo: '>' }

/**
 * An html element, comment or CDATA section (WordPress's `get_html_split_regex`): a comment runs to
 * `-->`, a CDATA section to `]]>`, any other tag to the next `>` (or the end of the text).
 */
const HTML_ELEMENT =
  /<(?:(?=!--|!\[CDATA\[)(?:(?=!-)!(?:-(?!->)[^-]*)*(?:-->)?|(?!!-)!\[CDATA\[[^\]]*(?:\](?!\]>)[^\]]*)*(?:\]\]>)?)|[^>]*>?)/g

/** Marks a newline inside a tag while the text around is split into paragraphs. */
const NEWLINE_MARK = ' <!-- wpnl --> '
const NEWLINE_KEEP = '<WPPreserveNewline />'

/** Whether `html` is block-editor content, which WordPress shows without `wpautop`. */
export function isBlockContent(html: string): boolean {
  return html.includes('<!-- wp:')
}

/**
 * `text` as WordPress shows it (`wpautop`): text separated by a blank line becomes paragraphs, a
 * single newline a `<br />` (`br`), block elements (lists, tables, headings, `<div>`, `<figure>`…)
 * are left outside paragraphs, and `<pre>` elements and the inside of `<script>`, `<style>`,
 * `<svg>` and `<math>` keep their text as it is. Blank text gives ''.
 */
export function wpautop(text: string, br = true): string {
  if (text.trim() === '') return ''
  let html = `${text}\n`

  // <pre> elements go untouched: each is set aside behind a placeholder and put back at the end.
  const preTags: string[] = []
  if (html.includes('<pre')) {
    const parts = html.split('</pre>')
    const last = parts.pop() ?? ''
    html = ''
    for (const part of parts) {
      const start = part.indexOf('<pre')
      if (start === -1) {
        html += part
        continue
      }
      html += `${part.slice(0, start)}<pre wp-pre-tag-${preTags.length}></pre>`
      preTags.push(`${part.slice(start)}</pre>`)
    }
    html += last
  }

  html = html.replace(/<br[\t\n\v\f\r ]*\/?>[\t\n\v\f\r ]*<br[\t\n\v\f\r ]*\/?>/g, '\n\n')
  html = html.replace(BLOCK_OPENING, '\n\n$1')
  html = html.replace(BLOCK_CLOSING, '$1\n\n')
  html = html.replace(/(<hr[\t\n\v\f\r ]*?\/?>)/g, '$1\n\n')
  html = html.replace(/\r\n|\r/g, '\n')
  html = replaceInTags(html, '\n', NEWLINE_MARK)

  if (html.includes('<option')) {
    html = replaceSequence(html, [SPACE, { text: '<option' }], [1])
    html = html.replace(/<\/option>[\t\n\v\f\r ]*/g, '</option>')
  }
  if (html.includes('</object>')) {
    html = replaceSequence(html, [{ tag: /<object/y, upTo: '>' }, SPACE], [0])
    html = replaceSequence(html, [SPACE, { text: '</object>' }], [1])
    const paramOrEmbed: Part = { tag: /<\/?(?:param|embed)/y, upTo: '>' }
    html = replaceSequence(html, [SPACE, paramOrEmbed, SPACE], [1])
  }
  if (html.includes('<source') || html.includes('<track')) {
    const media: Part = { tag: /[<[](?:audio|video)/y, upTo: '>]' }
    html = replaceSequence(html, [media, SPACE], [0])
    html = replaceSequence(html, [SPACE, { tag: /[<[]\/(?:audio|video)[>\]]/y }], [1])
    const sourceOrTrack: Part = { tag: /<(?:source|track)/y, upTo: '>' }
    html = replaceSequence(html, [SPACE, sourceOrTrack, SPACE], [1])
  }
  if (html.includes('<figcaption')) {
    html = replaceSequence(html, [SPACE, { tag: /<figcaption/y, upTo: '>' }], [1])
    html = html.replace(/<\/figcaption>[\t\n\v\f\r ]*/g, '</figcaption>')
  }

  html = html.replace(/\n\n+/g, '\n\n')
  const paragraphs = html.split(/\n[\t\n\v\f\r ]*\n/).filter((paragraph) => paragraph !== '')
  html = paragraphs.map((paragraph) => `<p>${trimNewlines(paragraph)}</p>\n`).join('')

  html = html.replace(/<p>[\t\n\v\f\r ]*<\/p>/g, '')
  html = html.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>')
  // An opening or closing block tag alone in a paragraph is taken out of it.
  html = replaceSequence(html, [P_OPEN, SPACE, BLOCK_TAG, SPACE, P_CLOSE], [2])
  html = unwrapListItems(html)
  html = html.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>')
  html = html.split('</blockquote></p>').join('</p></blockquote>')
  html = replaceSequence(html, [P_OPEN, SPACE, BLOCK_TAG], [2])
  html = replaceSequence(html, [BLOCK_TAG, SPACE, P_CLOSE], [0])

  if (br) {
    html = keepNewlinesOfCode(html)
    html = html.split('<br>').join('<br />').split('<br/>').join('<br />')
    html = breakLines(html)
    html = html.split(NEWLINE_KEEP).join('\n')
  }

  html = replaceSequence(html, [BLOCK_TAG, SPACE, BR], [0])
  const beforeBr: Part = { tag: /<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)/y, upTo: '>' }
  html = replaceSequence(html, [BR, SPACE, beforeBr], [1, 2])
  // PCRE's `$` also matches before a final newline, which the text always has here.
  html = html.replace(/\n<\/p>(?=\n?$)/, '</p>')

  if (preTags.length > 0) {
    html = html.replace(
      /<pre wp-pre-tag-(\d+)><\/pre>/g,
      (name, index: string) => preTags[Number(index)] ?? name,
    )
  }
  if (html.includes('<!-- wpnl -->')) {
    html = html.split(NEWLINE_MARK).join('\n').split('<!-- wpnl -->').join('\n')
  }
  return html
}

/**
 * The shortcodes every WordPress site has (`caption`, `gallery`, `audio`, `video`, `playlist`,
 * `embed`): those of plugins are unknown here, and a paragraph such as "[Editor's note]" must not
 * be taken for one.
 */
const CORE_SHORTCODES = ['wp_caption', 'caption', 'gallery', 'playlist', 'audio', 'video', 'embed']
/** A core shortcode's opening bracket and name, not followed by a word character or hyphen. */
const SHORTCODE_NAME = new RegExp(`\\[(${CORE_SHORTCODES.join('|')})(?![\\w-])`, 'y')

/**
 * `html` with the paragraphs that hold nothing but one core shortcode unwrapped
 * (`shortcode_unautop`): a standalone `[gallery]`, `[audio … /]` or `[caption]…[/caption]` is left
 * alone, not made text of a paragraph. PHP's pattern, matched by hand so each position is looked at
 * a bounded number of times: after `<p>` and white space (`&nbsp;` too), the shortcode's opening tag
 * runs to its first `]` (self-closing when a `/` is right before it), then, if there is one, to the
 * first closing tag of its name, and only white space may stand before the paragraph's `</p>`.
 */
export function shortcodeUnautop(html: string): string {
  const closings = new Map<string, number>()
  let bracket = -1
  let out = ''
  let last = 0
  for (let start = html.indexOf('<p>'); start !== -1; start = html.indexOf('<p>', start + 1)) {
    if (start < last) continue
    const open = skipShortcodeSpace(html, start + 3)
    SHORTCODE_NAME.lastIndex = open
    const name = SHORTCODE_NAME.exec(html)?.[1]
    if (name === undefined) continue
    if (bracket < SHORTCODE_NAME.lastIndex) bracket = html.indexOf(']', SHORTCODE_NAME.lastIndex)
    if (bracket === -1) break
    const ends: number[] = []
    if (html[bracket - 1] === '/') {
      ends.push(bracket + 1)
    } else {
      let closing = closings.get(name) ?? -2
      if (closing !== -1 && closing <= bracket) closing = html.indexOf(`[/${name}]`, bracket + 1)
      closings.set(name, closing)
      if (closing !== -1) ends.push(closing + name.length + 3)
      ends.push(bracket + 1)
    }
    for (const end of ends) {
      const after = skipShortcodeSpace(html, end)
      if (!html.startsWith('</p>', after)) continue
      out += html.slice(last, start) + html.slice(open, end)
      last = after + 4
      break
    }
  }
  return out + html.slice(last)
}

/** Past the white space (`[\r\n\t ]`, U+00A0, `&nbsp;`) WordPress allows around a shortcode. */
function skipShortcodeSpace(html: string, from: number): number {
  let at = from
  for (;;) {
    const code = html.charCodeAt(at)
    if (code === 32 || code === 9 || code === 10 || code === 13 || code === 0xa0) at++
    else if (html.startsWith('&nbsp;', at)) at += 6
    else return at
  }
}

/**
 * The html WordPress shows for a post's stored content: classic text through `wpautop` and
 * `shortcode_unautop`; block-editor content (WordPress skips `wpautop` for it) and blank text as
 * they are.
 */
export function wordpressContentHtml(raw: string): string {
  if (raw.trim() === '' || isBlockContent(raw)) return raw
  return shortcodeUnautop(wpautop(raw))
}

/** `text` with `needle` replaced by `replacement` inside html tags and comments only. */
function replaceInTags(text: string, needle: string, replacement: string): string {
  let changed = false
  const replaced = text.replace(HTML_ELEMENT, (element) => {
    if (!element.includes(needle)) return element
    changed = true
    return element.split(needle).join(replacement)
  })
  return changed ? replaced : text
}

/** `text` without the newlines at its start and end (PHP's `trim($text, "\n")`). */
function trimNewlines(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && text[start] === '\n') start++
  while (end > start && text[end - 1] === '\n') end--
  return text.slice(start, end)
}

/** One piece of a sequence `replaceSequence` matches. */
type Part =
  /** This text. */
  | { text: string }
  /** White space, all of it (PCRE's `\s*`, ASCII only); as the first piece, only right before the next. */
  | { space: true }
  /**
   * A tag: `tag` (sticky) where it starts, then, with `upTo`, everything to the first of those
   * characters, included (`<div[^>]*>`); without the end character the piece does not match.
   */
  | { tag: RegExp; upTo?: string }

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13)

/**
 * `html` with every match of `parts` replaced by the text of its pieces numbered `keep`, found
 * leftmost first and not overlapping, as PHP's `preg_replace` does with the same pattern. Each
 * piece matches in one way only (white space to its end, a tag to its first end character), so
 * every position is looked at a bounded number of times, however long a run of spaces is or however
 * many `<` a tag left open holds.
 */
function replaceSequence(html: string, parts: readonly Part[], keep: readonly number[]): string {
  const n = html.length
  // The first non-space at or after each position, and the first of each piece's end characters.
  const nonSpace = new Int32Array(n + 1)
  nonSpace[n] = n
  for (let i = n - 1; i >= 0; i--) nonSpace[i] = isSpace(html.charCodeAt(i)) ? (nonSpace[i + 1] ?? n) : i
  const ends = new Map<string, Int32Array>()
  for (const part of parts) {
    if (!('tag' in part) || part.upTo === undefined || ends.has(part.upTo)) continue
    const table = new Int32Array(n + 1)
    table[n] = n
    for (let i = n - 1; i >= 0; i--) table[i] = part.upTo.includes(html[i] ?? '') ? i : (table[i + 1] ?? n)
    ends.set(part.upTo, table)
  }
  const leadingSpace = parts[0] !== undefined && 'space' in parts[0]
  const pieces = leadingSpace ? parts.slice(1) : parts
  const first = pieces[0]

  /** The end of the match of `pieces` at `at` and the text of each, or undefined. */
  const matchAt = (at: number): { end: number; texts: string[] } | undefined => {
    let position = at
    const texts: string[] = []
    for (const part of pieces) {
      let next: number
      if ('text' in part) {
        if (!html.startsWith(part.text, position)) return undefined
        next = position + part.text.length
      } else if ('space' in part) {
        next = nonSpace[position] ?? n
      } else {
        part.tag.lastIndex = position
        if (!part.tag.test(html)) return undefined
        next = part.tag.lastIndex
        if (part.upTo !== undefined) {
          const end = ends.get(part.upTo)?.[next] ?? n
          if (end >= n) return undefined
          next = end + 1
        }
      }
      texts.push(html.slice(position, next))
      position = next
    }
    return { end: position, texts }
  }

  let out = ''
  let last = 0
  let at = 0
  while (at < n) {
    const candidate = first !== undefined && 'text' in first ? html.indexOf(first.text, at) : at
    if (candidate === -1) break
    const match = matchAt(candidate)
    if (match === undefined) {
      at = candidate + 1
      continue
    }
    // A leading `\s*` takes the white space before the match, back to the previous one.
    let start = candidate
    if (leadingSpace) while (start > last && isSpace(html.charCodeAt(start - 1))) start--
    const texts = leadingSpace ? [html.slice(start, candidate), ...match.texts] : match.texts
    out += html.slice(last, start) + keep.map((index) => texts[index] ?? '').join('')
    last = match.end
    at = match.end
  }
  return out + html.slice(last)
}

/**
 * PHP's `<p>(<li.+?)</p>` → `$1`: a paragraph WordPress opened right before a list item (`.` stops
 * at a line end), found with one look at each position.
 */
function unwrapListItems(html: string): string {
  let out = ''
  let last = 0
  let close = -1
  let lineEnd = -1
  for (let start = html.indexOf('<p><li'); start !== -1; start = html.indexOf('<p><li', start + 1)) {
    if (start < last) continue
    // At least one character after `<li`, then the first `</p>` on the same line.
    const from = start + 7
    if (close < from) close = html.indexOf('</p>', from)
    if (lineEnd < start) lineEnd = nextLineEnd(html, start)
    if (close === -1) break
    if (lineEnd !== -1 && lineEnd < close) continue
    out += html.slice(last, start) + html.slice(start + 3, close)
    last = close + 4
  }
  return out + html.slice(last)
}

/** The first line terminator (for `.` in a pattern) at or after `from`, or -1. */
function nextLineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) return i
  }
  return -1
}

/**
 * PHP's `<(script|style|svg|math).*?</\1>` with the element's newlines kept aside (they get no
 * `<br />`): each element from its opening to the first closing tag of its name.
 */
function keepNewlinesOfCode(html: string): string {
  const closings = new Map<string, number>()
  let out = ''
  let last = 0
  const opening = /<(script|style|svg|math)/g
  for (let match = opening.exec(html); match !== null; match = opening.exec(html)) {
    const name = match[1] ?? ''
    const from = match.index + match[0].length
    let close = closings.get(name) ?? -2
    if (close !== -1 && close < from) close = html.indexOf(`</${name}>`, from)
    closings.set(name, close)
    if (close === -1) continue
    const end = close + name.length + 3
    out += html.slice(last, match.index) + html.slice(match.index, end).split('\n').join(NEWLINE_KEEP)
    last = end
    opening.lastIndex = end
  }
  return out + html.slice(last)
}

/**
 * PHP's `(?<!<br />)\s*\n` → `<br />\n`, one run of white space at a time: a run holding a newline
 * becomes `<br />` and a newline up to its last newline, keeping what follows that; after a
 * `<br />` the run's first character stays (the lookbehind fails only at the run's start).
 */
function breakLines(html: string): string {
  return html.replace(/[\t\n\v\f\r ]+/g, (run: string, start: number) => {
    const lastNewline = run.lastIndexOf('\n')
    if (lastNewline === -1) return run
    const keep = html.startsWith('<br />', start - 6) ? 1 : 0
    if (keep > lastNewline) return run
    return `${run.slice(0, keep)}<br />\n${run.slice(lastNewline + 1)}`
  })
}
