/**
 * `npm run generate:i18n`: writes `src/i18n/keys.ts` (the typed catalog keys) from
 * `src/i18n/locales/en.json` (scripts/i18n-keys.ts). Run it after adding or changing a message.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { KEYS_FILE, renderCommittedKeys } from './i18n-keys.js'

const file = fileURLToPath(KEYS_FILE)
const text = renderCommittedKeys()
let previous: string | undefined
try {
  previous = readFileSync(file, 'utf8')
} catch {
  previous = undefined
}
if (previous === text) console.log(`${file} is up to date`)
else {
  writeFileSync(file, text)
  console.log(`wrote ${file}`)
}
