/** The intersection of a union's members: the type of the parts `mergeOwned` merges. */
export type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never

/**
 * Merges the entries of `parts` (owner → its entries; undefined: none) into one object, in the
 * parts' order. A key two owners declare throws, naming the key and both owners: a list assembled
 * from the families never lets one entry silently replace another's. `what` names an entry in the
 * message ("The event type").
 */
export function mergeOwned<P extends Record<string, object | undefined>>(
  what: string,
  parts: P,
): UnionToIntersection<NonNullable<P[keyof P]>> {
  const merged: Record<string, unknown> = {}
  const owners = new Map<string, string>()
  for (const [owner, entries] of Object.entries(parts)) {
    for (const [key, value] of Object.entries(entries ?? {})) {
      const first = owners.get(key)
      if (first !== undefined) throw new Error(`${what} "${key}" is declared by both ${first} and ${owner}.`)
      owners.set(key, owner)
      merged[key] = value
    }
  }
  return merged as UnionToIntersection<NonNullable<P[keyof P]>>
}
