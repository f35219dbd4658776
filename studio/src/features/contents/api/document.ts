/** What the editor writes: the Lexical tree and the HTML made from it (the API stores both). */
export interface EditorDocument {
  lexical: Record<string, unknown> | null
  html: string
}

/**
 * How the editor opens a content: from its Lexical tree when it has a usable one (a serialized
 * editor state: `{ root: { type: 'root', children: [...] } }`), else from its html (contents
 * written through the API or imported from WordPress have html only), else empty.
 */
export function openingOf(
  content: { lexical?: Record<string, unknown> | null; html?: string } | undefined,
): { kind: 'lexical'; state: string } | { kind: 'html'; html: string } | { kind: 'empty' } {
  const root = content?.lexical?.root as { type?: unknown; children?: unknown } | undefined
  if (
    root !== undefined &&
    root.type === 'root' &&
    Array.isArray(root.children) &&
    root.children.length > 0
  ) {
    return { kind: 'lexical', state: JSON.stringify(content?.lexical) }
  }
  const html = content?.html?.trim() ?? ''
  return html === '' ? { kind: 'empty' } : { kind: 'html', html }
}
