import { execSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { STUDIO_DIR } from '../src/http/studio.js'
import { launchBrowser } from './browser.js'
import { createTestContext, type TestContext } from './helpers.js'

/** How long a browser test waits for a screen or an answer. */
export const WAIT = { timeout: 15_000 }

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A free TCP port on the loopback interface, for a Folio a browser can reach. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Builds Studio when the checkout never did: CI builds before testing (about 15 s here). */
export function ensureStudioBuilt(): void {
  if (!existsSync(`${STUDIO_DIR}/index.html`)) {
    execSync('npm run build --silent -w @folio/studio', { stdio: 'inherit' })
  }
}

/** axe-core's serious and critical violations on the page as it is now (rule id: nodes). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) stays in force.
  await page.evaluate(axeSource)
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

/** Waits until the confirmations in the corner have closed (several stacked ones move while axe reads them). */
export async function noNotifications(page: Page) {
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
 * Starts, for the test file, a Folio on PGlite listening on a free port and serving the built Studio
 * (built first if the checkout never was), and a Chromium; both stop after the file. `env` adds
 * configuration that depends on the origin (e.g. `APP_URL`). Members are set once `beforeAll` ran.
 */
export function useStudioServer(env: (origin: string) => Record<string, string> = () => ({})): StudioServer {
  const studio = {} as StudioServer
  beforeAll(async () => {
    ensureStudioBuilt()
    const port = await freePort()
    studio.origin = `http://127.0.0.1:${port}`
    studio.ctx = await createTestContext({ env: { PUBLIC_URL: studio.origin, ...env(studio.origin) } })
    await studio.ctx.app.listen({ port, host: '127.0.0.1' })
    studio.browser = await launchBrowser()
  }, 90_000)
  afterAll(async () => {
    await studio.browser?.close()
    await studio.ctx?.close()
  })
  return studio
}
