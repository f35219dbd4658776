import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { describe } from 'vitest'

/** Debian's Chromium (`apt-get install -y chromium`); Playwright's own browser download is not used. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * `describe` for tests that drive Chromium. Without the browser they are skipped with a notice,
 * unless `REQUIRE_BROWSER=1` (CI), where its absence fails the run instead of hiding the tests.
 * Studio's journeys go through `describeStudioJourney` (studio-fixtures.ts), which also runs them
 * in only one of CI's two runs of the suite (the PostgreSQL one); this file's own tests (the website
 * example) run in both.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (existsSync(CHROMIUM_PATH) || process.env.REQUIRE_BROWSER === '1') {
    describe(name, body)
    return
  }
  console.warn(`Skipping "${name}": no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`)
  describe.skip(name, body)
}

/**
 * A headless Chromium with the flags this closed network needs (no background connections that
 * would be refused, no first-run or component updates).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A free TCP port on the loopback interface, for a Folio a browser can reach. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

const EXAMPLE = new URL('../examples/website/', import.meta.url)
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

/**
 * Serves examples/website/ as committed on a free loopback port, except config.js, which is
 * `config()` (read at each request: it may name a Folio or tenant made after the server started).
 */
export async function serveWebsiteExample(config: () => Record<string, unknown>): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname
    if (path === '/config.js') {
      response
        .writeHead(200, { 'content-type': TYPES['.js'] })
        .end(`export default ${JSON.stringify(config())}\n`)
      return
    }
    const file = path === '/' ? 'index.html' : path.slice(1)
    if (!['index.html', 'site.js', 'style.css'].includes(file)) {
      response.writeHead(404).end()
      return
    }
    response
      .writeHead(200, { 'content-type': TYPES[extname(file)]! })
      .end(readFileSync(new URL(file, EXAMPLE)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}
