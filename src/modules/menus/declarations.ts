import { Type } from 'typebox'
import { CRUD, declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const menu = {
  id: Id,
  name: Type.String(),
  slug: Type.String(),
  location: Type.String(),
  status: Type.String(),
  itemCount: Type.Integer(),
}

/** The menus family's events and permissions. */
export const declarations = declareFamily({
  events: {
    'menu.created': payload('A menu was created', menu),
    'menu.updated': payload('A menu or its items were changed (items: the items changed)', {
      ...menu,
      changed: Changed,
    }),
    'menu.deleted': payload('A menu was deleted', menu),
  },
  activity: { nouns: { menu: 'the menu' } },
  permissions: { menus: CRUD },
})
