import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { writeWithFreeSlug } from '../../db/slugs.js'
import { errors } from '../../errors.js'
import { dbOf, type EventSink, transactional } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate, splitIdList } from '../../lib/paging.js'
import { requiredSlug, toSlug } from '../../lib/slug.js'
import { contentLinkWrites } from '../contents/index.js'
import {
  type CategoriesRepository,
  type CategoryFilter,
  type CategoryPatch,
  type CategoryRow,
  createCategoriesRepository,
} from './repository.js'
import type {
  Category,
  CategoryNode,
  CreateCategoryInput,
  ListCategoriesQuery,
  MergeCategoriesInput,
  UpdateCategoryInput,
} from './schemas.js'

const SLUG_KEY = 'categories_tenant_slug_key'
/** Room left in a generated slug for a `-<n>` suffix within the 240-character limit. */
const GENERATED_SLUG_MAX = 230

/**
 * Categories: a per-tenant tree (docs/decisions/content.md "Categories are a tree without cycles",
 * "Slugs"): cycles are refused, merges run in one transaction, slugs are decided by the unique
 * index and search text is matched literally (docs/decisions/input-hygiene.md "Strings an attacker
 * tries are harmless"). Works on a transaction too (`{ db: tx }`), for the importer. Every write
 * emits its `category.*` event in its transaction.
 */
export function createCategoriesService(deps: { db: Db; events: EventSink }) {
  const { db } = deps
  const repository = createCategoriesRepository(db)
  const write = transactional(db, deps.events)

  return {
    /**
     * `GET /api/categories`: a tree of roots with nested `children` (default) or a flat list, both
     * ordered by position then name. With `limit`, pages over flat rows or over tree roots; without,
     * everything on one page. In tree mode a match whose parent is filtered out becomes a root.
     */
    async list(context: TenantContext, query: ListCategoriesQuery) {
      const { tenantId } = context
      const filter: CategoryFilter = {
        search: query.search,
        ids: query.ids === undefined ? undefined : splitIdList(query.ids),
      }
      const paged = query.limit === undefined ? undefined : pageOf(query)
      if (query.flat === true) {
        if (paged === undefined) return unpaged((await repository.listAll(tenantId, filter)).map(toCategory))
        const { page, limit, offset } = paged
        const [rows, total] = await Promise.all([
          repository.listPage(tenantId, filter, offset, limit),
          repository.count(tenantId, filter),
        ])
        return { categories: rows.map(toCategory), pagination: paginate(page, limit, total) }
      }
      const roots = buildTree((await repository.listAll(tenantId, filter)).map(toCategory))
      if (paged === undefined) return unpaged(roots)
      const { page, limit, offset } = paged
      return {
        categories: roots.slice(offset, offset + limit),
        pagination: paginate(page, limit, roots.length),
      }
    },

    /** One category; 404 when missing or another tenant's. */
    async get(context: TenantContext, id: string): Promise<Category> {
      const row = await repository.findById(context.tenantId, id)
      if (row === undefined) throw errors.notFound('Category')
      return toCategory(row)
    },

    /** The category with this slug (exact, already normalized), or undefined (the WordPress importer adopts it). */
    async getBySlug(context: TenantContext, slug: string): Promise<Category | undefined> {
      const row = await createCategoriesRepository(dbOf(context, db)).findBySlug(context.tenantId, slug)
      return row === undefined ? undefined : toCategory(row)
    },

    /**
     * Creates a category. An explicit slug that is taken is a 409 SlugConflict; a slug generated
     * from the name gets `-2`, `-3`… instead. The parent must be a category of the tenant (400).
     */
    async create(context: TenantContext, input: CreateCategoryInput): Promise<Category> {
      const { tenantId } = context
      const parentId = input.parentId ?? null
      const values = { id: newId(), ...fieldsOf(input), name: input.name.trim(), parentId }
      const wanted =
        input.slug === undefined
          ? toSlug(values.name, GENERATED_SLUG_MAX) || 'category'
          : requiredSlug(input.slug, 'slug')
      return write(context, async (tx, emit) => {
        const repo = createCategoriesRepository(tx)
        if (parentId !== null && (await repo.findById(tenantId, parentId)) === undefined) {
          throw errors.validation('categories.parentNotFound')
        }
        const row = await writeWithFreeSlug(
          {
            slug: wanted,
            explicit: input.slug !== undefined,
            key: SLUG_KEY,
            lookup: () => repo.slugs(tenantId),
          },
          (slug) => repo.insert(tenantId, { ...values, slug }),
        )
        const category = toCategory(row)
        emit({ type: 'category.created', subjectId: category.id, payload: categoryFacts(category) })
        return category
      })
    },

    /**
     * Updates the given fields. Moving a category under itself or its descendant is a 400 cycle;
     * a moved category without a position goes after its new siblings. Slugs are not regenerated.
     */
    async update(context: TenantContext, id: string, input: UpdateCategoryInput): Promise<Category> {
      const { tenantId } = context
      const patch: CategoryPatch = fieldsOf(input)
      if (input.name !== undefined) patch.name = input.name.trim()
      if (input.slug !== undefined) patch.slug = requiredSlug(input.slug, 'slug')
      try {
        // A nested transaction is a savepoint, so a slug conflict leaves a caller's transaction usable.
        return await write(context, async (tx, emit) => {
          const repo = createCategoriesRepository(tx)
          const current = await repo.findById(tenantId, id)
          if (current === undefined) throw errors.notFound('Category')
          let appendTo: string | null | undefined
          if (input.parentId !== undefined && input.parentId !== current.parentId) {
            await assertValidParent(repo, tenantId, id, input.parentId)
            patch.parentId = input.parentId
            if (input.position === undefined) appendTo = input.parentId
          }
          const row = await repo.update(tenantId, id, patch, appendTo)
          if (row === undefined) throw errors.notFound('Category')
          const category = toCategory(row)
          emit({
            type: 'category.updated',
            subjectId: id,
            payload: { ...categoryFacts(category), changed: Object.keys(input) },
          })
          return category
        })
      } catch (err) {
        throw patch.slug !== undefined
          ? uniqueConflict(err, { [SLUG_KEY]: () => errors.slugConflict(patch.slug ?? '') })
          : err
      }
    },

    /**
     * Deletes a category. `cascade` (default true) removes its descendants too; false refuses with
     * 409 when it has children. Content links go with the categories (foreign key cascade).
     * Returns how many categories were removed.
     */
    async delete(
      context: TenantContext,
      id: string,
      cascade = true,
    ): Promise<{ success: true; deleted: number }> {
      const { tenantId } = context
      return write(context, async (tx, emit) => {
        const repo = createCategoriesRepository(tx)
        const current = await repo.findById(tenantId, id)
        if (current === undefined) throw errors.notFound('Category')
        let deleted: number
        if (cascade) deleted = await repo.deleteSubtree(tenantId, id)
        else if (await repo.deleteLeaf(tenantId, id)) deleted = 1
        else throw errors.conflict('categories.hasChildren')
        if (deleted === 0) throw errors.notFound('Category')
        emit({
          type: 'category.deleted',
          subjectId: id,
          payload: { id, name: current.name, slug: current.slug, deleted },
        })
        return { success: true as const, deleted }
      })
    },

    /**
     * Merges `sourceId` into `targetId` in one transaction: content links move (duplicates skipped),
     * children move under the target, the source is deleted. 400 when the ids are equal or the
     * target lies inside the source's subtree; 404 when either is missing.
     */
    async merge(context: TenantContext, input: MergeCategoriesInput) {
      const { tenantId } = context
      const { sourceId, targetId } = input
      if (sourceId === targetId) throw errors.validation('categories.sameMerge')
      return write(context, async (tx, emit) => {
        const repo = createCategoriesRepository(tx)
        await repo.lockTree(tenantId)
        if ((await repo.countExisting(tenantId, [sourceId, targetId])) !== 2) {
          throw errors.notFound('Category')
        }
        if (await repo.isInSubtree(tenantId, sourceId, targetId)) {
          throw errors.validation('categories.mergeIntoDescendant')
        }
        const updatedContents = await contentLinkWrites(tx).moveCategory(tenantId, sourceId, targetId)
        await repo.reparentChildren(tenantId, sourceId, targetId)
        await repo.delete(tenantId, sourceId)
        emit({
          type: 'category.merged',
          subjectId: targetId,
          payload: { sourceId, targetId, updatedContents },
        })
        return { success: true as const, updatedContents }
      })
    },
  }
}

