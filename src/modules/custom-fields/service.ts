import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase, semicolonList } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { createDefinitionsRepository, type DefinitionRow } from './repository.js'
import type { CreateDefinitionInput, CustomFieldDefinition, UpdateDefinitionInput } from './schemas.js'
import { type FieldProblem, valueProblem } from './values.js'

const KEY_INDEX = 'custom_field_definitions_tenant_key_key'
/** Words a key may not be: they pollute prototypes when clients merge customFields into objects. */
const RESERVED_KEYS = new Set(['constructor', 'prototype'])
/** Definitions per tenant: every content write checks them all. */
export const MAX_DEFINITIONS = 200
const SELECT_TYPES = new Set(['select', 'multi-select'])
const REFERENCE_TYPES = new Set(['reference', 'multi-reference'])

/**
 * Custom field definitions (API contract: `/api/custom-field-definitions`;
 * docs/decisions/content.md "Custom field definitions"): typed, optionally required fields of
 * `contents.customFields`, unique by key per tenant (decided by the unique index). Writes emit
 * `custom-field-definition.*` events, which drop the cached definitions (definitions-cache.ts).
 * Content already stored is not rewritten when a definition changes: the new rules apply to the
 * next write of its customFields.
 */
export function createCustomFieldsService(deps: { db: Db; events: EventSink }) {
  const repository = createDefinitionsRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  return {
    /**
     * The tenant's definitions by position, label, key. API tokens (delivery clients) and
     * `onlyPublic` see the public ones only.
     */
    async list(context: TenantContext, onlyPublic = false): Promise<CustomFieldDefinition[]> {
      const rows = await repository.list(context.tenantId)
      const publicOnly = onlyPublic || context.actor.kind === 'apiToken'
      return rows.filter((row) => !publicOnly || row.public).map(toDefinition)
    },

    /**
     * Creates a definition. @throws ValidationFailed (reserved key, options, default, filterable json,
     * more than MAX_DEFINITIONS), Conflict (the key is taken).
     */
    async create(context: TenantContext, input: CreateDefinitionInput): Promise<CustomFieldDefinition> {
      const { tenantId } = context
      if (RESERVED_KEYS.has(input.key)) {
        throw errors.validation(phrase('customFields.keyReserved', { key: input.key }), [
          { path: '/key', message: phrase('customFields.reserved') },
        ])
      }
      const row = {
        id: newId(),
        key: input.key,
        label: input.label ?? input.key,
        description: input.description ?? '',
        type: input.type ?? 'text',
        options: input.options ?? [],
        required: input.required ?? false,
        defaultValue: input.defaultValue ?? null,
        public: input.public ?? true,
        filterable: input.filterable ?? false,
        searchable: input.searchable ?? false,
        position: input.position ?? 0,
      }
      assertConsistent(row)
      try {
        return await write(context, async (tx, emit) => {
          const repo = createDefinitionsRepository(tx)
          if ((await repo.count(tenantId)) >= MAX_DEFINITIONS) {
            throw errors.validation(phrase('customFields.tooMany', { most: MAX_DEFINITIONS }))
          }
          const actor = userIdOf(context)
          const created = toDefinition(
            await repo.insert(tenantId, { ...row, createdBy: actor, updatedBy: actor }),
          )
          emit({
            type: 'custom-field-definition.created',
            subjectId: created.id,
            payload: definitionFacts(created),
          })
          return created
        })
      } catch (err) {
        throw uniqueConflict(err, {
          [KEY_INDEX]: () => errors.conflict(phrase('customFields.keyExists', { key: input.key })),
        })
      }
    },

    /** Changes the given members (not the key). @throws NotFound, ValidationFailed. */
    async update(
      context: TenantContext,
      id: string,
      input: UpdateDefinitionInput,
    ): Promise<CustomFieldDefinition> {
      const { tenantId } = context
      return write(context, async (tx, emit) => {
        const repo = createDefinitionsRepository(tx)
        const current = await repo.findById(tenantId, id)
        if (current === undefined) throw errors.notFound('Custom field definition')
        const patch = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
        const typeChanged = input.type !== undefined && input.type !== current.type
        const merged = {
          ...current,
          // A field that stops being a select keeps no options; one that becomes one must send them.
          ...(typeChanged && !SELECT_TYPES.has(input.type as string) ? { options: [] } : {}),
          ...patch,
        } as DefinitionRow
        assertConsistent(merged)
        const updated = await repo.update(tenantId, id, {
          ...patch,
          options: merged.options,
          updatedAt: new Date(),
          updatedBy: userIdOf(context),
        })
        const definition = toDefinition(updated as DefinitionRow)
        emit({
          type: 'custom-field-definition.updated',
          subjectId: id,
          payload: { ...definitionFacts(definition), changed: Object.keys(patch) },
        })
        return definition
      })
    },

    /** Deletes a definition; stored values stay in the contents as free data. @throws NotFound. */
    async remove(context: TenantContext, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const deleted = await createDefinitionsRepository(tx).delete(context.tenantId, id)
        if (deleted === undefined) throw errors.notFound('Custom field definition')
        emit({
          type: 'custom-field-definition.deleted',
          subjectId: id,
          payload: { id, key: deleted.key, label: deleted.label },
        })
      })
    },
  }
}

export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>

type DefinitionShape = Pick<
  DefinitionRow,
  'key' | 'type' | 'options' | 'defaultValue' | 'filterable' | 'required'
>

/**
 * The rules between members: select types need distinct options and only they take any; the default
 * fits the type (none for references, which would point at a content); json is not filterable (a
 * query string value cannot say which JSON value it means).
 * @throws ValidationFailed naming each member that fails.
 */
function assertConsistent(definition: DefinitionShape) {
  const problems: FieldProblem[] = []
  const values = definition.options.map((option) => option.value)
  if (SELECT_TYPES.has(definition.type)) {
    if (values.length === 0)
      problems.push({
        path: '/options',
        message: phrase('customFields.optionsRequired', { type: definition.type }),
      })
    if (new Set(values).size !== values.length)
      problems.push({ path: '/options', message: phrase('customFields.distinctValues') })
  } else if (values.length > 0) {
    problems.push({
      path: '/options',
      message: phrase('customFields.optionsOnlySelect', { type: definition.type }),
    })
  }
  const fallback = definition.defaultValue ?? null
  if (fallback !== null) {
    if (REFERENCE_TYPES.has(definition.type)) {
      problems.push({
        path: '/defaultValue',
        message: phrase('customFields.notForType', { type: definition.type }),
      })
    } else if (problems.length === 0) {
      const problem = valueProblem(definition, fallback)
      if (problem !== undefined) problems.push({ path: '/defaultValue', message: problem })
    }
  }
  if (definition.filterable && definition.type === 'json') {
    problems.push({ path: '/filterable', message: phrase('customFields.notForType', { type: 'json' }) })
  }
  if (problems.length > 0) {
    const list = semicolonList(
      problems.map((problem) =>
        phrase('common.memberProblem', { member: problem.path.slice(1), problem: problem.message }),
      ),
    )
    throw errors.validation(phrase('customFields.invalidDefinition', { list }), problems)
  }
}

function toDefinition(row: DefinitionRow): CustomFieldDefinition {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    description: row.description,
    type: row.type,
    options: row.options,
    required: row.required,
    defaultValue: row.defaultValue ?? null,
    public: row.public,
    filterable: row.filterable,
    searchable: row.searchable,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The facts a custom-field event carries (src/events/catalog.ts). */
function definitionFacts(definition: CustomFieldDefinition) {
  return { id: definition.id, key: definition.key, label: definition.label, type: definition.type }
}
