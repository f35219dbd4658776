import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wordpressContentHtml } from './wpautop.js'

// wpautop.ts matches some of PHP's patterns by hand, to keep their cost linear. Here are PHP's
// patterns as they are, run as JavaScript regular expressions (quadratic on crafted input, exact on
// any): on generated texts of the pieces WordPress content is made of, both answer the same.

describe('wpautop against the patterns of PHP', () => {
  it('answers as the regular expressions do, on generated texts', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join('')
        expect(wordpressContentHtml(text)).toBe(referenceContentHtml(text))
      }),
      { numRuns: 20_000, seed: 20_261_129 },
    )
  })
})

/** Text, white space, tags and shortcodes, whole or cut, that the rules of wpautop look at. */
const PIECES = [
  '\n',
  '\n\n',
  ' ',
  '\t',
  '  \n',
  '\r\n',
  '\u00a0',
  '&nbsp;',
  'text',
  'word ',
  '<',
  '>',
  'x>',
  '<p>',
  '</p>',
  '<P>',
  '<p ',
  '<div>',
  '</div>',
  '<div class="a">',
  '<div',
  '<divx',
  '<li>',
  '<li ',
  '</li>',
  '<ul>',
  '</ul>',
  '<table>',
  '<tr>',
  '<td>',
  '</td>',
  '</tr>',
  '</table>',
  '<h2>',
  '</h2>',
  '<em>',
  '</em>',
  '<br>',
  '<br />',
  '<br/>',
  '<pre>',
  '</pre>',
  '<hr>',
  '<hr />',
  '<select>',
  '<option>x</option>',
  '</select>',
  '<object>',
  '</object>',
  '<param name=a>',
  '<embed src=b>',
  '<video>',
  '</video>',
  '<source src=a>',
  '<track src=b>',
  '[video]',
  '[/video]',
  '[audio src=a /]',
  '<figure>',
  '</figure>',
  '<figcaption>',
  '</figcaption>',
  '<script>',
  '</script>',
  '<style>',
  '</style>',
  '<svg>',
  '</svg>',
  '<math>',
  '</math>',
  '<blockquote>',
  '</blockquote>',
  '<p><blockquote>',
  '<p><li',
  '<address>',
  '</address>',
  '<a href="x"\ntitle="y">',
  '</a>',
  '<!-- c\n -->',
  '[gallery]',
  '[gallery ids="1"]',
  '[caption id="x"]',
  '[/caption]',
  '[embed]',
  '[/embed]',
]

// PHP's wpautop and shortcode_unautop, pattern for pattern.

/** Elements WordPress treats as blocks: never wrapped in a paragraph, and ending one. */
const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)'

/** PCRE's `\s` without the `u` flag: ASCII white space only (JavaScript's takes U+00A0 and others too). */
const WS = '[\\t\\n\\v\\f\\r ]'
const BLOCK_OPENING = new RegExp(`(<${ALL_BLOCKS}[\\t\\n\\v\\f\\r />])`, 'g')
const BLOCK_CLOSING = new RegExp(`(</${ALL_BLOCKS}>)`, 'g')
const BLOCK_WRAPPED = new RegExp(`<p>${WS}*(</?${ALL_BLOCKS}[^>]*>)${WS}*</p>`, 'g')
const BLOCK_AFTER_P = new RegExp(`<p>${WS}*(</?${ALL_BLOCKS}[^>]*>)`, 'g')
const BLOCK_BEFORE_END_P = new RegExp(`(</?${ALL_BLOCKS}[^>]*>)${WS}*</p>`, 'g')
const BR_AFTER_BLOCK = new RegExp(`(</?${ALL_BLOCKS}[^>]*>)${WS}*<br />`, 'g')

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
function isBlockContent(html: string): boolean {
  return html.includes('<!-- wp:')
}

/**
 * `text` as WordPress shows it (`wpautop`): text separated by a blank line becomes paragraphs, a
 * single newline a `<br />` (`br`), block elements (lists, tables, headings, `<div>`, `<figure>`…)
 * are left outside paragraphs, and `<pre>` elements and the inside of `<script>`, `<style>`,
 * `<svg>` and `<math>` keep their text as it is. Blank text gives ''.
 */
