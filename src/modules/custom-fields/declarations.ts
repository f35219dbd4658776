import { Type } from 'typebox'
import { declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const definition = { id: Id, key: Type.String(), label: Type.String(), type: Type.String() }

/** The custom fields family's events (its routes ask the categories and content permissions). */
export const declarations = declareFamily({
  events: {
    'custom-field-definition.created': payload('A custom field was defined', definition),
    'custom-field-definition.updated': payload('A custom field definition was changed', {
      ...definition,
      changed: Changed,
    }),
    'custom-field-definition.deleted': payload('A custom field definition was deleted', {
      id: Id,
      key: Type.String(),
      label: Type.String(),
    }),
  },
  activity: { nouns: { 'custom-field-definition': 'the custom field' } },
})
