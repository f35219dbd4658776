/** What Studio's build (`vite build` of studio/) reads, the typed client's sources included. */
export declare const STUDIO_INPUTS: readonly string[]
/** What `npm run build` reads (server, typed client, Studio). */
export declare const BUILD_INPUTS: readonly string[]
/** The first of `inputs` (paths under `root`) modified after `since` (ms since the epoch), or undefined. */
export declare function changedSince(
  inputs: readonly string[],
  since: number,
  root?: string,
): string | undefined
/** The newest modification time (ms) under `path` (a file or a directory), 0 when missing. */
export declare function newest(path: string): number
