import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

// Node.js 22 and 24 (LTS) are supported; 20.19+ still runs Folio (README "Node.js versions").
// `npm ci` warns (EBADENGINE) for every installed package whose `engines.node` excludes the running
// version: none may exclude a supported line, and the ones that exclude 20 are known and named.
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; os?: string[] }>
}

/** Installed packages (optional platform binaries of other systems aside) whose engines exclude `version`. */
function excluding(version: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => {
      if (path === '') return false
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node
      if (range === undefined || semver.satisfies(version, range)) return false
      return !(entry.optional === true && entry.os !== undefined && !entry.os.includes(process.platform))
    })
    .map(([path]) => path.replace(/^.*node_modules\//, ''))
    .sort()
}

describe('engines of the locked dependencies', () => {
  it('accept every Node.js 22 and 24 LTS release from 22.20 and 24.12 on', () => {
    expect(excluding('22.20.0')).toEqual([])
    expect(excluding('24.12.0')).toEqual([])
  })

  it('exclude Node.js 20 only where the README says so', () => {
    expect(excluding('20.19.0').filter((name) => !name.startsWith('@napi-rs/lzma'))).toEqual([
      // Studio's drop zone: bundled into the browser app by Vite, never run by Node.
      '@mantine/dropzone',
      'attr-accept',
      'content-disposition',
      'cookie',
      'file-selector',
      'react-dropzone',
    ])
  })
})
