import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureStudioBuilt } from './studio-fixtures.js'

const DIST = join(import.meta.dirname, '..', 'studio', 'dist')
/** Compressed JavaScript the first screen may load (docs/decisions/studio.md, its quality bar). */
const FIRST_SCREEN_GZIP_BYTES = 250 * 1024

/** The scripts `index.html` loads before any screen: its module entry and the modules it preloads. */
function firstScreenScripts(html: string): string[] {
  const sources = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="\/admin\/([^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/admin\/([^"]+\.js)"/g),
  ]
  return sources.map((match) => match[1] as string)
}

/**
 * The larger of the languages' first-screen strings (`FIRST_SECTIONS`, studio/src/locales/sections.ts),
 * which the entry loads before the first screen renders; every other section loads with its screen.
 */
function firstStringsBytes(): number {
  const bundles = readdirSync(join(DIST, 'assets')).filter((name) =>
    /^strings-(en|tr)-first-[\w-]+\.js\.gz$/.test(name),
  )
  expect(bundles.length).toBe(2)
  return Math.max(...bundles.map((name) => statSync(join(DIST, 'assets', name)).size))
}

// Measures the build as it ships: built first when missing or older than a source of Studio.
beforeAll(() => ensureStudioBuilt(), 180_000)

describe('Studio build budget', () => {
  it('loads at most 250 KB of compressed JavaScript before the first screen', () => {
    const scripts = firstScreenScripts(readFileSync(join(DIST, 'index.html'), 'utf8'))
    expect(scripts.length).toBeGreaterThan(0)
    const total =
      scripts.reduce((sum, script) => sum + statSync(join(DIST, `${script}.gz`)).size, 0) +
      firstStringsBytes()
    expect(total).toBeLessThanOrEqual(FIRST_SCREEN_GZIP_BYTES)
  })
})
