import { type Static, Type } from 'typebox'
import { DateTime, Id, Nullable, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'

/** States of an import started through the API, in order; the last two are final. */
export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]

/** Phases of a running import, in order. */
export const IMPORT_PHASES = ['categories', 'tags', 'attachments', 'contents', 'menus'] as const

const Count = Type.Integer({ minimum: 0 })
const KindCounts = Type.Object({
  created: Count,
  existing: Count,
  updated: Type.Integer({
    minimum: 0,
    description:
      'Of existing, changed by this run: an html still as an earlier import wrote it brought up to date (paragraphs, copied files), an attachment left external copied, a menu placed at its location',
  }),
  skipped: Count,
})

export const ImportSchema = Type.Object({
  id: Id,
  tenantId: Id,
  source: Type.String({ description: 'Where the data comes from: wordpress' }),
  status: Type.Enum([...IMPORT_STATUSES]),
  dryRun: Type.Boolean({ description: 'Only counts what would be created; writes no content' }),
  copyMedia: Type.Boolean({
    description: "Copies the attachments' files into Folio's media (asked when the import was started)",
  }),
  siteTitle: Type.String(),
  sizeBytes: Type.Integer({ description: 'Size of the uploaded export' }),
  phase: Nullable(
    Type.String({
      enum: [...IMPORT_PHASES],
      description: 'The phase running now; null while queued and once finished',
    }),
  ),
  totals: Type.Object(
    { categories: Count, tags: Count, attachments: Count, contents: Count, menus: Count },
    { description: 'Items of each phase in the export (contents = posts and pages, menus = menu items)' },
  ),
  counts: Type.Object(
    {
      categories: KindCounts,
      tags: KindCounts,
      media: KindCounts,
      posts: KindCounts,
      pages: KindCounts,
      menus: KindCounts,
      menuItems: KindCounts,
    },
    {
      description:
        'Per kind, so far: created, already there (an earlier run, or a record adopted by slug), of those changed by this run, skipped',
    },
  ),
  statuses: Type.Object(
    { draft: Count, published: Count, scheduled: Count, archived: Count },
    { description: 'Folio statuses of the imported posts and pages' },
  ),
  skipped: Type.Unsafe<Record<string, number>>({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Skipped WordPress items by reason',
  }),
  problems: Type.Array(Type.Object({ key: Type.String(), message: Type.String() }), {
    description:
      'Items a Folio rule refused ("Not imported: …") or changed (a menu item nested too deep, or linking to something not imported), by WordPress import key; the rest of the import went on',
  }),
  mediaFiles: Type.Object(
    {
      mode: Type.Enum(['external', 'copied'], {
        description:
          "external: the attachments' files stay on the WordPress site (media records and the imported html keep its URLs; start with copyMedia=true to copy them). copied: they were downloaded into Folio's media",
      }),
      copied: Count,
      external: Count,
    },
    {
      description:
        'Attachments this run recorded with their file copied into Folio, and as external media (all of them without copyMedia; with it, those whose copy failed, each listed in problems). Counted once the import ends',
    },
  ),
  error: Nullable(Type.String({ description: 'Why a failed import stopped' })),
  createdAt: DateTime,
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
})
export type Import = Static<typeof ImportSchema>

export const ImportBody = Type.Object({ import: ImportSchema })

export const ImportPage = Type.Object({ imports: Type.Array(ImportSchema), pagination: Pagination })

export const ListImportsQuery = Type.Object(
  { ...PageQuery(100, 20), ...TenantQuery },
  { additionalProperties: false },
)
export type ListImportsQuery = Static<typeof ListImportsQuery>

export const StartImportQuery = Type.Object(
  {
    ...TenantQuery,
    dryRun: Type.Optional(
      Type.Boolean({ default: false, description: 'Count what would be created without writing it' }),
    ),
    copyMedia: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "Download the attachments' files into the tenant's media (upload checks, variants) and rewrite the imported html to them; otherwise they stay external",
      }),
    ),
  },
  { additionalProperties: false },
)

/**
 * The WXR export as the request body. No `type`: the body arrives as the request stream, which the
 * service spools and checks itself.
 */
export const WxrFileBody = Type.Unsafe<unknown>({
  description: 'The file of a WordPress export (WXR: Tools → Export in WordPress), UTF-8 XML',
})
