import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { acquireDataDirLock } from '../src/db/data-dir-lock.js'

// `npm start` runs scripts/build-if-stale.mjs first: it must not rebuild dist/ under a running
// server, and must not rebuild unchanged sources at all.
const SCRIPT = resolve('scripts/build-if-stale.mjs')
const project = mkdtempSync(join(tmpdir(), 'folio-start-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

/** A project whose build appends a line to dist/builds (so the test can count builds). */
function makeProject() {
  mkdirSync(join(project, 'src'), { recursive: true })
  writeFileSync(join(project, 'src', 'server.ts'), 'export {}\n')
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'start-script-test',
      private: true,
      scripts: {
        build:
          "node -e \"require('fs').mkdirSync('dist',{recursive:true});require('fs').appendFileSync('dist/builds','x\\n')\"",
      },
    }),
  )
}

function run(args: string[], env: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  return spawnSync(process.execPath, [SCRIPT, ...args], {
    cwd: project,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  })
}

const builds = () =>
  readFileSync(join(project, 'dist', 'builds'), 'utf8')
    .split('\n')
    .filter(Boolean).length

describe('scripts/build-if-stale.mjs', () => {
  it('builds once, skips unchanged sources, and builds again after a source changes', () => {
    makeProject()
    expect(run([]).status).toBe(0)
    expect(builds()).toBe(1)
    const again = run([])
    expect(again.status).toBe(0)
    expect(again.stdout).toContain('dist/ is up to date with the sources; not rebuilding.')
    expect(builds()).toBe(1)
    const later = new Date(Date.now() + 5000)
    utimesSync(join(project, 'src', 'server.ts'), later, later)
    const changed = run([])
    expect(changed.stdout).toContain('Sources changed (src); building dist/')
    expect(builds()).toBe(2)
  })

  it('refuses, naming the pid, when a running Folio holds DATA_DIR, and rebuilds nothing', async () => {
    makeProject()
    const dataDir = join(project, 'data')
    const lock = await acquireDataDirLock(dataDir, { hint: '', onCompromised: () => {} })
    try {
      const before = builds()
      const later = new Date(Date.now() + 10_000)
      utimesSync(join(project, 'src', 'server.ts'), later, later)
      const refused = run(['--check-lock'], { DATA_DIR: dataDir })
      expect(refused.status).toBe(1)
      expect(refused.stderr).toContain(`Folio is already running on ${dataDir} (pid ${process.pid}, started `)
      expect(refused.stderr).toContain('Nothing was rebuilt.')
      expect(builds()).toBe(before)
      // With PostgreSQL there is no embedded database to hold.
      expect(
        run(['--check-lock'], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1/x' }).status,
      ).toBe(0)
    } finally {
      await lock.release()
    }
    expect(run(['--check-lock'], { DATA_DIR: dataDir }).status).toBe(0)
  })
})
