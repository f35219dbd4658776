// Builds dist/ only when a source is newer than the last build, so `npm start` on unchanged sources
// starts at once and never rewrites the files of a server that is running from them.
// `--check-lock`: first refuse, with the holder's pid, when the embedded database's DATA_DIR is held by
// a running Folio (the server would refuse to start anyway, after a needless rebuild under it).
import { execSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import lockfile from 'proper-lockfile'
import { BUILD_INPUTS, changedSince } from './staleness.mjs'

const STAMP = 'dist/.build-stamp'

if (process.argv.includes('--check-lock')) checkLock()

/** What the build writes beside dist/: a missing one (deleted by hand) makes the build stale too. */
const OUTPUTS = existsSync('studio') ? ['studio/dist/index.html'] : []

const stamp = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0
const changed =
  changedSince(BUILD_INPUTS, stamp) ?? OUTPUTS.find((output) => stamp > 0 && !existsSync(output))
if (changed === undefined) {
  console.log('dist/ is up to date with the sources; not rebuilding.')
} else {
  console.log(stamp === 0 ? 'Building dist/ …' : `Sources changed (${changed}); building dist/ …`)
  const started = Date.now()
  execSync('npm run build --silent', { stdio: 'inherit' })
  writeFileSync(STAMP, `${new Date().toISOString()}\n`)
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}

/** Exits 1 naming the holder when a live Folio holds the embedded database's DATA_DIR. */
function checkLock() {
  if (process.env.DATABASE_URL) return
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const lockfilePath = join(dataDir, 'folio.lock')
  if (!existsSync(lockfilePath)) return
  // The same staleness rule as the server's lock (src/db/data-dir-lock.ts): 30 s without a refresh.
  if (!lockfile.checkSync(dataDir, { lockfilePath, stale: 30_000, realpath: false })) return
  let holder = 'another process'
  try {
    const { pid, startedAt } = JSON.parse(readFileSync(join(dataDir, 'folio.lock.json'), 'utf8'))
    process.kill(pid, 0)
    holder = `pid ${pid}, started ${startedAt}`
  } catch (err) {
    // A holder whose pid no longer runs was killed: the server takes its lock over at start.
    if (err?.code === 'ESRCH') return
  }
  console.error(
    `Folio is already running on ${dataDir} (${holder}); stop it first, or start another with DATA_DIR set to another directory. Nothing was rebuilt.`,
  )
  process.exit(1)
}
