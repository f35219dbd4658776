import type { TableOwnership } from '../../db/ownership.js'
import { media, mediaUploads } from '../../db/schema/index.js'

/** The tables the media family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [media, mediaUploads],
} satisfies TableOwnership
