import { type Static, type TSchema, Type } from 'typebox'
import {
  DateTime,
  Id,
  LocaleQuery,
  Nullable,
  PageQuery,
  Pagination,
  TenantQuery,
  TranslationsOf,
} from '../../http/schemas.js'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../lib/slug.js'

export const MENU_LOCATIONS = ['header', 'footer', 'sidebar', 'mobile', 'custom'] as const
export const MENU_STATUSES = ['draft', 'active', 'archived'] as const
/**
 * custom: a path on the site (`/about`, `#top`); external: an absolute http(s), mailto: or tel: URL;
 * content, category, form: a record of the tenant named by `referenceId`. The original's `page`
 * type is `content` here (Folio keeps pages as contents).
 */
export const MENU_ITEM_TYPES = ['custom', 'external', 'content', 'category', 'form'] as const
export type MenuItemType = (typeof MENU_ITEM_TYPES)[number]
/** Items per menu: the whole tree is read and rearranged at once. */
export const MAX_MENU_ITEMS = 500

const Text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description === undefined ? {} : { description }) })
const Name = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  'x-expect': 'text with a visible character',
})

/** An item's title in the tenant's other locales (docs/decisions/localization.md "Field-level localization"). */
const ItemTranslations = TranslationsOf({ title: Type.Optional(Name) }, { tr: { title: 'Hakkımızda' } })

const ItemFields = {
  id: Id,
  parentId: Nullable(Id),
  position: Type.Integer({ description: '0-based place among its siblings' }),
  title: Type.String(),
  type: Type.Enum([...MENU_ITEM_TYPES]),
  url: Nullable(Type.String({ description: 'For custom and external items' })),
  referenceId: Nullable(Id),
  target: Type.Enum(['_self', '_blank']),
  cssClasses: Type.String(),
  icon: Type.String(),
  description: Type.String(),
  isVisible: Type.Boolean(),
  translations: ItemTranslations,
  createdAt: DateTime,
  updatedAt: DateTime,
}
export const MenuItemSchema = Type.Object(ItemFields)
export type MenuItem = Static<typeof MenuItemSchema>

/** A tree node with `children` nested `levels` more times (menus nest at most 3 levels). */
function nested<T extends Record<string, TSchema>>(fields: T, levels: number): TSchema {
  const leaf = Type.Object({ ...fields, children: Type.Array(Type.Object({}), { maxItems: 0 }) })
  let node: TSchema = leaf
  for (let level = 1; level < levels; level++) node = Type.Object({ ...fields, children: Type.Array(node) })
  return node
}

const MenuFields = {
  id: Id,
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  location: Type.Enum([...MENU_LOCATIONS]),
  status: Type.Enum([...MENU_STATUSES]),
  itemCount: Type.Integer({ minimum: 0 }),
  createdAt: DateTime,
  updatedAt: DateTime,
}
export const MenuSummarySchema = Type.Object(MenuFields)
export type MenuSummary = Static<typeof MenuSummarySchema>
export const MenuSchema = Type.Object({
  ...MenuFields,
  items: Type.Array(nested(ItemFields, 3), {
    description: 'Every item (hidden ones too) as a tree, each level by position',
  }),
})
export type Menu = MenuSummary & { items: (MenuItem & { children: unknown[] })[] }

export const MenuBody = Type.Object({ menu: MenuSchema })
export const MenuItemBody = Type.Object({ item: MenuItemSchema })
export const MenuPage = Type.Object({ menus: Type.Array(MenuSummarySchema), pagination: Pagination })

export const ListMenusQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum([...MENU_STATUSES])),
    location: Type.Optional(Type.Enum([...MENU_LOCATIONS])),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the name' })),
    ...PageQuery(100, 20),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListMenusQuery = Static<typeof ListMenusQuery>

const MenuInputFields = {
  name: Name,
  slug: Type.String({
    minLength: 1,
    maxLength: SLUG_MAX_LENGTH,
    description: 'Normalized to a URL slug; default from the name. Unique in the tenant.',
  }),
  description: Text(1000),
  location: Type.Enum([...MENU_LOCATIONS], {
    description: 'Where the site shows it; one active menu per location except custom',
  }),
  status: Type.Enum([...MENU_STATUSES], { description: 'Only active menus are public' }),
}
export const CreateMenuBody = Type.Object(
  {
    name: MenuInputFields.name,
    slug: Type.Optional(MenuInputFields.slug),
    description: Type.Optional(MenuInputFields.description),
    location: Type.Optional({ ...MenuInputFields.location, default: 'header' }),
    status: Type.Optional({ ...MenuInputFields.status, default: 'draft' }),
  },
  { additionalProperties: false, example: { name: 'Main navigation', location: 'header', status: 'active' } },
)
export type CreateMenuInput = Static<typeof CreateMenuBody>

export const UpdateMenuBody = Type.Object(
  {
    name: Type.Optional(MenuInputFields.name),
    slug: Type.Optional(MenuInputFields.slug),
    description: Type.Optional(MenuInputFields.description),
    location: Type.Optional(MenuInputFields.location),
    status: Type.Optional(MenuInputFields.status),
  },
  { additionalProperties: false, minProperties: 1, example: { status: 'archived' } },
)
export type UpdateMenuInput = Static<typeof UpdateMenuBody>