export type CategoriesService = ReturnType<typeof createCategoriesService>

/** Checks a new parent inside the tree lock: it must exist and must not lie in the moved subtree. */
async function assertValidParent(
  repo: CategoriesRepository,
  tenantId: string,
  id: string,
  parentId: string | null,
): Promise<void> {
  if (parentId === null) return
  if (parentId === id) throw errors.validation('categories.ownParent')
  await repo.lockTree(tenantId)
  if ((await repo.findById(tenantId, parentId)) === undefined) {
    throw errors.validation('categories.parentNotFound')
  }
  if (await repo.isInSubtree(tenantId, id, parentId)) {
    throw errors.validation('categories.moveUnderDescendant')
  }
}

/** The optional writable fields present in `input`, as columns. */
function fieldsOf(input: UpdateCategoryInput): CategoryPatch {
  const patch: CategoryPatch = {}
  if (input.description !== undefined) patch.description = input.description
  if (input.defaultSortField !== undefined) patch.defaultSortField = input.defaultSortField
  if (input.defaultSortOrder !== undefined) patch.defaultSortOrder = input.defaultSortOrder
  if (input.position !== undefined) patch.position = input.position
  if (input.settings !== undefined) patch.settings = input.settings
  if (input.metadata !== undefined) patch.metadata = input.metadata
  return patch
}

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    parentId: row.parentId,
    position: row.position,
    defaultSortField: row.defaultSortField,
    defaultSortOrder: row.defaultSortOrder,
    settings: row.settings,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Nests sorted categories under their parents in one pass; order among siblings is kept. */
function buildTree(items: Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>(items.map((item) => [item.id, { ...item, children: [] }]))
  const roots: CategoryNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId)
    if (parent === undefined) roots.push(node)
    else parent.children.push(node)
  }
  return roots
}

function unpaged<T>(items: T[]) {
  return { categories: items, pagination: { page: 1, limit: items.length, total: items.length, pages: 1 } }
}

/** The facts a category event carries (src/events/catalog.ts). */
function categoryFacts(category: Category) {
  return { id: category.id, name: category.name, slug: category.slug, parentId: category.parentId }
}
