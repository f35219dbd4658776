import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * Studio's build: served by Folio under `/admin` (src/http/studio.ts), hashed files under
 * `/admin/assets`. `@folio/client` is read from its sources, so the app never waits for the
 * client's own build. `npm run dev:studio` proxies `/api` and `/media` to a running Folio
 * (`FOLIO_URL`, default http://localhost:3000).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: {
      '@folio/client': fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': process.env.FOLIO_URL ?? 'http://localhost:3000',
      '/media': process.env.FOLIO_URL ?? 'http://localhost:3000',
    },
  },
})
