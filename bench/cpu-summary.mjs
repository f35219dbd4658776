// Summarises a V8 .cpuprofile (from `BENCH_CPU_PROF=1 npm run bench`, written to bench/results/cpu):
// self time by package / area and the top functions by self time, to see where Folio's CPU goes.
// A .cpuprofile samples the main thread's wall time: under a load that keeps both cores busy, time
// the thread waits to be scheduled again after a system call is charged to that call (`(writev)`),
// and GC work on V8's worker threads is missing. For CPU per request, use BENCH_PERF=1 (perf-summary.mjs).
// Usage: node bench/cpu-summary.mjs [file.cpuprofile] [topN]   (default: the newest profile)
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = join(dirname(fileURLToPath(import.meta.url)), 'results/cpu')
const file =
  process.argv[2] ||
  readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
const topN = Number(process.argv[3] ?? 30)
if (!file) throw new Error(`No .cpuprofile in ${dir}`)

const profile = JSON.parse(readFileSync(file, 'utf8'))
const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const selfUs = new Map()
// timeDeltas[i] is the time before samples[i]; attribute it to that sample's node.
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
})
const total = [...selfUs.values()].reduce((a, b) => a + b, 0)

/** Where a function lives: an npm package, Folio's own code, Node internals, or V8 states. */
function area(frame) {
  const url = frame.url ?? ''
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  if (url.includes('/dist/')) return `folio:${url.slice(url.indexOf('/dist/') + 6).replace(/\.js$/, '')}`
  if (url.startsWith('node:')) return 'node-internals'
  if (url === '') return `(${frame.functionName || 'native'})`
  return url
}

const parent = new Map()
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id)
const byArea = new Map()
const inclusiveArea = new Map()
const byFunction = new Map()
for (const [id, us] of selfUs) {
  const { callFrame } = nodes.get(id)
  const a = area(callFrame)
  byArea.set(a, (byArea.get(a) ?? 0) + us)
  // Inclusive: every area on the stack gets the sample once (time spent in it or below it).
  const seen = new Set()
  for (let at = id; at !== undefined; at = parent.get(at)) seen.add(area(nodes.get(at).callFrame))
  for (const name of seen) inclusiveArea.set(name, (inclusiveArea.get(name) ?? 0) + us)
  const name = `${callFrame.functionName || '(anonymous)'}  ${a} ${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`
  byFunction.set(name, (byFunction.get(name) ?? 0) + us)
}

const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)}%`
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n)
console.log(`${file}\ntotal sampled ${(total / 1e6).toFixed(1)} s\n\nSelf time by area:`)
for (const [name, us] of top(byArea, 25)) console.log(`  ${pct(us)}  ${name}`)
console.log('\nInclusive time by area (self + callees):')
for (const [name, us] of top(inclusiveArea, 25)) console.log(`  ${pct(us)}  ${name}`)
console.log(`\nTop ${topN} functions by self time:`)
for (const [name, us] of top(byFunction, topN)) console.log(`  ${pct(us)}  ${name}`)