function wpautop(text: string, br = true): string {
  if (text.trim() === '') return ''
  let html = `${text}\n`

  // <pre> elements go untouched: each is set aside behind a placeholder and put back at the end.
  const preTags = new Map<string, string>()
  if (html.includes('<pre')) {
    const parts = html.split('</pre>')
    const last = parts.pop() ?? ''
    html = ''
    let index = 0
    for (const part of parts) {
      const start = part.indexOf('<pre')
      if (start === -1) {
        html += part
        continue
      }
      const name = `<pre wp-pre-tag-${index}></pre>`
      preTags.set(name, `${part.slice(start)}</pre>`)
      html += part.slice(0, start) + name
      index++
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
    html = html.replace(/[\t\n\v\f\r ]*<option/g, '<option')
    html = html.replace(/<\/option>[\t\n\v\f\r ]*/g, '</option>')
  }
  if (html.includes('</object>')) {
    html = html.replace(/(<object[^>]*>)[\t\n\v\f\r ]*/g, '$1')
    html = html.replace(/[\t\n\v\f\r ]*<\/object>/g, '</object>')
    html = html.replace(/[\t\n\v\f\r ]*(<\/?(?:param|embed)[^>]*>)[\t\n\v\f\r ]*/g, '$1')
  }
  if (html.includes('<source') || html.includes('<track')) {
    html = html.replace(/([<[](?:audio|video)[^>\]]*[>\]])[\t\n\v\f\r ]*/g, '$1')
    html = html.replace(/[\t\n\v\f\r ]*([<[]\/(?:audio|video)[>\]])/g, '$1')
    html = html.replace(/[\t\n\v\f\r ]*(<(?:source|track)[^>]*>)[\t\n\v\f\r ]*/g, '$1')
  }
  if (html.includes('<figcaption')) {
    html = html.replace(/[\t\n\v\f\r ]*(<figcaption[^>]*>)/g, '$1')
    html = html.replace(/<\/figcaption>[\t\n\v\f\r ]*/g, '</figcaption>')
  }

  html = html.replace(/\n\n+/g, '\n\n')
  const paragraphs = html.split(/\n[\t\n\v\f\r ]*\n/).filter((paragraph) => paragraph !== '')
  html = paragraphs.map((paragraph) => `<p>${trimNewlines(paragraph)}</p>\n`).join('')

  html = html.replace(/<p>[\t\n\v\f\r ]*<\/p>/g, '')
  html = html.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>')
  html = html.replace(BLOCK_WRAPPED, '$1')
  html = html.replace(/<p>(<li.+?)<\/p>/g, '$1')
  html = html.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>')
  html = html.split('</blockquote></p>').join('</p></blockquote>')
  html = html.replace(BLOCK_AFTER_P, '$1')
  html = html.replace(BLOCK_BEFORE_END_P, '$1')

  if (br) {
    html = html.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (element) =>
      element.split('\n').join(NEWLINE_KEEP),
    )
    html = html.split('<br>').join('<br />').split('<br/>').join('<br />')
    html = html.replace(/(?<!<br \/>)[\t\n\v\f\r ]*\n/g, '<br />\n')
    html = html.split(NEWLINE_KEEP).join('\n')
  }

  html = html.replace(BR_AFTER_BLOCK, '$1')
  html = html.replace(/<br \/>([\t\n\v\f\r ]*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, '$1')
  // PCRE's `$` also matches before a final newline, which the text always has here.
  html = html.replace(/\n<\/p>(?=\n?$)/, '</p>')

  for (const [name, pre] of preTags) html = html.split(name).join(pre)
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
const SPACE = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)'
const STANDALONE_SHORTCODE = new RegExp(
  `<p>${SPACE}*` +
    `(\\[(${CORE_SHORTCODES.join('|')})(?![\\w-])` +
    // Inside the opening tag: anything but `]`, a `/` only when not closing it.
    '[^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?' +
    // A self-closing tag, or a tag with its content up to its own closing tag (if any).
    '(?:\\/\\]|\\](?:[^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*\\[\\/\\2\\])?))' +
    `${SPACE}*</p>`,
  'g',
)

/**
 * `html` with the paragraphs that hold nothing but one core shortcode unwrapped
 * (`shortcode_unautop`): a standalone `[gallery]` or `[caption]…[/caption]` is left alone, not
 * made text of a paragraph.
 */
function shortcodeUnautop(html: string): string {
  return html.replace(STANDALONE_SHORTCODE, '$1')
}

/**
 * The html WordPress shows for a post's stored content: classic text through `wpautop` and
 * `shortcode_unautop`; block-editor content (WordPress skips `wpautop` for it) and blank text as
 * they are.
 */
function referenceContentHtml(raw: string): string {
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
