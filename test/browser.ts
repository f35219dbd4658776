import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, extname, join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import ts from 'typescript'
import { describe } from 'vitest'

/** Browser binaries looked for on PATH when CHROMIUM_PATH is unset, in this order. */
const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set, else the first of `CHROMIUM_NAMES`
 * on PATH (Debian's `apt-get install -y chromium` gives /usr/bin/chromium); undefined when there is
 * none. Playwright's own browser download is not used.
 */
export const CHROMIUM_PATH: string | undefined =
  process.env.CHROMIUM_PATH ||
  CHROMIUM_NAMES.flatMap((name) =>
    (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name)),
  ).find((path) => path.startsWith('/') && existsSync(path))

/**
 * Whether this run drives a browser: when there is one, or when `REQUIRE_BROWSER=1` (CI) makes a
 * missing one fail the run instead of hiding the tests.
 */
export const BROWSER_TESTS =
  (CHROMIUM_PATH !== undefined && existsSync(CHROMIUM_PATH)) || process.env.REQUIRE_BROWSER === '1'

/**
 * `describe` for tests that drive Chromium (Studio's journeys, the website example): skipped, with
 * the reason printed, when `BROWSER_TESTS` is false.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (BROWSER_TESTS) {
    describe(name, body)
    return
  }
  const missing =
    CHROMIUM_PATH === undefined
      ? `no Chromium on PATH (${CHROMIUM_NAMES.join(', ')}) and CHROMIUM_PATH unset`
      : `no browser at CHROMIUM_PATH=${CHROMIUM_PATH}`
  console.warn(`Skipping "${name}": ${missing}; install it (apt-get install -y chromium) to run it.`)
  describe.skip(name, body)
}

/**
 * A headless Chromium with the flags this closed network needs (no background connections that
 * would be refused, no first-run or component updates).
 */
export function launchBrowser(): Promise<Browser> {
  if (CHROMIUM_PATH === undefined) {
    throw new Error(`No Chromium on PATH (${CHROMIUM_NAMES.join(', ')}) and CHROMIUM_PATH unset.`)
  }
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

let workerChromium: Promise<Browser> | undefined

/**
 * The test worker's one Chromium, launched on first use (`launchBrowser`). A worker runs its files
 * one after another in one process (vitest.config.ts), so they share it instead of each starting
 * its own; each file works in contexts of its own and closes them with `closeContexts`. Playwright
 * ends it with the worker.
 */
export function workerBrowser(): Promise<Browser> {
  workerChromium ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => {
      workerChromium = undefined
    })
    return browser
  })
  return workerChromium
}

/** Closes every context still open in `browser` (what a file's tests left), keeping the browser. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()))
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

/**
 * The browser helpers of `@folio/client` (packages/client/src/browser.ts, which imports nothing)
 * compiled to JavaScript as the client's build does, into a temporary file: the path to give
 * `createTestContext({ browserClientFile })`, so that the example site imports the helpers of these
 * sources from `/client/browser.js` without waiting for a build.
 */
export function compileBrowserHelpers(): string {
  const source = readFileSync(new URL('../packages/client/src/browser.ts', import.meta.url), 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 },
  })
  const file = join(mkdtempSync(join(tmpdir(), 'folio-browser-helpers-')), 'browser.js')
  writeFileSync(file, outputText)
  return file
}
