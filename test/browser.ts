import { existsSync } from 'node:fs'
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
