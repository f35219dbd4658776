import type { SaxesParser } from 'saxes'
import { phrase } from '../../i18n/index.js'
import { lazyModule } from '../../lib/lazy-module.js'
import { type WxrDocument, WxrParseError } from './wxr-document.js'
import { WxrReader } from './wxr-reader.js'

const saxes = lazyModule<{ SaxesParser: typeof SaxesParser }>('saxes')

export {
  parseWordPressDate,
  type WxrCategory,
  type WxrDocument,
  type WxrItem,
  type WxrItemType,
  type WxrMenu,
  type WxrMenuItem,
  WxrParseError,
  type WxrTag,
} from './wxr-document.js'

/**
 * Parses a WordPress eXtended RSS (WXR) export given as string chunks (a stream or an array) into
 * the whole document. Pure: it turns text into a `WxrDocument` and writes nothing.
 * @throws WxrParseError for malformed XML, a DOCTYPE, a non-UTF-8 encoding or a non-WXR document.
 */
export async function parseWxr(
  chunks: AsyncIterable<string | Buffer> | Iterable<string>,
): Promise<WxrDocument> {
  const reader = new WxrReader()
  const parser = createWxrParser(reader)
  for await (const chunk of chunks) parser.write(String(chunk))
  parser.close()
  return reader.result()
}

/**
 * How deeply an export's elements may nest. WordPress writes six levels at most (`rss`, `channel`,
 * `item`, `wp:comment`, `wp:commentmeta`, `wp:meta_key`); the parser's namespace lookups cost the
 * depth for every element, so an unbounded depth costs its square (docs/decisions/imports.md "An
 * export nests a few levels").
 */
export const WXR_MAX_DEPTH = 64

/**
 * A saxes parser feeding `reader`, written chunk by chunk. Hardened against hostile XML
 * (docs/decisions/imports.md "Hostile XML is refused"): any DOCTYPE is refused, so no DTD is read, no entity is declared
 * or expanded and no external resource is opened; only the five predefined XML entities and
 * character references are decoded; an element nested deeper than `WXR_MAX_DEPTH` stops the parse
 * before its namespaces are resolved. `write` and `close` throw `WxrParseError` for malformed XML, a
 * DOCTYPE, a non-UTF-8 encoding, a nesting past the bound (naming its line) or a non-WXR document.
 */
export function createWxrParser(reader: WxrReader): { write(chunk: string): void; close(): void } {
  const parser = new (saxes().SaxesParser)({ xmlns: true, position: true })
  let depth = 0
  // `opentagstart` comes before the tag's namespaces are resolved (the costly part of a deep tag).
  parser.on('opentagstart', () => {
    depth += 1
    if (depth > WXR_MAX_DEPTH) {
      throw new WxrParseError(phrase('imports.tooDeep', { depth: WXR_MAX_DEPTH, line: parser.line }))
    }
  })
  parser.on('doctype', () => {
    throw new WxrParseError(phrase('imports.doctype'))
  })
  parser.on('xmldecl', (decl) => {
    if (decl.encoding !== undefined && !/^utf-?8$/i.test(decl.encoding)) {
      throw new WxrParseError(phrase('imports.encoding', { encoding: decl.encoding }))
    }
  })
  parser.on('opentag', (tag) => reader.open(tag))
  parser.on('text', (text) => reader.text(text))
  parser.on('cdata', (text) => reader.text(text))
  parser.on('closetag', () => {
    depth -= 1
    reader.close()
  })
  // Only the parser's own errors are XML errors; a failing read (missing file) propagates as it is.
  const feed = (write: () => void) => {
    try {
      write()
    } catch (err) {
      if (err instanceof WxrParseError) throw err
      const detail = err instanceof Error ? err.message : String(err)
      throw new WxrParseError(phrase('imports.notWellFormed', { detail }))
    }
  }
  return {
    write: (chunk) => feed(() => parser.write(chunk)),
    close: () => feed(() => parser.close()),
  }
}
