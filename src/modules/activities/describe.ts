import type { ActivityWords } from '../../declare.js'
import type { CommittedEvent } from '../../events/event-log.js'
import { mergeOwned } from '../../lib/registry.js'
import { activityWordsOf } from '../declarations.js'

/**
 * The human side of an activity (docs/decisions/jobs-and-events.md "Activities"): a sentence for
 * each event type, and the metadata kept with it: the event's ids and short facts (title, slug,
 * status, what changed), never its large or free members (html, lexical, customFields) and never a
 * secret (payloads carry none). Each family words its own events in its `declarations.ts`
 * (`activity`: the nouns of its resources, its own verbs, sentences said whole); the verbs below are
 * everyone's.
 */
const COMMON_VERBS: Readonly<Record<string, string>> = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  published: 'published',
  unpublished: 'unpublished',
  archived: 'archived',
  restored: 'restored',
}

/** The words of the activity log: the common verbs and every family's words (`modules/declarations.ts`). */
export const ACTIVITY_WORDS: Readonly<Record<keyof ActivityWords, Readonly<Record<string, string>>>> = {
  nouns: mergeOwned('The activity noun', activityWordsOf('nouns')),
  verbs: mergeOwned('The activity verb', { 'the activity log': COMMON_VERBS, ...activityWordsOf('verbs') }),
  sentences: mergeOwned('The activity sentence', activityWordsOf('sentences')),
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
  const own = ACTIVITY_WORDS.sentences[event.type]
  if (own !== undefined) return own
  const dot = event.type.lastIndexOf('.')
  const resource = event.type.slice(0, dot)
  const verb = event.type.slice(dot + 1)
  // An event recorded by an older version may name words no family declares any more.
  const what = ACTIVITY_WORDS.nouns[resource] ?? resource.replace(/[.-]/g, ' ')
  const name = nameOf(event.payload)
  return `${ACTIVITY_WORDS.verbs[verb] ?? verb} ${what}${name === undefined ? '' : ` “${name}”`}`
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
