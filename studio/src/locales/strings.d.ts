/** Studio's strings, cut into chunks by the build (`strings()` in studio/vite.config.ts). */
declare module 'virtual:studio-strings' {
  /** Imports a chunk: its sections, as they read in the language's locale file. */
  type Chunk = () => Promise<{ default: Record<string, unknown> }>
  /** Per language: the first screen's sections (`FIRST_SECTIONS`), one chunk. */
  export const first: Readonly<Record<string, Chunk>>
  /** Per language: every other section, a chunk each. */
  export const sections: Readonly<Record<string, Readonly<Record<string, Chunk>>>>
}
