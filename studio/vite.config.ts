import { readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { LANGUAGES } from './src/lib/language'
import { FIRST_SECTIONS } from './src/locales/sections'

/**
 * Writes `.br` and `.gz` beside every script and stylesheet of the build, which Folio serves to
 * the browsers that accept them (`preCompressed` in src/http/studio.ts): compressed once at build
 * time, never per request.
 */
function precompress(): Plugin {
  return {
    name: 'folio-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(file)) continue
        const path = join(options.dir ?? 'dist', file)
        const source = await readFile(path)
        await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }))
        await writeFile(
          `${path}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}

const STRINGS = 'virtual:studio-strings'
/** A chunk of strings: `\0virtual:studio-strings/<language>/<section, or first>`. */
const STRINGS_PART = /^\0virtual:studio-strings\/(\w+)\/(\w+)$/

/**
 * Studio's strings by section (docs/decisions/studio.md "Languages"): `src/locales/<language>.json`
 * stay the one file per language translators edit, and the build cuts each into chunks, one per
 * top-level key but for the first screen's sections (`FIRST_SECTIONS`), which make one chunk.
 * `virtual:studio-strings` exports, per language, `first` and `sections`: functions importing them.
 */
function strings(): Plugin {
  const locales = fileURLToPath(new URL('./src/locales/', import.meta.url))
  const first = new Set<string>(FIRST_SECTIONS)
  const importer = (language: string, part: string) => `() => import('${STRINGS}/${language}/${part}')`
  const perLanguage = (each: (language: string) => string) =>
    `{ ${LANGUAGES.map((language) => `${language}: ${each(language)}`).join(', ')} }`
  return {
    name: 'folio-strings',
    resolveId: (id) => (id === STRINGS || id.startsWith(`${STRINGS}/`) ? `\0${id}` : undefined),
    load(id) {
      const part = id === `\0${STRINGS}` ? undefined : STRINGS_PART.exec(id)
      if (part === null) return undefined
      // Every chunk reads the locale files, so an edit reaches the dev server's modules.
      const read = (language: string): Record<string, unknown> => {
        const file = join(locales, `${language}.json`)
        this.addWatchFile(file)
        return JSON.parse(readFileSync(file, 'utf8'))
      }
      if (part === undefined) {
        const later = Object.keys(read('en')).filter((section) => !first.has(section))
        return [
          `export const first = ${perLanguage((language) => importer(language, 'first'))}`,
          `export const sections = ${perLanguage(
            (language) =>
              `{ ${later.map((section) => `${section}: ${importer(language, section)}`).join(', ')} }`,
          )}`,
        ].join('\n')
      }
      const [, language = '', section = ''] = part
      const all = read(language)
      const chunk =
        section === 'first'
          ? Object.fromEntries(Object.entries(all).filter(([key]) => first.has(key)))
          : { [section]: all[section] }
      return `export default ${JSON.stringify(chunk)}`
    },
  }
}

/**
 * Studio's build: served by Folio under `/admin` (src/http/studio.ts), hashed files under
 * `/admin/assets`. `@folio/client` is read from its sources, so the app never waits for the
 * client's own build. `npm run dev:studio` proxies `/api` and `/media` to a running Folio
 * (`FOLIO_URL`, default http://localhost:3000).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), strings(), precompress()],
  resolve: {
    alias: {
      '@folio/client': fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        // Studio's strings are named apart from libraries' locale chunks (dayjs's `tr`):
        // `strings-<language>-<section>`, so that test/studio-budget.test.ts finds the first screen's.
        chunkFileNames: (chunk) => {
          const part = STRINGS_PART.exec(chunk.facadeModuleId ?? '')
          return part ? `assets/strings-${part[1]}-${part[2]}-[hash].js` : 'assets/[name]-[hash].js'
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': process.env.FOLIO_URL ?? 'http://localhost:3000',
      '/media': process.env.FOLIO_URL ?? 'http://localhost:3000',
    },
  },
})
