import { type Static, type TProperties, type TSchema, Type } from 'typebox'
import { ID_PATTERN } from '../lib/ids.js'

/**
 * The event catalog (docs/decisions/jobs-and-events.md "One catalog of events"): one TypeBox schema
 * per domain event type, the payload every `emit` of that type must give. `emit` only compiles with
 * a type named here and its payload shape (`DomainEvent` in event-log.ts); the OpenAPI document
 * publishes the same schemas as the webhook bodies (`WebhookEvent…` components).
 *
 * A payload is slim and uniform: the record's id and the few facts a consumer needs to tell which
 * record it is (title or name, slug, status, key), on an update `changed` (the names of the members
 * the write changed), and ids of related records. Never a whole record (no html, rich-text tree,
 * custom fields, form answers or collection data): a consumer that needs more reads the record by
 * its id. Never a secret (no password, token or hash, no SMTP password or webhook secret).
 */

const Id = Type.String({ pattern: ID_PATTERN, description: '24 lowercase hex characters' })

/** `schema` or null (OpenAPI's `nullable: true` in the published document). */
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

const Changed = Type.Array(Type.String(), {
  description: 'The names of the members the write changed (request members, e.g. "title", "status")',
})

function payload<P extends TProperties>(description: string, properties: P) {
  return Type.Object(properties, { additionalProperties: false, description })
}

const content = {
  id: Id,
  title: Type.String(),
  slug: Type.String(),
  status: Type.String({ description: 'draft, published, scheduled or archived' }),
}
const category = { id: Id, name: Type.String(), slug: Type.String(), parentId: Nullable(Type.String()) }
const tag = { id: Id, title: Type.String(), slug: Type.String() }
const collection = {
  id: Id,
  key: Type.String(),
  name: Type.String({ description: "The name in the collection's first language" }),
  status: Type.String(),
}
const entry = {
  id: Id,
  collectionKey: Type.String(),
  slug: Type.String(),
  status: Type.String(),
}
const definition = { id: Id, key: Type.String(), label: Type.String(), type: Type.String() }
const form = {
  id: Id,
  title: Type.String({ description: "The title in the form's first language" }),
  slug: Type.String(),
  status: Type.String(),
  version: Type.Integer({ description: 'The draft version' }),
  publishedVersion: Nullable(Type.Integer()),
}
const response = {
  id: Id,
  formId: Id,
  status: Type.String(),
  flaggedAsSpam: Type.Boolean(),
}
const gallery = { id: Id, title: Type.String(), itemCount: Type.Integer() }
const media = {
  id: Id,
  title: Nullable(Type.String()),
  sourceType: Type.String({ description: 'external or upload' }),
  mimeType: Nullable(Type.String()),
  status: Type.String(),
  variantsStatus: Type.String({ description: 'none, pending, ready or failed' }),
}
const member = {
  id: Id,
  userId: Id,
  email: Type.Optional(Type.String()),
  role: Type.String(),
}
const menu = {
  id: Id,
  name: Type.String(),
  slug: Type.String(),
  location: Type.String(),
  status: Type.String(),
  itemCount: Type.Integer(),
}
const placement = {
  id: Id,
  slug: Type.String(),
  name: Type.String(),
  status: Type.String(),
  version: Type.Integer(),
  experienceIds: Type.Array(Id),
}
const role = { id: Id, key: Type.String(), name: Type.String(), level: Type.Integer() }
const tenant = { id: Id, name: Type.String(), slug: Type.String() }
const account = { id: Id, email: Type.String() }

