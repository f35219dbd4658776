import { Type } from 'typebox'
import { declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const gallery = { id: Id, title: Type.String(), itemCount: Type.Integer() }

/** The galleries family's events (its routes ask the media and content permissions). */
export const declarations = declareFamily({
  events: {
    'gallery.created': payload('A gallery was created', gallery),
    'gallery.updated': payload('A gallery was changed (items: its items or their media changed)', {
      ...gallery,
      changed: Changed,
    }),
    'gallery.deleted': payload('A gallery was deleted (its media stay)', gallery),
  },
  activity: { nouns: { gallery: 'the gallery' } },
})
