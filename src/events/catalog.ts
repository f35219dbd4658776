import type { Static } from 'typebox'
import { FAMILY_ACCOUNT_EVENTS, FAMILY_EVENTS } from '../modules/declarations.js'

/**
 * The event catalog (docs/decisions/jobs-and-events.md "One catalog of events"): one TypeBox schema
 * per domain event type, the payload every `emit` of that type must give, assembled from the events
 * each family declares in its `declarations.ts` (`src/modules/declarations.ts`; payload rules in
 * `events/payloads.ts`). `emit` only compiles with a type named here and its payload shape
 * (`DomainEvent` in event-log.ts); the OpenAPI document publishes the same schemas as the webhook
 * bodies (`WebhookEvent…` components).
 */

/** Every domain event type and its payload. */
export const EVENTS = FAMILY_EVENTS

export type EventType = keyof typeof EVENTS

/**
 * Account-level events (docs/decisions/jobs-and-events.md "Account events have no tenant"): about
 * an account or the platform, recorded once with no tenant. Every other type is recorded in the
 * tenant it happened in.
 */
export const ACCOUNT_EVENT_TYPES: ReadonlySet<EventType> = new Set(
  Object.keys(FAMILY_ACCOUNT_EVENTS).map(declaredType),
)

/**
 * The account events each tenant where the user (the event's subject) is an active member also
 * hears, in its activity log and on its webhook: what a member did to their own account. Sign-ins,
 * registration and verification stay with the account.
 */
export const SHARED_ACCOUNT_EVENT_TYPES: ReadonlySet<EventType> = new Set(
  Object.entries(FAMILY_ACCOUNT_EVENTS)
    .filter(([, heard]) => heard === 'shared')
    .map(([type]) => declaredType(type)),
)

/** The resource of an event type: all but its last segment (`form.response.created` → `form.response`). */
type ResourceOf<T extends string> = T extends `${infer Head}.${infer Tail}`
  ? Tail extends `${string}.${string}`
    ? `${Head}.${ResourceOf<Tail>}`
    : Head
  : never

/**
 * The resources events are about (`content`, `collection-entry`, `form.response` …): what a public
 * route's delivery cache depends on (docs/decisions/delivery.md "The delivery cache").
 */
export type EventResource = ResourceOf<EventType>

/** The payload of an event of type `T`. */
export type EventPayload<T extends EventType> = Static<(typeof EVENTS)[T]>

/** The event types, in the catalog's order. */
export const EVENT_TYPES = Object.keys(EVENTS) as EventType[]

/** Whether `type` is a declared event type. */
export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENTS, type)
}

/** `type`, which a family names as one of its account events: it must be one of the catalog's types. */
function declaredType(type: string): EventType {
  if (!isEventType(type)) throw new Error(`The account event "${type}" is no declared event type.`)
  return type
}
