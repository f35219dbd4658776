import { createReadStream } from 'node:fs'
import { SaxesParser } from 'saxes'
import { type WxrDocument, WxrParseError } from './wxr-document.js'
import { WxrReader } from './wxr-reader.js'

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

/** Parses the file at `path` in streamed chunks. Throws `WxrParseError` (or the read error). */
export async function parseWxrFile(path: string): Promise<WxrDocument> {
  try {
    return await parseWxr(createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 }))
  } catch (err) {
    if (err instanceof WxrParseError) throw err
    throw new Error(`Cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    })
  }
}

/**
 * Parses a WordPress eXtended RSS (WXR) export given as string chunks (a stream or an array),
 * with saxes. Pure: it turns text into a `WxrDocument` and writes nothing. Hardened against hostile
 * XML (security-checklist.md item 9): any DOCTYPE is refused, so no DTD is read, no entity is
 * declared or expanded and no external resource is opened; only the five predefined XML entities
 * and character references are decoded.
 * @throws WxrParseError for malformed XML, a DOCTYPE, a non-UTF-8 encoding or a non-WXR document.
 */
export async function parseWxr(
  chunks: AsyncIterable<string | Buffer> | Iterable<string>,
): Promise<WxrDocument> {
  const reader = new WxrReader()
  const parser = new SaxesParser({ xmlns: true, position: true })
  parser.on('doctype', () => {
    throw new WxrParseError(
      'The export contains a DOCTYPE declaration; DTDs and entity declarations are refused (XXE and entity-expansion protection).',
    )
  })
  parser.on('xmldecl', (decl) => {
    if (decl.encoding !== undefined && !/^utf-?8$/i.test(decl.encoding)) {
      throw new WxrParseError(`The export declares encoding "${decl.encoding}"; only UTF-8 is supported.`)
    }
  })
  parser.on('opentag', (tag) => reader.open(tag))
  parser.on('text', (text) => reader.text(text))
  parser.on('cdata', (text) => reader.text(text))
  parser.on('closetag', () => reader.close())
  // Only the parser's own errors are XML errors; a failing read (missing file) propagates as it is.
  const feed = (write: () => void) => {
    try {
      write()
    } catch (err) {
      if (err instanceof WxrParseError) throw err
      const detail = err instanceof Error ? err.message : String(err)
      throw new WxrParseError(`The export is not well-formed XML: ${detail}`)
    }
  }
  for await (const chunk of chunks) feed(() => parser.write(String(chunk)))
  feed(() => parser.close())
  return reader.result()
}
