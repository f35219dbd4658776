import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * A CommonJS package loaded at its first use instead of at start, synchronously: `load()` returns
 * its `module.exports`, required once. For packages only some requests need (HTML sanitizing,
 * XML parsing, user-agent parsing…): a process that never takes those requests never holds their
 * code. With openid-client loaded the same way, a server answering reads holds about 3 MB less
 * heap, which its old generation multiplies under load (docs/decisions/configuration.md "Memory").
 * A package that fails to load throws at that first use.
 */
export function lazyModule<T>(specifier: string): () => T {
  let loaded: T | undefined
  return () => {
    loaded ??= require(specifier) as T
    return loaded
  }
}
