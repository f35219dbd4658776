import { Type } from 'typebox'
import { CRUD, declareFamily } from '../../declare.js'
import { Changed, Id, Nullable, payload } from '../../events/payloads.js'

const category = { id: Id, name: Type.String(), slug: Type.String(), parentId: Nullable(Type.String()) }

/** The categories family's events and permissions (tags and custom fields are governed by them too). */
export const declarations = declareFamily({
  events: {
    'category.created': payload('A category was created', category),
    'category.updated': payload('A category was changed', { ...category, changed: Changed }),
    'category.deleted': payload('A category (with its subtree when cascading) was deleted', {
      id: Id,
      name: Type.String(),
      slug: Type.String(),
      deleted: Type.Integer({ description: 'Categories deleted' }),
    }),
    'category.merged': payload('A category was merged into another (the subject is the target)', {
      sourceId: Id,
      targetId: Id,
      updatedContents: Type.Integer(),
    }),
  },
  activity: { nouns: { category: 'the category' }, verbs: { merged: 'merged' } },
  permissions: { categories: CRUD },
})
