// A large WordPress export for benches: the theme unit test export with its posts, pages and
// attachments repeated under new post ids, slugs, guids and links until the file reaches the size
// asked for. Categories, tags and menus are declared once (every copy files under the same terms);
// menu items are kept once, in the first copy.

import { once } from 'node:events'
import { createWriteStream, readFileSync } from 'node:fs'

/** Post ids of copy `n` are `n * ID_STRIDE + id`: larger than any id of the original export. */
const ID_STRIDE = 100_000

/** Writes an export of at most `targetBytes` (and nearly that) to `path`; returns { bytes, copies, items }. */
export async function writeLargeExport(source, path, targetBytes) {
  const xml = readFileSync(source, 'utf8')
  const first = xml.indexOf('<item>')
  const end = xml.lastIndexOf('</channel>')
  const head = xml.slice(0, first)
  const tail = xml.slice(end)
  const items = xml
    .slice(first, end)
    .split(/(?=<item>)/)
    .filter((item) => item.startsWith('<item>'))
  const repeated = items.filter((item) => !/<wp:post_type>(<!\[CDATA\[)?nav_menu_item/.test(item))
  const out = createWriteStream(path)
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain')
    return Buffer.byteLength(text)
  }
  let bytes = await write(head)
  bytes += await write(items.join(''))
  let copies = 1
  let count = items.length
  const tailBytes = Buffer.byteLength(tail)
  for (let full = false; !full; copies += 1) {
    for (const item of repeated) {
      const copy = copyOf(item, copies)
      if (bytes + Buffer.byteLength(copy) + tailBytes > targetBytes) {
        full = true
        break
      }
      bytes += await write(copy)
      count += 1
    }
  }
  bytes += await write(tail)
  out.end()
  await once(out, 'finish')
  return { bytes, copies, items: count }
}

/** Item `item` as copy `n`: ids shifted, slug, guid and link suffixed (so no key or slug repeats). */
function copyOf(item, n) {
  const shift = (id) => String(n * ID_STRIDE + Number(id))
  return item
    .replace(/(<wp:post_id>)(\d+)/, (_, tag, id) => tag + shift(id))
    .replace(/(<wp:post_parent>)(\d+)/, (_, tag, id) => tag + (id === '0' ? id : shift(id)))
    .replace(
      /(<wp:meta_key>(?:<!\[CDATA\[)?_thumbnail_id(?:\]\]>)?<\/wp:meta_key>\s*<wp:meta_value>(?:<!\[CDATA\[)?)(\d+)/,
      (_, tag, id) => tag + shift(id),
    )
    .replace(
      /(<wp:post_name>(?:<!\[CDATA\[)?)([^<\]]*)/,
      (_, tag, slug) => `${tag}${slug || 'item'}-copy-${n}`,
    )
    .replace(/(<guid[^>]*>)([^<]*)/, (_, tag, guid) => `${tag}${guid}#copy-${n}`)
    .replace(/(<link>)([^<]*)/, (_, tag, link) => `${tag}${link}#copy-${n}`)
}