/** Every domain event type and its payload. */
export const EVENTS = {
  'api-token.created': payload('An API token was created (never its plaintext or hash)', {
    id: Id,
    name: Type.String(),
    role: Type.String(),
    scopes: Type.Array(Type.String()),
  }),
  'api-token.deleted': payload('An API token was deleted', { id: Id, name: Type.String() }),

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

  'collection.created': payload('A collection was defined', collection),
  'collection.updated': payload('A collection definition was changed', { ...collection, changed: Changed }),
  'collection.deleted': payload('An archived collection was deleted with its entries', collection),

  'collection-entry.created': payload('A collection entry was created', entry),
  'collection-entry.updated': payload('A collection entry was changed', { ...entry, changed: Changed }),
  'collection-entry.published': payload('A collection entry was changed to published', {
    ...entry,
    changed: Changed,
  }),
  'collection-entry.unpublished': payload('A published collection entry was changed to another status', {
    ...entry,
    changed: Changed,
  }),
  'collection-entry.deleted': payload('A collection entry was deleted', entry),

  'content.created': payload('A content was created', content),
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

  'form.created': payload('A form was created', form),
  'form.updated': payload('A form was changed', { ...form, changed: Changed }),
  'form.published': payload('A form version was published', form),
  'form.archived': payload('A form was archived', form),
  'form.restored': payload('An earlier form version was restored as the draft', form),
  'form.deleted': payload('A form was deleted with its versions and responses', form),
  'form.response.created': payload('A response was submitted (never its answers: read it by id)', {
    ...response,
    formVersion: Type.Integer(),
  }),
  'form.response.status-changed': payload("A response's status was changed", response),
  'form.response.deleted': payload('A response was deleted (kept with status deleted)', response),
  'form.response.purged': payload('A response was deleted permanently', { id: Id, formId: Id }),

  'gallery.created': payload('A gallery was created', gallery),
  'gallery.updated': payload('A gallery was changed (items: its items or their media changed)', {
    ...gallery,
    changed: Changed,
  }),
  'gallery.deleted': payload('A gallery was deleted (its media stay)', gallery),

  'media.created': payload('A media record was created (an external URL or a registered upload)', media),
  'media.updated': payload('A media record was changed (variantsStatus: its variants were made)', {
    ...media,
    changed: Changed,
  }),
  'media.deleted': payload('A media record was deleted', media),

  'member.invited': payload('A user was invited into the tenant', { ...member, status: Type.String() }),
  'member.reinvited': payload('An invitation was sent again', { ...member, status: Type.String() }),
  'member.joined': payload('A user joined the tenant (created it, accepted an invitation)', member),
  'member.left': payload('A member left the tenant (reason account-deleted: the account was deleted)', {
    ...member,
    previousStatus: Type.Optional(Type.String()),
    reason: Type.Optional(Type.String()),
  }),
  'member.removed': payload('A member was removed from the tenant', { ...member, status: Type.String() }),
  'member.role-changed': payload("A member's role was changed", { ...member, previousRole: Type.String() }),
  'member.deactivated': payload('A member was deactivated', {
    ...member,
    status: Type.String(),
    previousStatus: Type.String(),
  }),
  'member.reactivated': payload('A member was reactivated', {
    ...member,
    status: Type.String(),
    previousStatus: Type.String(),
  }),
  'member.updated': payload("A member's profile was changed by an administrator", {
    ...member,
    changed: Changed,
  }),

  'menu.created': payload('A menu was created', menu),
  'menu.updated': payload('A menu or its items were changed (items: the items changed)', {
    ...menu,
    changed: Changed,
  }),
  'menu.deleted': payload('A menu was deleted', menu),

  'placement.created': payload('A placement was created', placement),
  'placement.updated': payload('A placement or its experiences were changed', {
    ...placement,
    changed: Changed,
  }),
  'placement.deleted': payload('A placement was deleted', placement),

  'role.created': payload('A custom role was created', role),
  'role.updated': payload('A custom role was changed', { ...role, changed: Changed }),
  'role.deleted': payload("A custom role was deleted, its members moved to reassignedTo's role", {
    ...role,
    reassignedTo: Nullable(Type.String()),
    reassigned: Type.Integer({ description: 'Members moved to the other role' }),
  }),

  'settings.updated': payload("The tenant's settings were changed (never a secret's value)", {
    changed: Changed,
  }),

  'tag.created': payload('A tag was created', tag),
  'tag.updated': payload('A tag was renamed', { ...tag, changed: Changed }),
  'tag.deleted': payload('A tag was deleted (contents lost it)', tag),

  'tenant.created': payload('A tenant was created', {
    ...tenant,
    plan: Type.String(),
    status: Type.String(),
  }),
  'tenant.deleted': payload('A tenant was deleted (purged after purgeAfter, restorable until then)', {
    ...tenant,
    status: Type.Optional(Type.String()),
    deletionId: Type.Optional(Nullable(Type.String())),
    purgeAfter: Type.Optional(Type.String({ format: 'date-time' })),
    reason: Type.Optional(Type.String()),
  }),
  'tenant.restored': payload('A deleted tenant was restored', { ...tenant, status: Type.String() }),
  'tenant.ownership-transfer-requested': payload('The ownership of the tenant was offered to a member', {
    id: Id,
    name: Type.String(),
    transferId: Id,
    toUserId: Id,
    email: Type.String(),
  }),
  'tenant.ownership-transfer-cancelled': payload('An open ownership transfer of the tenant was withdrawn', {
    id: Id,
    name: Type.String(),
    transferId: Id,
    toUserId: Id,
  }),
  'tenant.ownership-transferred': payload('The ownership of the tenant was transferred', {
    id: Id,
    name: Type.String(),
    fromUserId: Id,
    toUserId: Id,
  }),

  'user.profile-updated': payload('A user changed their profile', {
    ...account,
    firstName: Type.String(),
    lastName: Type.String(),
    changed: Changed,
  }),
  'user.password-changed': payload('A user changed their password', account),
  'user.password-reset': payload('A user reset their password', account),
  'user.google-signed-in': payload('A user signed in with Google (created: the account was made)', {
    ...account,
    created: Type.Boolean(),
  }),
  'user.google-linked': payload('A user linked a Google account', {
    ...account,
    googleEmail: Nullable(Type.String()),
  }),
  'user.google-unlinked': payload('A user unlinked their Google account', account),
  'user.registered': payload('An account was registered (unverified until its address is)', account),
  'user.email-verified': payload("An account's e-mail address was verified", account),
  'user.logged-in': payload('A user signed in with their password', account),
  'user.login-failed': payload(
    'A sign-in with a password failed (id: the account, when the address has one; never the address tried)',
    { id: Nullable(Id) },
  ),

  'feature-flag.created': payload('A platform administrator created a feature flag', {
    id: Id,
    key: Type.String(),
    defaultEnabled: Type.Boolean(),
  }),

  'webhook.redelivered': payload('A webhook delivery was sent again (never itself delivered)', {
    id: Id,
    type: Type.String(),
  }),
  'webhook.tested': payload('A test ping was sent (never itself delivered)', {
    id: Id,
    status: Type.String(),
    lastStatusCode: Nullable(Type.Integer()),
  }),
}

