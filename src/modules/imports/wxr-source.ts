import { createReadStream } from 'node:fs'
import type { WxrDocument, WxrItem } from './wxr-document.js'
import { WxrParseError } from './wxr-document.js'
import { createWxrParser } from './wxr-parser.js'
import { type ItemTerms, NO_TERMS, type RawItem, WxrReader } from './wxr-reader.js'

/** Everything of an export but its posts, pages and attachments, which are counted. */
export interface WxrOutline extends Omit<WxrDocument, 'items'> {
  attachments: number
  /** Posts and pages. */
  contents: number
  /** Titles of the items menu items link to, by post id (an untitled menu item shows its target's). */
  linkedTitles: Map<string, string>
  /**
   * Polylang translation group (`pll_…`) → the keys (`WxrItem.key`) of its posts and pages in file
   * order, so a translation finds the document of one imported before it, by this run or another.
   */
  translationGroups: Map<string, string[]>
}

/** The items of one import phase: attachments, or posts and pages. */
export type WxrItemKind = 'attachments' | 'contents'

/** An export to import: its outline, and its items read one phase at a time. */
export interface WxrSource {
  outline: WxrOutline
  /** The items of `kind` in file order. A file is read again for each call, one item at a time. */
  items(kind: WxrItemKind): AsyncIterable<WxrItem>
}

/**
 * Reads an export chunk by chunk for its outline, keeping no item's text: the check of an upload as
 * it arrives, and the first pass over a file. `end` throws `WxrParseError` as `write` does (see
 * `createWxrParser`).
 */
export function createWxrScanner() {
  const items: Pick<RawItem, 'key' | 'links' | 'postId' | 'type'>[] = []
  const titles = new Map<string, string>()
  let attachments = 0
  let contents = 0
  const reader = new WxrReader((item) => {
    items.push({ key: item.key, links: item.links, postId: item.postId, type: item.type })
    if (item.type === 'attachment') attachments += 1
    else contents += 1
    if (item.postId !== '' && !titles.has(item.postId)) titles.set(item.postId, item.title)
  })
  const parser = createWxrParser(reader)
  return {
    write(chunk: string): void {
      parser.write(chunk)
    },
    /** The outline, and the reader and term slugs of every item by index (for a later pass). */
    end(): { outline: WxrOutline; reader: WxrReader; terms: ItemTerms[] } {
      parser.close()
      // In file order, as a whole-document parse links them: the terms items create come out the same.
      const terms = items.map((item) => reader.linkTerms(item))
      const outline = reader.outline()
      const linked = new Set(
        outline.menuItems.filter((item) => item.kind === 'post_type').map((item) => item.objectId),
      )
      const linkedTitles = new Map([...titles].filter(([postId]) => linked.has(postId)))
      const translationGroups = new Map<string, string[]>()
      for (const [index, item] of items.entries()) {
        const group = terms[index]?.translationGroup ?? ''
        if (group === '' || item.type === 'attachment') continue
        const keys = translationGroups.get(group)
        if (keys === undefined) translationGroups.set(group, [item.key])
        else keys.push(item.key)
      }
      return {
        outline: { ...outline, attachments, contents, linkedTitles, translationGroups },
        reader,
        terms,
      }
    },
  }
}

/** Which phase an item belongs to. */
function kindOf(item: { type: string }): WxrItemKind {
  return item.type === 'attachment' ? 'attachments' : 'contents'
}

/**
 * The export at `path`, read in 64 KiB chunks: a first pass for its outline, then one pass per
 * phase handing out items one at a time, so the memory an import holds does not grow with the file.
 * @throws WxrParseError for a malformed, hostile or non-WXR file (see `createWxrParser`), Error when
 *   the file cannot be read.
 */
export async function openWxrFile(path: string): Promise<WxrSource> {
  const read = () => createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 })
  const scanner = createWxrScanner()
  try {
    for await (const chunk of read()) scanner.write(chunk as string)
  } catch (err) {
    if (err instanceof WxrParseError) throw err
    throw new Error(`Cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    })
  }
  const { outline, reader: first, terms } = scanner.end()

  async function* items(kind: WxrItemKind): AsyncGenerator<WxrItem> {
    const ready: RawItem[] = []
    const indexes: number[] = []
    const parser = createWxrParser(
      new WxrReader((item, index) => {
        if (kindOf(item) !== kind) return
        ready.push(item)
        indexes.push(index)
      }),
    )
    const drain = function* () {
      while (ready.length > 0) {
        const item = ready.shift() as RawItem
        const index = indexes.shift() as number
        yield first.resolve(item, terms[index] ?? NO_TERMS)
      }
    }
    for await (const chunk of read()) {
      parser.write(chunk as string)
      yield* drain()
    }
    parser.close()
    yield* drain()
  }

  return { outline, items }
}
