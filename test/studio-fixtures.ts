import { execSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { STUDIO_DIR } from '../src/http/studio.js'

// What Studio's browser tests share: the build, a port, axe, and the console watch.

/** How long a browser test waits for a screen or an answer. */
export const WAIT = { timeout: 15_000 }

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Builds Studio when this checkout never did (CI builds before testing; about 15 s). */
export function ensureStudioBuilt(): void {
  if (!existsSync(`${STUDIO_DIR}/index.html`)) {
    execSync('npm run build --silent -w @folio/studio', { stdio: 'inherit' })
  }
}

export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
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

export async function expectAccessible(page: Page, screen: string) {
  // A notification fading in or out blends into the page behind it: check it once it has arrived.
  await expect
    .poll(() =>
      page.$$eval('.mantine-Notification-root', (roots: any[]) =>
        roots.every((root) => (globalThis as any).getComputedStyle(root.parentElement).opacity === '1'),
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