export type EventType = keyof typeof EVENTS

/**
 * Account-level events (docs/decisions/jobs-and-events.md "Account events have no tenant"): about
 * an account or the platform, recorded once with no tenant. Every other type is recorded in the
 * tenant it happened in.
 */
export const ACCOUNT_EVENT_TYPES: ReadonlySet<EventType> = new Set<EventType>([
  'user.profile-updated',
  'user.password-changed',
  'user.password-reset',
  'user.google-signed-in',
  'user.google-linked',
  'user.google-unlinked',
  'user.registered',
  'user.email-verified',
  'user.logged-in',
  'user.login-failed',
  'feature-flag.created',
])

/**
 * The account events each tenant where the user (the event's subject) is an active member also
 * hears, in its activity log and on its webhook: what a member did to their own account. Sign-ins,
 * registration and verification stay with the account.
 */
export const SHARED_ACCOUNT_EVENT_TYPES: ReadonlySet<EventType> = new Set<EventType>([
  'user.profile-updated',
  'user.password-changed',
  'user.password-reset',
  'user.google-signed-in',
  'user.google-linked',
  'user.google-unlinked',
])

/** The payload of an event of type `T`. */
export type EventPayload<T extends EventType> = Static<(typeof EVENTS)[T]>

/** The event types, in the catalog's order. */
export const EVENT_TYPES = Object.keys(EVENTS) as EventType[]

/** Whether `type` is a declared event type. */
export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENTS, type)
}
