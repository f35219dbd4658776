import { Type } from 'typebox'
import { configSection, int } from '../../config-variables.js'
import { CRUD, declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const content = {
  id: Id,
  title: Type.String(),
  slug: Type.String(),
  status: Type.String({ description: 'draft, published, scheduled or archived' }),
  locale: Type.String({ description: 'The language of the content (slugs are unique per locale)' }),
}

/** The configuration of contents (`Config` members). */
export interface ContentsConfig {
  contentVersionsMax: number
}

/** The contents family's events (contents and their versions), permissions and configuration. */
export const declarations = declareFamily({
  events: {
    'content.created': payload('A content was created (translationOf: as a translation of that content)', {
      ...content,
      translationOf: Type.Optional(Id),
    }),
    'content.updated': payload('A content was changed (restoredVersionId: restored from that version)', {
      ...content,
      changed: Changed,
      restoredVersionId: Type.Optional(Id),
    }),
    'content.published': payload(
      'A content became published (with content.created or content.updated)',
      content,
    ),
    'content.unpublished': payload('A published content left the published status', content),
    'content.deleted': payload('A content was deleted', content),
    'content-version.deleted': payload('Versions of a content were deleted (the subject is the content)', {
      id: Id,
      title: Type.String(),
      versionIds: Type.Array(Id),
      versions: Type.Array(Type.Integer()),
    }),
  },
  activity: { nouns: { content: 'the content', 'content-version': 'versions of the content' } },
  // `preview`: reading unpublished content (docs/decisions/auth.md "Scopes follow the HTTP method").
  permissions: { content: [...CRUD, 'preview'] },
  config: configSection<ContentsConfig>()((to) => ({
    CONTENT_VERSIONS_MAX: to('contentVersionsMax', int(1, 10_000, 100, 'live versions kept per content')),
  })),
})
