/**
 * `npm run generate:client`: writes `packages/client/src/schema.ts` (the types) and
 * `packages/client/src/request-bodies.ts` (the request bodies' JSON schemas) from the OpenAPI
 * document of this checkout (scripts/client-schema.ts). Run it after changing a route's schema; the
 * client test fails until the committed files match the served document.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  CLIENT_SCHEMA_FILE,
  REQUEST_BODIES_FILE,
  renderClientSchema,
  renderRequestBodies,
  servedDocument,
} from './client-schema.js'

/** Writes `text` to `url` unless the file already holds it. */
function write(url: URL, text: string) {
  const file = fileURLToPath(url)
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
}

const document = await servedDocument()
write(CLIENT_SCHEMA_FILE, await renderClientSchema(document))
write(REQUEST_BODIES_FILE, renderRequestBodies(document))
