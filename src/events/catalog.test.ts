import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { EVENT_TYPES, EVENTS, isEventType } from './catalog.js'

const SRC = fileURLToPath(new URL('..', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('the event catalog', () => {
  it('declares every event type that src/ emits by name', () => {
    // An emitted event names its type, then its subject: `type: 'content.created', subjectId: …`.
    const emitted = new Set<string>()
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /type: '([a-z-]+(?:\.[a-z-]+)+)',\s*subjectId/g,
      )) {
        emitted.add(match[1]!)
      }
    }
    expect(emitted.size).toBeGreaterThan(40)
    expect([...emitted].filter((type) => !isEventType(type))).toEqual([])
  })

  it('names types <resource>.<past-verb> and keeps payloads closed to undeclared members', () => {
    for (const type of EVENT_TYPES) {
      expect(type, type).toMatch(/^[a-z-]+(\.[a-z-]+)+$/)
      expect((EVENTS[type] as { additionalProperties?: boolean }).additionalProperties, type).toBe(false)
    }
  })

  it('refuses a content payload carrying the record’s html', () => {
    const slim = {
      id: 'a'.repeat(24),
      title: 'Hello',
      slug: 'hello',
      status: 'draft',
      locale: 'en',
      changed: ['html'],
    }
    expect(Value.Check(EVENTS['content.updated'], slim)).toBe(true)
    expect(Value.Check(EVENTS['content.updated'], { ...slim, html: '<p>Hi</p>' })).toBe(false)
    expect(isEventType('content.rewritten')).toBe(false)
  })
})
