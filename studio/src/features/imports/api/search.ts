const ID = /^[a-f0-9]{24}$/

/** The search of the import screen: the import being followed, so a reload keeps following it. */
export function parseImportSearch(search: Record<string, unknown>): { import?: string } {
  return typeof search.import === 'string' && ID.test(search.import) ? { import: search.import } : {}
}

/** The search of the import history: its page, and the import whose report is open. */
export function parseHistorySearch(search: Record<string, unknown>): { page?: number; import?: string } {
  const page = Number(search.page)
  return {
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
    ...parseImportSearch(search),
  }
}
