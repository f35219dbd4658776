import { createHash } from 'node:crypto'

/** Keys longer than this are hashed: they lead a primary key, and a btree entry has a size limit. */
const KEY_LENGTH_MAX = 200

/** What an item is identified by, as read from the export (empty strings for missing elements). */
export interface ItemIdentity {
  postId: string
  guid: string
  link: string
  type: string
  title: string
  slug: string
  /** The date as written (`wp:post_date_gmt`, `wp:post_date` or `pubDate`). */
  dateText: string
}

/**
 * Hands out the import key of each item of one export (see `WxrItem.key`). The key of an item is a
 * function of the file alone, so the same export gives the same keys on every run, which is what
 * makes a re-run find what an earlier (or interrupted) run created.
 */
export class ItemKeys {
  private readonly taken = new Set<string>()

  next(item: ItemIdentity): string {
    const base = bounded(
      item.postId !== ''
        ? item.postId
        : item.guid !== ''
          ? `guid:${item.guid}`
          : item.link !== ''
            ? `link:${item.link}`
            : `hash:${digest(item.type, item.title, item.dateText)}`,
    )
    // Two items claiming one id (a merged or hand-edited export) are told apart by what they hold.
    let key = base
    if (this.taken.has(key)) key = `${base}#${digest(item.type, item.title, item.dateText, item.slug)}`
    for (let n = 2; this.taken.has(key); n++) key = `${base}#${n}`
    this.taken.add(key)
    return key
  }
}

function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 16)
}

function bounded(key: string): string {
  if (key.length <= KEY_LENGTH_MAX) return key
  const kind = key.slice(0, key.indexOf(':'))
  return `${kind}:sha256:${createHash('sha256').update(key).digest('hex')}`
}
