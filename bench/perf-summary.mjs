// Where a server's CPU goes per request, from a Linux `perf record` of its process (`BENCH_PERF=1
// npm run bench` records one for Folio and one for the reference per route, in bench/results/perf).
// perf samples CPU time on every thread (V8's GC workers included), where a V8 .cpuprofile
// (cpu-summary.mjs) samples the main thread's wall time: on a loaded 2-core machine a thread
// preempted on its way out of a system call is charged to that call (`(writev)` then looks like
// half of Folio's time), and concurrent marking on the worker threads is not seen at all.
// Usage: node bench/perf-summary.mjs <perf.data> <requests> [topN]
// Needs `perf` (Debian: linux-perf); the server must run with --perf-basic-prof for JS names.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** Symbol patterns → category, first match wins; `[k]` symbols are the kernel. */
const CATEGORIES = [
  [
    'major GC',
    /Marking|Sweep|MarkCompact|SizeFromMap|IteratePointers|ShouldVisit|MemoryChunkData|VisitEmbedded|Worklist|ProcessStrongHeapObject/,
  ],
  ['minor GC', /Scaveng|SemiSpace|ArrayBufferSweeper/],
  ['hashing', /sha256|sha1|md5|Hash::HashUpdate/],
  ['string copy / UTF-8', /memmove|memcpy|WriteToFlat|Utf8|WriteUtf8/],
  ['JIT compile', /compiler::|Maglev|Turbofan|GraphReducer|Compile/],
  ['JS and builtins', /JS:|Builtins_|\[JIT\]/],
  ['malloc / free', /malloc|free|_int_|unlink_chunk|calloc/],
]

/**
 * Reads `file` with `perf report`: `{ msPerRequest, categories: [[name, ms per request]],
 * symbols: [[symbol, ms per request]] }`, largest first. `requests`: how many the record covered.
 * @throws when perf is missing or cannot read the file.
 */
export function summarisePerf(file, requests) {
  const text = execFileSync(
    'perf',
    ['report', '-i', file, '--no-children', '--sort', 'sym', '-g', 'none', '--stdio'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
  const events = Number(/Event count \(approx\.\): (\d+)/.exec(text)?.[1] ?? 0)
  // cpu-clock events count nanoseconds of CPU time.
  const msPerRequest = events / 1e6 / Math.max(1, requests)
  const categories = new Map()
  const symbols = []
  for (const line of text.split('\n')) {
    const match = /^\s+([\d.]+)%\s+(\[[.k]\])\s+(.*)$/.exec(line)
    if (!match) continue
    const ms = (Number(match[1]) / 100) * msPerRequest
    const symbol = match[3].trim()
    const category =
      match[2] === '[k]'
        ? 'kernel'
        : (CATEGORIES.find(([, pattern]) => pattern.test(symbol))?.[0] ?? 'other native')
    categories.set(category, (categories.get(category) ?? 0) + ms)
    symbols.push([symbol, ms])
  }
  const byCost = (a, b) => b[1] - a[1]
  return { msPerRequest, categories: [...categories].sort(byCost), symbols: symbols.sort(byCost) }
}

/** Prints a summary: total and per category in ms per request, then the `topN` symbols. */
export function printPerfSummary(label, summary, topN = 15) {
  console.log(`${label}: ${summary.msPerRequest.toFixed(3)} ms of CPU per request`)
  for (const [name, ms] of summary.categories) console.log(`  ${ms.toFixed(3).padStart(7)}  ${name}`)
  console.log(`  top ${topN} symbols:`)
  for (const [name, ms] of summary.symbols.slice(0, topN))
    console.log(`  ${ms.toFixed(4).padStart(7)}  ${name.slice(0, 120)}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, requests, topN] = process.argv.slice(2)
  if (!file || !Number(requests)) {
    console.error('Usage: node bench/perf-summary.mjs <perf.data> <requests> [topN]')
    process.exit(1)
  }
  printPerfSummary(file, summarisePerf(file, Number(requests)), Number(topN ?? 15))
}
