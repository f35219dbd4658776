const ID = /^[a-f0-9]{24}$/

/** The search of the create-tenant screen: the archive tab (`?from=archive`) and the import it follows. */
export interface CreateTenantSearch {
  from?: 'archive'
  import?: string
}

/**
 * Parses the create-tenant screen's search (docs/decisions/studio.md "Lists in the address"): an
 * import followed keeps following after a reload, and opens the archive tab.
 */
export function parseCreateTenantSearch(search: Record<string, unknown>): CreateTenantSearch {
  const followed = typeof search.import === 'string' && ID.test(search.import) ? search.import : undefined
  if (followed !== undefined) return { from: 'archive', import: followed }
  return search.from === 'archive' ? { from: 'archive' } : {}
}
