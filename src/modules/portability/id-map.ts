import { newId } from '../../lib/ids.js'

const ID_TOKEN = /[0-9a-f]{24}/g
const WHOLE_ID = /^[0-9a-f]{24}$/

/**
 * Old ids of an archive → new ids of the importing instance (docs/decisions/portability.md "Ids are
 * issued again"). Every id is `collect`ed first (the import's first pass), then `seal` issues the
 * new ones in the order of the old: rows read back by primary key come out in the order they went
 * in, so two exports of the same data list their rows alike. The same old id always gives the same
 * new id, whatever table it appears in.
 */
export class IdMap {
  private readonly seen = new Set<string>()
  private map: Map<string, string> | undefined

  /** Notes an old id (24 lowercase hex); anything else is ignored. Before `seal` only. */
  collect(value: unknown): void {
    if (this.map !== undefined) throw new Error('The id map is sealed.')
    if (typeof value === 'string' && WHOLE_ID.test(value)) this.seen.add(value)
  }

  /** Issues a new id to every collected one, keeping their order (ids are time-led and fresh). */
  seal(): void {
    const olds = [...this.seen].sort()
    const fresh = olds.map(() => newId()).sort()
    this.map = new Map(olds.map((old, i) => [old, fresh[i]!]))
  }

  get size(): number {
    return this.sealed().size
  }

  /** The new id of `old`, or undefined when it was never collected. */
  get(old: string): string | undefined {
    return this.sealed().get(old)
  }

  /** `text` with each 24-hex token the map knows replaced by its new id. */
  replaceIn(text: string): string {
    const map = this.sealed()
    return text.replace(ID_TOKEN, (token) => map.get(token) ?? token)
  }

  /** `value` (any JSON) with every string in it passed through `replaceIn`, keys of objects included. */
  deep(value: unknown): unknown {
    if (typeof value === 'string') return this.replaceIn(value)
    if (Array.isArray(value)) return value.map((item) => this.deep(item))
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, item]) => [
          this.replaceIn(key),
          this.deep(item),
        ]),
      )
    }
    return value
  }

  private sealed(): Map<string, string> {
    if (this.map === undefined) throw new Error('The id map is not sealed yet.')
    return this.map
  }
}
