/** What the editor writes: the Lexical tree and the HTML made from it (the API stores both). */
export interface EditorDocument {
  lexical: Record<string, unknown> | null
  html: string
}

/**
 * The node types of the editor's trees (the nodes `rich-text-editor.tsx` registers, and Lexical's
 * own): those that stand at the top of the body, and those only found inside them.
 */
const TOP_LEVEL_TYPES: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'quote',
  'list',
  'code',
  'image',
  'html-block',
])
const INNER_TYPES: ReadonlySet<string> = new Set(['text', 'linebreak', 'tab', 'link', 'listitem'])

interface SerializedNode {
  type?: unknown
  children?: unknown
}

/** Whether every node under `node` is of a type the editor knows (a tree is at most 32 levels deep). */
function knownBelow(node: SerializedNode): boolean {
  if (node.children === undefined) return true
  if (!Array.isArray(node.children)) return false
  return (node.children as SerializedNode[]).every(
    (child) =>
      typeof child === 'object' &&
      child !== null &&
      (TOP_LEVEL_TYPES.has(child.type as string) || INNER_TYPES.has(child.type as string)) &&
      knownBelow(child),
  )
}

/**
 * How the editor opens a content: from its Lexical tree when it has one the editor can open (a
 * serialized editor state, `{ root: { type: 'root', children: [...] } }`, of blocks at the top and
 * node types the editor has), else from its html (contents written through the API or imported
 * from WordPress have html only; a tree written by another editor is left as it is until saved),
 * else empty.
 */
export function openingOf(
  content: { lexical?: Record<string, unknown> | null; html?: string } | undefined,
): { kind: 'lexical'; state: string } | { kind: 'html'; html: string } | { kind: 'empty' } {
  const root = content?.lexical?.root as SerializedNode | undefined
  if (
    root !== undefined &&
    root.type === 'root' &&
    Array.isArray(root.children) &&
    root.children.length > 0 &&
    (root.children as SerializedNode[]).every((child) => TOP_LEVEL_TYPES.has(child?.type as string)) &&
    knownBelow(root)
  ) {
    return { kind: 'lexical', state: JSON.stringify(content?.lexical) }
  }
  const html = content?.html?.trim() ?? ''
  return html === '' ? { kind: 'empty' } : { kind: 'html', html }
}
