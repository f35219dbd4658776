import { describe, expect, it } from 'vitest'
import { wordpressContentHtml } from './wpautop.js'

// Formatting runs on the import's thread: a crafted post must not hold it. Each text below made
// PHP's patterns, as JavaScript runs them, scan a run of spaces or an unclosed tag once per position
// in it (minutes for half a megabyte); matched piece by piece, each takes time in proportion to its
// length. Run by `npm run test:timing`; wpautop.test.ts checks the answers.

const LENGTH = 500_000
/** CPU milliseconds one text may take: a few times what its length costs, far below quadratic. */
const LIMIT_MS = 3000

const crafted: Record<string, string> = {
  'a run of spaces': `${' '.repeat(LENGTH)}x`,
  'spaces before a line end': `a${' '.repeat(LENGTH)}b\nc`,
  'spaces after an <option>': `<option>${' '.repeat(LENGTH)}x`,
  'spaces after a </object>': `</object>${' '.repeat(LENGTH)}x`,
  'spaces between <source> and <track>': `<source${' '.repeat(LENGTH)}x<track`,
  'block tags left open': `${'<divx'.repeat(LENGTH / 5)}>`,
  'list items left open': '<li'.repeat(LENGTH / 3),
  'paragraphs opening list items': '<p><li'.repeat(LENGTH / 6),
  'figcaptions left open': '<figcaption'.repeat(LENGTH / 11),
  'scripts never closed': '<script'.repeat(LENGTH / 7),
  'empty pre elements': '<pre></pre>'.repeat(LENGTH / 11),
  'galleries never closed': '<p>[gallery'.repeat(LENGTH / 11),
  'galleries closed once, then spaces': `${'<p>[gallery]'.repeat(LENGTH / 24)}[/gallery]${' '.repeat(LENGTH / 2)}`,
}

describe('wpautop on crafted text', () => {
  for (const [name, text] of Object.entries(crafted)) {
    it(`formats ${name} (${text.length} characters) in linear time`, () => {
      const started = process.cpuUsage()
      wordpressContentHtml(text)
      const used = process.cpuUsage(started)
      expect((used.user + used.system) / 1000).toBeLessThan(LIMIT_MS)
    })
  }
})
