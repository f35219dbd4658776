import { Type } from 'typebox'
import { declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const tag = { id: Id, title: Type.String(), slug: Type.String() }

/** The tags family's events (its routes ask the categories and content permissions). */
export const declarations = declareFamily({
  events: {
    'tag.created': payload('A tag was created', tag),
    'tag.updated': payload('A tag was renamed', { ...tag, changed: Changed }),
    'tag.deleted': payload('A tag was deleted (contents lost it)', tag),
  },
  activity: { nouns: { tag: 'the tag' } },
})
