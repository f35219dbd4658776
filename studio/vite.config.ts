import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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

/**
 * Studio's build: served by Folio under `/admin` (src/http/studio.ts), hashed files under
 * `/admin/assets`. `@folio/client` is read from its sources, so the app never waits for the
 * client's own build. `npm run dev:studio` proxies `/api` and `/media` to a running Folio
 * (`FOLIO_URL`, default http://localhost:3000).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
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
        // Studio's own language bundles (src/locales) are named apart from libraries' locale chunks
        // (dayjs's `tr`), so that test/studio-budget.test.ts finds them.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/locales/')
            ? 'assets/language-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
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
