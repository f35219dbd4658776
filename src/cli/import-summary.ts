import type { WordPressImportSummary } from '../modules/imports/index.js'

/** The summary both modes print on stdout: the target, a table of counts per kind, then details. */
export function formatSummary(summary: WordPressImportSummary): string {
  const tenant = summary.tenant.created
    ? `new tenant "${summary.tenant.slug}"`
    : `tenant "${summary.tenant.slug}"`
  const lines = [
    `${summary.dryRun ? 'Dry run (nothing written): would import' : 'Imported'} "${summary.siteTitle}" into ${tenant}`,
    `${'kind'.padEnd(12)}${'created'.padStart(9)}${'existing'.padStart(10)}${'updated'.padStart(9)}${'skipped'.padStart(9)}`,
  ]
  // updated: of the existing, changed by this run (html repaired, a file copied, a menu placed).
  for (const [kind, counts] of Object.entries(summary.counts)) {
    lines.push(
      `${kind.padEnd(12)}${String(counts.created).padStart(9)}${String(counts.existing).padStart(10)}${String(counts.updated).padStart(9)}${String(counts.skipped).padStart(9)}`,
    )
  }
  const statuses = Object.entries(summary.statuses).map(([status, count]) => `${status} ${count}`)
  lines.push(`content statuses: ${statuses.join(', ')}`)
  const files = summary.mediaFiles
  lines.push(
    files.mode === 'external'
      ? 'attachment files: left on the WordPress site (external media; --copy-media copies them into Folio)'
      : `attachment files: ${files.copied} copied into Folio, ${files.external} left external${files.external > 0 ? ' (see the problems; running the import again tries them again)' : ''}`,
  )
  const skipped = Object.entries(summary.skipped).map(([reason, count]) => `${reason} ${count}`)
  if (skipped.length > 0) lines.push(`skipped: ${skipped.join(', ')}`)
  for (const problem of summary.problems) lines.push(`problem: ${problem.key}: ${problem.message}`)
  return `${lines.join('\n')}\n`
}
