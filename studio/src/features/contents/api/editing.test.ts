import { FolioError } from '@folio/client'
import { describe, expect, it } from 'vitest'
import {
  categoryRows,
  compareFields,
  customFieldErrors,
  isConnectionLost,
  otherChanges,
  splitTags,
  versionConflictOf,
} from './editing'

describe('versionConflictOf', () => {
  it('reads the version, time and author of the save that got there first', () => {
    const error = new FolioError(409, {
      error: 'VersionConflict',
      message: 'Someone else saved this content meanwhile',
      currentVersion: 4,
      updatedAt: '2026-11-26T10:00:00.000Z',
      updatedBy: 'u1',
      updatedByName: 'Ada Lovelace',
    })
    expect(versionConflictOf(error)).toEqual({
      currentVersion: 4,
      updatedAt: '2026-11-26T10:00:00.000Z',
      updatedBy: 'u1',
      updatedByName: 'Ada Lovelace',
    })
    const nameless = new FolioError(409, {
      error: 'VersionConflict',
      message: 'Someone else saved this content meanwhile',
      currentVersion: 5,
      updatedAt: '2026-11-26T10:00:00.000Z',
      updatedBy: null,
      updatedByName: '',
    })
    expect(versionConflictOf(nameless)?.updatedByName).toBeNull()
  })

  it('is undefined for any other failure', () => {
    expect(
      versionConflictOf(new FolioError(409, { error: 'SlugConflict', message: 'taken' })),
    ).toBeUndefined()
    expect(versionConflictOf(new Error('offline'))).toBeUndefined()
  })
})

describe('isConnectionLost', () => {
  it('is true for a request that never got an answer and for 502, 503 and 504', () => {
    expect(isConnectionLost(new TypeError('Failed to fetch'))).toBe(true)
    for (const status of [502, 503, 504])
      expect(isConnectionLost(new FolioError(status, undefined))).toBe(true)
  })

  it('is false for an answer the editor has to act on', () => {
    for (const status of [400, 409, 500])
      expect(isConnectionLost(new FolioError(status, undefined))).toBe(false)
    expect(isConnectionLost(new Error('something else'))).toBe(false)
  })
})

describe('otherChanges', () => {
  it('names the members that differ, ignoring the order of ids and of object keys', () => {
    const theirs = {
      categories: ['a', 'b'],
      tags: ['t1'],
      customFields: { rating: 4, note: 'x' },
      featuredMediaId: null,
      authorName: 'Ann',
    }
    const mine = {
      categories: ['b', 'a'],
      tags: ['t1', 't2'],
      customFields: { note: 'x', rating: 4 },
      featuredMediaId: 'm1',
    }
    expect(otherChanges(mine, theirs)).toEqual(['tags', 'featuredMediaId'])
    expect(otherChanges({}, theirs)).toEqual([])
  })
})

describe('categoryRows', () => {
  it('puts children under their parent, siblings by position, orphans as roots', () => {
    const rows = categoryRows([
      { id: 'b', name: 'Travel', parentId: null, position: 1 },
      { id: 'a', name: 'News', parentId: null, position: 0 },
      { id: 'c', name: 'Europe', parentId: 'b', position: 0 },
      { id: 'd', name: 'Paris', parentId: 'c', position: 0 },
      { id: 'e', name: 'Lost', parentId: 'gone', position: 0 },
    ])
    expect(rows).toEqual([
      { id: 'e', name: 'Lost', depth: 0 },
      { id: 'a', name: 'News', depth: 0 },
      { id: 'b', name: 'Travel', depth: 0 },
      { id: 'c', name: 'Europe', depth: 1 },
      { id: 'd', name: 'Paris', depth: 2 },
    ])
  })
})

describe('compareFields', () => {
  it('lists only the fields that differ, word by word', () => {
    const compared = compareFields(
      { title: 'Spring notes', summary: 'Same' },
      { title: 'Autumn notes', summary: 'Same' },
    )
    expect(compared).toHaveLength(1)
    expect(compared[0]!.field).toBe('title')
    expect(compared[0]!.parts.map((part) => [part.value, part.added, part.removed])).toEqual([
      ['Spring', false, true],
      ['Autumn', true, false],
      [' notes', false, false],
    ])
  })
})

describe('splitTags', () => {
  it('matches known tags by title ignoring case and lists the ones to create once', () => {
    const known = [
      { id: 't1', title: 'Travel' },
      { id: 't2', title: 'Food' },
    ]
    expect(splitTags(['travel', 'Night trains', ' Food ', 'night trains', ''], known)).toEqual({
      ids: ['t1', 't2'],
      create: ['Night trains'],
    })
  })
})

describe('customFieldErrors', () => {
  it('puts each failing custom field under its key', () => {
    const error = new FolioError(400, {
      error: 'ValidationFailed',
      message: 'Invalid custom fields',
      details: [
        { path: '/customFields/rating', message: 'must be a number' },
        { path: '/title', message: 'too long' },
      ],
    })
    expect(customFieldErrors(error)).toEqual({ 'customFields.rating': 'must be a number' })
  })
})
