import { ElementType, parseDocument } from 'htmlparser2'

/**
 * A top-level part of a body's html as the editor opens it: `editable` html only made of what the
 * editor's own nodes represent fully (paragraphs, headings, simple quotes, lists, images, links,
 * bold, italic…), or a `block` of html the editor keeps byte for byte (an html block node).
 */
export type HtmlSegment = { kind: 'editable'; html: string } | { kind: 'block'; html: string }

type Document = ReturnType<typeof parseDocument>
type Node = Document['children'][number]
type Element = Extract<Node, { attribs: Record<string, string> }>

/** Elements that are phrasing content (HTML's "inline" elements) among those the server's sanitizer keeps. */
const INLINE = new Set([
  ...['a', 'abbr', 'b', 'br', 'cite', 'code', 'del', 'em', 'i', 'iframe', 'img', 'ins', 'kbd', 'mark'],
  ...['q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'u'],
])

/** Inline elements Lexical turns into a text format (and back) with nothing lost, when bare. */
const TEXT_FORMATS = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'mark', 'code', 'span'])

/** Blocks holding inline content only: a paragraph, a heading or a quote of the editor. */
const TEXT_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'])

/** The attributes the editor's link node keeps. */
const LINK_ATTRIBUTES = new Set(['href', 'title', 'target', 'rel'])

/** HTML's whitespace: a text of only these shows nothing between blocks. */
const WHITESPACE = /^[ \t\n\f\r]*$/

/**
 * The html of a body cut into what the editor opens as its own nodes and what it keeps as html
 * blocks (docs/decisions/studio.md "The editor"). Top-level text and inline elements (loose text,
 * WordPress's unwrapped lines) are wrapped in a paragraph; a top-level element the editor represents
 * fully is editable; any other (tables, figures, quotes holding paragraphs, pre, div, dl, iframes,
 * inline markup without a node such as `abbr`, images with `srcset` or sizes…) is a block holding
 * exactly its source text. Whitespace and comments between blocks are left out; nothing else is.
 * Adjacent editable parts come as one segment. The html is parsed as the server's sanitizer parses
 * it (htmlparser2), so the cuts fall where the stored html's own elements begin and end.
 */
export function segmentsOf(html: string): HtmlSegment[] {
  const nodes = parseDocument(html, { withStartIndices: true, withEndIndices: true }).children
  const segments: HtmlSegment[] = []
  const push = (segment: HtmlSegment) => {
    const last = segments[segments.length - 1]
    if (segment.kind === 'editable' && last?.kind === 'editable') last.html += segment.html
    else segments.push(segment)
  }
  // An element closed by the next one's start (`<p>a<div>`) ends where that one begins.
  const sourceOf = (from: number, to: number) => {
    const start = nodes[from]!.startIndex ?? 0
    const next = nodes[to + 1]?.startIndex
    const end = Math.min((nodes[to]!.endIndex ?? html.length - 1) + 1, next ?? html.length)
    return html.slice(start, end)
  }
  let runStart = -1
  const endRun = (end: number) => {
    if (runStart === -1) return
    const run = nodes.slice(runStart, end)
    const first = run.findIndex(isVisible)
    if (first !== -1) {
      const last = run.findLastIndex(isVisible)
      const kept = run.slice(first, last + 1)
      const source = sourceOf(runStart + first, runStart + last).replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, '')
      if (kept.length === 1 && isEditableImage(kept[0]!)) push({ kind: 'editable', html: source })
      else if (kept.every((node) => isEditableInline(node, false)))
        push({ kind: 'editable', html: `<p>${source}</p>` })
      else push({ kind: 'block', html: source })
    }
    runStart = -1
  }
  nodes.forEach((node, index) => {
    if (!isElement(node) || INLINE.has(node.name)) {
      if (runStart === -1) runStart = index
      return
    }
    endRun(index)
    const source = sourceOf(index, index)
    push({ kind: isEditableBlock(node) ? 'editable' : 'block', html: source })
  })
  endRun(nodes.length)
  return segments
}

/** An element other than `script` and `style` (which htmlparser2 types apart; the sanitizer drops them). */
function isElement(node: Node): node is Element {
  return node.type === ElementType.Tag
}

/** Whether a top-level inline node shows something: an element, or a text that is not only whitespace. */
function isVisible(node: Node): boolean {
  if (isElement(node)) return true
  return node.type === ElementType.Text && !WHITESPACE.test(node.data)
}

function attributeNames(element: Element): string[] {
  return Object.keys(element.attribs)
}

/** A top-level element the editor represents fully: a paragraph, heading or quote of inline content, or a list. */
function isEditableBlock(element: Element): boolean {
  if (TEXT_BLOCKS.has(element.name)) {
    return (
      attributeNames(element).length === 0 &&
      element.children.every((child) => isEditableInline(child, false))
    )
  }
  return isEditableList(element)
}

/**
 * A list the editor's list nodes represent: `ul`, or `ol` with at most `start`, holding items of
 * inline content, each optionally ending with a nested list.
 */
function isEditableList(element: Element): boolean {
  const allowed = element.name === 'ol' ? ['start'] : element.name === 'ul' ? [] : undefined
  if (allowed === undefined || attributeNames(element).some((name) => !allowed.includes(name))) return false
  return element.children.every((child) => {
    if (!isElement(child)) return !isVisible(child)
    if (child.name !== 'li' || attributeNames(child).length > 0) return false
    const content = child.children.filter((node) => isVisible(node) || isElement(node))
    const nested = content.findIndex((node) => isElement(node) && (node.name === 'ul' || node.name === 'ol'))
    if (nested === -1) return content.every((node) => isEditableInline(node, false))
    return (
      nested === content.length - 1 &&
      isEditableList(content[nested] as Element) &&
      content.slice(0, nested).every((node) => isEditableInline(node, false))
    )
  })
}

/**
 * Inline content the editor keeps exactly: text, bare line breaks and text formats, and links
 * (not nested) with an address and at most a title, target and rel. Comments are invisible.
 */
function isEditableInline(node: Node, inLink: boolean): boolean {
  if (node.type === ElementType.Text || node.type === ElementType.Comment) return true
  if (!isElement(node)) return false
  const names = attributeNames(node)
  const childrenFit = (linked: boolean) => node.children.every((child) => isEditableInline(child, linked))
  if (node.name === 'br') return names.length === 0
  if (TEXT_FORMATS.has(node.name)) return names.length === 0 && childrenFit(inLink)
  if (node.name === 'a') {
    return (
      !inLink &&
      (node.attribs.href ?? '') !== '' &&
      names.every((name) => LINK_ATTRIBUTES.has(name)) &&
      childrenFit(true)
    )
  }
  return false
}

/** An image the editor's image node represents: an address, and at most an alt text. */
function isEditableImage(node: Node): boolean {
  return (
    isElement(node) &&
    node.name === 'img' &&
    (node.attribs.src ?? '') !== '' &&
    attributeNames(node).every((name) => name === 'src' || name === 'alt')
  )
}

/**
 * The names of the top-level elements of `html`, each once in order, comma-separated (`figure`,
 * `p, table`): what labels an html block. Empty for text alone.
 */
export function tagsOf(html: string): string {
  const names = parseDocument(html)
    .children.filter(isElement)
    .map((element) => element.name)
  return [...new Set(names)].join(', ')
}
