// Bench report: the results table (Folio vs the bare reference server per route), the targets check,
// and the JSON written to bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Targets: throughput as a ratio to the bare reference server in the same run (what Folio's own
 * layers cost, whatever the machine), Folio's peak RSS, absolute throughput where given, p99 latency.
 * A route may set its own ratio (`minRatio`: the uncached public content routes, 0.9).
 */
export const TARGETS = { minRatio: 0.85, maxRssMB: 150, maxP99Ms: 50 }

const fmt = (n, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '-'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

/** Evaluates every target for every measured route. */
export function checkTargets(rows) {
  const checks = []
  for (const row of rows) {
    const ratio = row.folio.rps / row.reference.rps
    const minRatio = row.minRatio ?? TARGETS.minRatio
    checks.push({
      route: row.key,
      target: `>= ${minRatio * 100}% of reference`,
      actual: `${fmt(ratio * 100, 1)}%`,
      pass: ratio >= minRatio,
    })
    if (row.minRps !== undefined) {
      checks.push({
        route: row.key,
        target: `>= ${fmt(row.minRps)} req/s`,
        actual: `${fmt(row.folio.rps)} req/s`,
        pass: row.folio.rps >= row.minRps,
      })
    }
    checks.push({
      route: row.key,
      target: `p99 < ${TARGETS.maxP99Ms} ms`,
      actual: `${fmt(row.folio.p99, 1)} ms`,
      pass: row.folio.p99 < TARGETS.maxP99Ms,
    })
    checks.push({
      route: row.key,
      target: `peak RSS <= ${TARGETS.maxRssMB} MB`,
      actual: `${fmt(row.folio.rssPeakMB)} MB`,
      pass: row.folio.rssPeakMB <= TARGETS.maxRssMB,
    })
    const errors = row.folio.non2xx + row.folio.errors
    checks.push({ route: row.key, target: 'no errors / non-2xx', actual: String(errors), pass: errors === 0 })
  }
  return checks
}

function printGrid(header, lines) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)))
  const render = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`
  console.log(render(header))
  console.log(
    `|${widths.map((w, i) => (i === 0 ? ':' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|`,
  )
  for (const line of lines) console.log(render(line))
}

/** Prints the results table and the targets check; returns the checks. */
export function printReport(rows) {
  console.log('')
  printGrid(
    [
      'route',
      'Folio req/s',
      'p50 ms',
      'p99 ms',
      'Folio RSS MB',
      'ref req/s',
      'ref p50',
      'ref p99',
      'ref RSS MB',
      'Folio/ref',
    ],
    rows.map((r) => [
      r.key,
      fmt(r.folio.rps),
      fmt(r.folio.p50, 1),
      fmt(r.folio.p99, 1),
      fmt(r.folio.rssPeakMB),
      fmt(r.reference.rps),
      fmt(r.reference.p50, 1),
      fmt(r.reference.p99, 1),
      fmt(r.reference.rssPeakMB),
      `${fmt((r.folio.rps / r.reference.rps) * 100, 1)}%`,
    ]),
  )
  console.log(
    '\n(RSS = peak VmRSS during the measured run; latencies from autocannon; bytes/response below.)',
  )
  const keyWidth = Math.max(...rows.map((r) => r.key.length))
  for (const r of rows) {
    const busy =
      r.backgroundCpuPct > 15 ? `; ${r.backgroundCpuPct}% background CPU before the run (unreliable)` : ''
    console.log(
      `  ${r.key.padEnd(keyWidth)} ${r.label}: Folio ${fmt(r.folioBytes)} B, reference ${fmt(r.referenceBytes)} B per response${busy}`,
    )
  }
  console.log('\nCPU per request in ms (server / PostgreSQL / load generator), from /proc:')
  printGrid(
    ['route', 'Folio', 'PG (Folio)', 'loadgen', 'reference', 'PG (ref)', 'loadgen '],
    rows.map((r) => {
      const f = r.folio.cpuMsPerRequest
      const x = r.reference.cpuMsPerRequest
      return [
        r.key,
        fmt(f.server, 3),
        fmt(f.postgres, 3),
        fmt(f.loadGenerator, 3),
        fmt(x.server, 3),
        fmt(x.postgres, 3),
        fmt(x.loadGenerator, 3),
      ]
    }),
  )
  const checks = checkTargets(rows)
  console.log('\nTargets:')
  printGrid(
    ['route', 'target', 'actual', 'result'],
    checks.map((c) => [c.route, c.target, c.actual, c.pass ? 'PASS' : 'MISS']),
  )
  const missed = checks.filter((c) => !c.pass).length
  console.log(missed === 0 ? '\nAll targets met.' : `\n${missed} of ${checks.length} targets missed.`)
  return checks
}

export function writeJson(file, data) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
}
