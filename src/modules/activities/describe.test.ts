import { describe, expect, it } from 'vitest'
import { ACCOUNT_EVENT_TYPES, EVENT_TYPES, SHARED_ACCOUNT_EVENT_TYPES } from '../../events/catalog.js'
import { ACTIVITY_WORDS, describeEvent } from './describe.js'

describe('activity descriptions', () => {
  // What reaches a tenant's activity log: its own events and the account events it shares.
  const logged = EVENT_TYPES.filter(
    (type) => !ACCOUNT_EVENT_TYPES.has(type) || SHARED_ACCOUNT_EVENT_TYPES.has(type),
  )

  it.each(logged)('%s is worded by the family that declares it', (type) => {
    if (ACTIVITY_WORDS.sentences[type] !== undefined) return
    const dot = type.lastIndexOf('.')
    expect(ACTIVITY_WORDS.nouns[type.slice(0, dot)], 'noun').toBeDefined()
    expect(ACTIVITY_WORDS.verbs[type.slice(dot + 1)], 'verb').toBeDefined()
  })

  it('says the verb, the noun and the record’s name; an actor that is the subject is said whole', () => {
    expect(describeEvent({ type: 'category.merged', payload: { name: 'News' } })).toBe(
      'merged the category “News”',
    )
    expect(describeEvent({ type: 'form.response.status-changed', payload: {} })).toBe(
      'changed the status of a response to the form',
    )
    expect(describeEvent({ type: 'member.joined', payload: { email: 'ada@example.com' } })).toBe(
      'joined the tenant',
    )
    // An event an older version recorded keeps a readable sentence.
    expect(describeEvent({ type: 'import.completed', payload: {} })).toBe('completed import')
  })
})
