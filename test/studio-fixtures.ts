import { spawn } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import lockfile from 'proper-lockfile'
import { afterAll, beforeAll, expect } from 'vitest'
import { changedSince, STUDIO_INPUTS } from '../scripts/staleness.mjs'
import { STUDIO_DIR } from '../src/http/studio.js'
import { BROWSER_TESTS, closeContexts, describeInBrowser, freePort, workerBrowser } from './browser.js'
import {
  type FakeIssuer,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  startFakeIssuer,
} from './google-fixtures.js'
import { createTestContext, type SeededMember, type TestContext } from './helpers.js'

/** How long a browser test waits for a screen or an answer. */
export const WAIT = { timeout: 15_000 }

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url))

/**
 * `describe` for a Studio browser journey: `describeInBrowser`, so it runs wherever a Chromium is
 * (both databases; skipped with the reason printed when there is none). `useStudioServer` builds
 * Studio first when its build is missing or stale.
 */
export const describeStudioJourney = describeInBrowser

/**
 * Builds Studio when its build is missing or older than a source it reads (the rule of `npm
 * start`'s prestart, scripts/staleness.mjs), so a test never drives an app older than the
 * checkout (about 15 s). Under a lock: the two test workers may ask at once.
 */
export async function ensureStudioBuilt(): Promise<void> {
  const builtAt = () => {
    const index = `${STUDIO_DIR}/index.html`
    return existsSync(index) ? statSync(index).mtimeMs : 0
  }
  if (changedSince(STUDIO_INPUTS, builtAt(), REPOSITORY) === undefined) return
  const release = await lockfile.lock(`${REPOSITORY}studio`, {
    lockfilePath: `${REPOSITORY}studio/.build-lock`,
    realpath: false,
    retries: { retries: 120, minTimeout: 500, maxTimeout: 1000 },
  })
  try {
    const changed = changedSince(STUDIO_INPUTS, builtAt(), REPOSITORY)
    if (changed === undefined) return
    console.warn(
      `Building Studio: ${builtAt() === 0 ? 'no build yet' : `${changed} changed since the build`}.`,
    )
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build (about
    // 320 KB compressed instead of 240: test/studio-budget.test.ts would measure the wrong app).
    // Asynchronously: the lock is refreshed on a timer while the build runs; a build blocking the
    // event loop would let it go stale and another worker rebuild over the files being served.
    const build = spawn('npm', ['run', 'build', '--silent', '-w', '@folio/studio'], {
      stdio: 'inherit',
      cwd: REPOSITORY,
      env: { ...process.env, NODE_ENV: 'production' },
    })
    const code = await new Promise<number | null>((resolve, reject) => {
      build.once('error', reject)
      build.once('exit', resolve)
    })
    if (code !== 0) throw new Error(`Building Studio failed (exit code ${code}).`)
  } finally {
    await release()
  }
}

/** axe-core's serious and critical violations on the page as it is now (rule id: nodes). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) stays in force.
  // Once per document: a page that stays on one document keeps it between checks.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const page = globalThis as any
    const result = await page.axe.run(page.document, { resultTypes: ['violations'] })
    return result.violations
      .filter((violation: any) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation: any) => `${violation.id}: ${violation.nodes.map((node: any) => node.target).join(', ')}`,
      )
  })
  return violations
}

/** No serious or critical axe violation on `screen`, once every notification and dialog shows fully. */
export async function expectAccessible(page: Page, screen: string) {
  // A notification fading in or out blends into the page behind it: check once every one shows fully.
  await expect
    .poll(() =>
      page.$$eval('.mantine-Notification-root', (roots: any[]) =>
        roots.every((root) => {
          for (let node = root; node !== null; node = node.parentElement) {
            if ((globalThis as any).getComputedStyle(node).opacity !== '1') return false
          }
          return true
        }),
      ),
    )
    .toBe(true)
  // So does a dialog or drawer opening or closing.
  await expect
    .poll(() =>
      page.$$eval('[role="dialog"]', (dialogs: any[]) =>
        dialogs.every((dialog) => (globalThis as any).getComputedStyle(dialog).opacity === '1'),
      ),
    )
    .toBe(true)
  expect(await axeViolations(page), screen).toEqual([])
}

/** Adds a category on the categories screen through its dialog, under `parent` when given (by name). */
export async function newCategory(page: Page, name: string, parent?: string) {
  await page.getByRole('button', { name: 'New category' }).click()
  const dialog = page.getByRole('dialog', { name: 'New category' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
  if (parent !== undefined) {
    await dialog.getByRole('combobox', { name: 'Parent' }).click()
    await page.getByRole('option', { name: parent, exact: true }).click()
  }
  await dialog.getByRole('button', { name: 'Create' }).click()
  await page.getByText(`Category ${name} created.`).waitFor(WAIT)
  await dialog.waitFor({ state: 'detached', ...WAIT })
}

/**
 * Closes the confirmations in the corner (several stacked ones move while axe reads them) with their
 * close buttons, as a reader would rather than waiting out their four seconds, and waits until
 * every one has gone.
 */
export async function noNotifications(page: Page) {
  for (const close of await page.locator('.mantine-Notification-root button[aria-label="Close"]').all()) {
    // One may close by itself between the lookup and the click.
    await close.click({ timeout: 1_000 }).catch(() => {})
  }
  await expect.poll(() => page.locator('.mantine-Notification-root').count(), WAIT).toBe(0)
}

/** What a Studio browser test file drives: a Folio serving the built Studio, its origin, a Chromium. */
export interface StudioServer {
  ctx: TestContext
  /** `http://127.0.0.1:<port>`, also the server's PUBLIC_URL. */
  origin: string
  browser: Browser
}

/**
 * Starts, for the test file, a Folio (on the run's database) listening on a free port and serving
 * the built Studio (built first when stale), and takes the worker's Chromium (`workerBrowser`);
 * after the file the Folio stops and the file's browser contexts close. Nothing
 * starts when the run drives no browser (`BROWSER_TESTS`). `env` adds configuration that
 * depends on the origin (e.g. Google's issuer). Members are set once `beforeAll` ran.
 */
export function useStudioServer(
  env: (origin: string) => Record<string, string> | Promise<Record<string, string>> = () => ({}),
): StudioServer {
  const studio = {} as StudioServer
  if (!BROWSER_TESTS) return studio
  beforeAll(async () => {
    await ensureStudioBuilt()
    const port = await freePort()
    studio.origin = `http://127.0.0.1:${port}`
    studio.ctx = await createTestContext({
      env: { PUBLIC_URL: studio.origin, ...(await env(studio.origin)) },
    })
    await studio.ctx.app.listen({ port, host: '127.0.0.1' })
    studio.browser = await workerBrowser()
  }, 180_000)
  afterAll(async () => {
    await closeContexts(studio.browser)
    await studio.ctx?.close()
  })
  return studio
}

/** How `openStudioPage` differs for a journey from Studio's usual desktop page. */
export interface StudioPageOptions {
  /** 1280×800 unless given (a phone's is 390×844). */
  viewport?: { width: number; height: number }
  /** The browser's time zone, when a journey types or reads times. */
  timezoneId?: string
  /**
   * Failed answers the journey causes on purpose, which are then no problem: `<status> <path>` of
   * this server (`400 /api/collections`, the query included when there is one), or a pattern for it.
   */
  expected?: (string | RegExp)[]
}

/**
 * A fresh browser context and page as Studio's journeys use them (en-US, 1280×800, reduced motion so
 * notifications show without a fade for axe, `WAIT` as the default timeout). Console errors and
 * page errors are pushed to `problems` (the session probe before sign-in answers 200, so a first
 * visit logs none), except the answers `options.expected` names.
 */
export async function openStudioPage(
  studio: StudioServer,
  problems: string[],
  { viewport = { width: 1280, height: 800 }, timezoneId, expected = [] }: StudioPageOptions = {},
) {
  const context = await studio.browser.newContext({
    locale: 'en-US',
    viewport,
    reducedMotion: 'reduce',
    ...(timezoneId === undefined ? {} : { timezoneId }),
  })
  const page = await context.newPage()
  page.setDefaultTimeout(WAIT.timeout)
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const url = message.location().url
    const status = /status of (\d{3})/.exec(message.text())?.[1]
    const answer = `${status} ${url.startsWith(studio.origin) ? url.slice(studio.origin.length) : url}`
    if (expected.some((known) => (typeof known === 'string' ? known === answer : known.test(answer)))) return
    problems.push(`${message.text()} (${url})`)
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return { context, page }
}

/** Fills Studio's sign-in screen (which the page shows) and submits it. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor(WAIT)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('textbox', { name: 'Password' }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/**
 * `openStudioPage` on `path` of `member`'s tenant (`/admin/t/<tenant><path>`), signed in there as
 * `member`; the page's problems are collected in the returned `problems`.
 */
export async function openSignedIn(
  studio: StudioServer,
  member: SeededMember,
  path: string,
  options?: StudioPageOptions,
) {
  const problems: string[] = []
  const { context, page } = await openStudioPage(studio, problems, options)
  await page.goto(`${studio.origin}/admin/t/${member.tenantId}${path}`)
  await signIn(page, member.email, member.password)
  return { context, page, problems }
}

/**
 * `useStudioServer` with Google sign-in configured against a local OpenID provider playing Google;
 * `google.issuer` is set once `beforeAll` ran, and stops after the file.
 */
export function useStudioServerWithGoogle() {
  const google = {} as { issuer: FakeIssuer }
  const studio = useStudioServer(async () => {
    google.issuer = await startFakeIssuer()
    return { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER_URL: google.issuer.issuer }
  })
  afterAll(() => google.issuer?.close())
  return { studio, google }
}
