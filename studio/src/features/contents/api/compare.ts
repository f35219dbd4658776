import { diffWords } from 'diff'

/** What a comparison shows of a content: the text an editor reads. */
export interface ComparedText {
  title: string
  summary: string
  body: string
}

/** A run of words: in both, only in the older version (`removed`), or only in the current (`added`). */
export interface Change {
  value: string
  kind: 'same' | 'removed' | 'added'
}

/** Word by word, what changed from `older` to `current`, per field (jsdiff's `diffWords`). */
export function compareTexts(
  older: ComparedText,
  current: ComparedText,
): Record<keyof ComparedText, Change[]> {
  const field = (name: keyof ComparedText): Change[] =>
    diffWords(older[name], current[name]).map((part) => ({
      value: part.value,
      kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    }))
  return { title: field('title'), summary: field('summary'), body: field('body') }
}

/** The readable text of an html body: one line per block (browser only: it parses with the DOM). */
export function textOfHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html')
  const blocks = document.body.querySelectorAll('p, h1, h2, h3, h4, h5, h6, li, blockquote, pre')
  if (blocks.length === 0) return document.body.textContent?.trim() ?? ''
  return [...blocks]
    .filter((block) => block.querySelector('p, li, blockquote, pre') === null)
    .map((block) => block.textContent?.trim() ?? '')
    .filter((line) => line !== '')
    .join('\n')
}
