import type { TableOwnership } from '../../db/ownership.js'
import { contents, galleries, galleryContents, galleryItems, media } from '../../db/schema/index.js'

/**
 * The tables the galleries family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [galleries, galleryItems, galleryContents],
  portable: {
    galleries: { export: true },
    gallery_items: { export: true },
    gallery_contents: { export: true },
  },
  reads: [
    { table: media, why: "a gallery's items are shown with their media" },
    { table: contents, why: 'a gallery is linked to a content of the tenant only' },
  ],
} satisfies TableOwnership
