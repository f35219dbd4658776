/**
 * `npm run generate:client`: writes `packages/client/src/schema.ts` from the OpenAPI document of
 * this checkout (scripts/client-schema.ts). Run it after changing a route's schema; the client
 * test fails until the committed file matches the served document.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CLIENT_SCHEMA_FILE, renderClientSchema, servedDocument } from './client-schema.js'

const text = await renderClientSchema(await servedDocument())
const file = fileURLToPath(CLIENT_SCHEMA_FILE)
let previous: string | undefined
try {
  previous = readFileSync(file, 'utf8')
} catch {
  previous = undefined
}
if (previous === text) {
  console.log(`${file} is up to date`)
} else {
  writeFileSync(file, text)
  console.log(`wrote ${file} (${text.length} characters)`)
}
