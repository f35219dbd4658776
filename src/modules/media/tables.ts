import type { TableOwnership } from '../../db/ownership.js'
import { media, mediaUploads } from '../../db/schema/index.js'

/** The tables the media family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [media, mediaUploads],
  portable: {
    media: {
      export: true,
      note: 'the original file of each upload travels under media/; variants are made again',
    },
    media_uploads: { export: false, why: 'upload grants of this instance, minutes long' },
  },
} satisfies TableOwnership