const ItemInputFields = {
  title: Name,
  type: Type.Enum([...MENU_ITEM_TYPES]),
  url: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'custom: a path starting with / # or ?; external: http(s)://, mailto: or tel:',
    }),
  ),
  referenceId: Nullable({
    ...Id,
    description: 'The content, category or form of content/category/form items',
  }),
  target: Type.Enum(['_self', '_blank']),
  cssClasses: Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_ -]*$', 'x-expect': 'class names' }),
  icon: Text(100),
  description: Text(500),
  isVisible: Type.Boolean({ description: 'Hidden items stay in the admin tree and leave the public one' }),
  translations: ItemTranslations,
}
export const CreateMenuItemBody = Type.Object(
  {
    title: ItemInputFields.title,
    type: Type.Optional({ ...ItemInputFields.type, default: 'custom' }),
    url: Type.Optional(ItemInputFields.url),
    referenceId: Type.Optional(ItemInputFields.referenceId),
    target: Type.Optional({ ...ItemInputFields.target, default: '_self' }),
    cssClasses: Type.Optional(ItemInputFields.cssClasses),
    icon: Type.Optional(ItemInputFields.icon),
    description: Type.Optional(ItemInputFields.description),
    isVisible: Type.Optional({ ...ItemInputFields.isVisible, default: true }),
    translations: Type.Optional(ItemInputFields.translations),
    parentId: Type.Optional(Nullable(Id)),
    position: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_MENU_ITEMS, description: 'Default: after its siblings' }),
    ),
  },
  { additionalProperties: false, example: { title: 'About us', type: 'custom', url: '/about' } },
)
export type CreateMenuItemInput = Static<typeof CreateMenuItemBody>

export const UpdateMenuItemBody = Type.Object(
  {
    title: Type.Optional(ItemInputFields.title),
    type: Type.Optional(ItemInputFields.type),
    url: Type.Optional(ItemInputFields.url),
    referenceId: Type.Optional(ItemInputFields.referenceId),
    target: Type.Optional(ItemInputFields.target),
    cssClasses: Type.Optional(ItemInputFields.cssClasses),
    icon: Type.Optional(ItemInputFields.icon),
    description: Type.Optional(ItemInputFields.description),
    isVisible: Type.Optional(ItemInputFields.isVisible),
    translations: Type.Optional(ItemInputFields.translations),
  },
  { additionalProperties: false, minProperties: 1, example: { isVisible: false } },
)
export type UpdateMenuItemInput = Static<typeof UpdateMenuItemBody>

const Place = {
  parentId: Nullable({ ...Id, description: 'null for a root item' }),
  position: Type.Integer({ minimum: 0, maximum: MAX_MENU_ITEMS }),
}
export const MoveMenuItemBody = Type.Object(Place, {
  additionalProperties: false,
  example: { parentId: null, position: 0 },
})
export type MoveMenuItemInput = Static<typeof MoveMenuItemBody>

export const ReorderMenuItemsBody = Type.Object(
  {
    items: Type.Array(Type.Object({ id: Id, ...Place }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: MAX_MENU_ITEMS,
      description: 'New places of some or all items; each sibling group is then renumbered 0..n-1',
    }),
  },
  { additionalProperties: false },
)
export type ReorderMenuItemsInput = Static<typeof ReorderMenuItemsBody>

export const MenuParams = Type.Object({ id: Id }, { additionalProperties: false })
export const MenuItemParams = Type.Object({ id: Id, itemId: Id }, { additionalProperties: false })

/** The public form of an item: what a site needs to render a link, nothing of the admin. */
const PublicItemFields = {
  id: Id,
  title: Nullable(
    Type.String({
      description:
        'From the first locale of the reader’s chain that has one; null only with fallback=false, when the asked locale has none',
    }),
  ),
  type: Type.Enum([...MENU_ITEM_TYPES]),
  url: Nullable(Type.String({ description: 'custom and external items' })),
  reference: Nullable(
    Type.Object(
      {
        type: Type.Enum(['content', 'category', 'form']),
        id: Id,
        slug: Nullable(Type.String()),
        locale: Nullable(
          Type.String({
            description:
              'The locale of the slug (of the content translation, of the category slug); null for a form or a null slug',
          }),
        ),
      },
      {
        description:
          'The referenced record and its current slug, to build its URL: for a content, its published translation in the first locale of the reader’s chain that has one (`id` that translation’s), else the linked content itself; for a category, its slug in the chain; for a form, the slug of its public read. With fallback=false, a null slug when the asked locale has none.',
      },
    ),
  ),
  target: Type.Enum(['_self', '_blank']),
  cssClasses: Type.String(),
  icon: Type.String(),
  description: Type.String(),
}
export const PublicMenuBody = Type.Object({
  menu: Type.Object({
    id: Id,
    name: Type.String(),
    slug: Type.String(),
    description: Type.String(),
    location: Type.Enum([...MENU_LOCATIONS]),
    updatedAt: DateTime,
    tree: Type.Array(nested(PublicItemFields, 3)),
  }),
})
export const PublicMenuSlugParams = Type.Object(
  {
    slug: Type.String({
      minLength: 1,
      maxLength: SLUG_MAX_LENGTH,
      pattern: SLUG_PATTERN,
      'x-expect': 'a slug: lowercase letters and digits joined by single dashes',
    }),
  },
  { additionalProperties: false },
)
export const PublicMenuQuery = Type.Object(LocaleQuery, { additionalProperties: false })
export const PublicMenuLocationParams = Type.Object(
  { location: Type.Enum(['header', 'footer', 'sidebar', 'mobile']) },
  { additionalProperties: false },
)
