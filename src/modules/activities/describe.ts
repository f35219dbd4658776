import type { CommittedEvent } from '../../events/event-log.js'

/**
 * The human side of an activity (docs/decisions/jobs-and-events.md "Activities"): a sentence for
 * each event type, and the metadata kept with it: the event's ids and short facts (title, slug,
 * status, what changed), never its large or free members (html, lexical, customFields) and never a
 * secret (payloads carry none).
 */
const RESOURCE_WORDS: Record<string, string> = {
  content: 'the content',
  category: 'the category',
  tag: 'the tag',
  media: 'the media',
  'api-token': 'the API token',
  tenant: 'the tenant',
  member: 'the member',
  settings: 'the tenant settings',
  user: 'the account',
  import: 'the import',
  webhook: 'the webhook',
  gallery: 'the gallery',
  form: 'the form',
  'content-version': 'versions of the content',
  'custom-field-definition': 'the custom field',
  role: 'the role',
  invitation: 'the invitation',
  'form.response': 'a response to the form',
  collection: 'the collection',
  'collection-entry': 'the collection entry',
  menu: 'the menu',
  placement: 'the placement',
}

const VERB_WORDS: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  published: 'published',
  unpublished: 'unpublished',
  merged: 'merged',
  invited: 'invited',
  joined: 'joined',
  removed: 'removed',
  restored: 'restored',
  'ownership-transfer-requested': 'offered the ownership of',
  'ownership-transferred': 'transferred the ownership of',
  'ownership-transfer-cancelled': 'withdrew the ownership offer of',
  archived: 'archived',
  'status-changed': 'changed the status of',
  purged: 'permanently deleted',
  'role-changed': 'changed the role of',
  left: 'left',
  deactivated: 'deactivated',
  reactivated: 'reactivated',
  reinvited: 'invited again',
  'logged-in': 'logged in to',
  'logged-out': 'logged out of',
  'login-failed': 'failed to log in to',
  'password-changed': 'changed the password of',
  'password-reset': 'reset the password of',
  'google-signed-in': 'signed in with Google to',
  'google-linked': 'linked a Google account to',
  'google-unlinked': 'unlinked the Google account from',
  'profile-updated': 'updated the profile of',
  completed: 'completed',
  failed: 'failed',
}

/**
 * Events whose actor is their subject, said whole: "joined the tenant", not "joined the member
 * “ada@example.com”" (the actor's name already stands in front).
 */
const OWN_SENTENCES: Record<string, string> = {
  'member.joined': 'joined the tenant',
  'member.left': 'left the tenant',
}

/** The record's name in a payload: its title, name, e-mail or slug. */
function nameOf(payload: Record<string, unknown>): string | undefined {
  for (const key of ['title', 'name', 'email', 'slug', 'url']) {
    const value = payload[key]
    if (typeof value === 'string' && value !== '')
      return value.length > 120 ? `${value.slice(0, 117)}…` : value
  }
  return undefined
}

/** "created the content “Hello”"; the actor's name is put in front by the caller. */
export function describeEvent(event: Pick<CommittedEvent, 'type' | 'payload'>): string {
  const own = OWN_SENTENCES[event.type]
  if (own !== undefined) return own
  const dot = event.type.lastIndexOf('.')
  const resource = event.type.slice(0, dot)
  const verb = event.type.slice(dot + 1)
  const what = RESOURCE_WORDS[resource] ?? resource.replace(/[.-]/g, ' ')
  const name = nameOf(event.payload)
  return `${VERB_WORDS[verb] ?? verb} ${what}${name === undefined ? '' : ` “${name}”`}`
}

const FACT_KEYS = ['id', 'title', 'name', 'slug', 'status', 'email', 'role', 'previousRole', 'changed', 'url']

/** Ids and short facts of a payload for the activity's metadata. */
export function metadataOf(event: Pick<CommittedEvent, 'subjectId' | 'payload'>): Record<string, unknown> {
  const metadata: Record<string, unknown> = {}
  if (event.subjectId) metadata.subjectId = event.subjectId
  for (const [key, value] of Object.entries(event.payload)) {
    const short =
      typeof value === 'string' ? value.length <= 300 : typeof value !== 'object' || value === null
    if (FACT_KEYS.includes(key) || key.endsWith('Id') || key.endsWith('Ids')) {
      if (short || Array.isArray(value)) metadata[key] = value
    }
  }
  return metadata
}
