import type { TableOwnership } from '../../db/ownership.js'
import { categories, categoryTranslations, contents, forms, menuItems, menus } from '../../db/schema/index.js'

/**
 * The tables the menus family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [menus, menuItems],
  portable: {
    menus: { export: true },
    menu_items: { export: true },
  },
  reads: [
    {
      table: contents,
      why: "a menu item that links a content must name one of the tenant's, and links its published translation in the reader's locale",
    },
    { table: categories, why: "a menu item that links a category must name one of the tenant's" },
    {
      table: categoryTranslations,
      why: "a menu item that links a category shows the category's slug in the reader's locale",
    },
    { table: forms, why: "a menu item that links a form must name one of the tenant's" },
  ],
} satisfies TableOwnership
