/** The search of the import screen: the import being followed, so a reload keeps following it. */
export function parseImportSearch(search: Record<string, unknown>): { import?: string } {
  return typeof search.import === 'string' && /^[a-f0-9]{24}$/.test(search.import)
    ? { import: search.import }
    : {}
}
