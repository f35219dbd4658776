import type { TableOwnership } from '../../db/ownership.js'
import {
  categories,
  categoryTranslations,
  contentCategories,
  contents,
  contentTags,
  contentVersions,
  galleries,
  galleryContents,
  galleryItems,
  media,
  previewTokens,
  tags,
  tagTranslations,
  users,
} from '../../db/schema/index.js'

/**
 * The tables the contents family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [contents, contentCategories, contentTags, contentVersions, previewTokens],
  portable: {
    contents: { export: true },
    content_categories: { export: true },
    content_tags: { export: true },
    content_versions: { export: true },
    preview_tokens: {
      export: false,
      why: 'short-lived credentials for drafts: a new instance issues its own',
    },
  },
  reads: [
    {
      table: categories,
      why: 'delivery and lists: contents filtered and shown with their categories (slugs, names)',
    },
    {
      table: categoryTranslations,
      why: "delivery: a content's categories named in the reader's locale; lists filtered by a category's name in any locale",
    },
    { table: tags, why: 'delivery and lists: contents filtered and shown with their tags' },
    {
      table: tagTranslations,
      why: "delivery: a content's tags named in the reader's locale; lists filtered by a tag's title in any locale",
    },
    {
      table: media,
      why: "delivery: the featured image and gallery media shown with a content; a featured image must be the tenant's",
    },
    { table: galleries, why: 'delivery: the galleries embedded in a content' },
    { table: galleryItems, why: "delivery and media usage: the media of a content's galleries" },
    {
      table: galleryContents,
      why: "a content's gallery ids, and which contents show a medium through a gallery",
    },
    { table: users, why: 'the names of the authors of versions and drafts' },
  ],
} satisfies TableOwnership
