import { FolioError } from '@folio/client'
import { describe, expect, it } from 'vitest'
import {
  bodyOf,
  type Collection,
  draftOf,
  emptyCollection,
  errorAt,
  localized,
  newField,
  pathErrors,
} from './collections'

describe('bodyOf', () => {
  it('sends only the members each type takes, with blank locale texts dropped', () => {
    const draft = {
      ...emptyCollection('en'),
      key: 'books',
      name: { en: ' Books ', tr: '' },
      fields: [
        { ...newField('en'), key: ' title ', label: { en: 'Title' }, required: true, unique: true },
        {
          ...newField('en'),
          key: 'genre',
          type: 'enum' as const,
          label: { en: 'Genre' },
          multiple: true,
          unique: true,
          options: [{ value: ' fiction ', label: { en: 'Fiction', tr: ' ' } }],
        },
        { ...newField('en'), key: 'author', type: 'ref' as const, label: { en: 'Author' }, ref: 'authors' },
        { ...newField('en'), key: 'body', type: 'richText' as const, label: { en: 'Body' }, ref: 'stale' },
        { ...newField('en'), key: 'blurb', type: 'text' as const, label: { en: 'Blurb' }, localized: true },
        // A type with no values per locale: the flag stays home.
        { ...newField('en'), key: 'pages', type: 'number' as const, label: { en: 'Pages' }, localized: true },
      ],
      slugField: 'title',
      sortField: 'title',
      sortDir: 'asc' as const,
    }
    expect(bodyOf(draft)).toEqual({
      name: { en: 'Books' },
      description: {},
      fields: [
        { key: 'title', type: 'string', label: { en: 'Title' }, required: true, unique: true },
        {
          key: 'genre',
          type: 'enum',
          label: { en: 'Genre' },
          required: false,
          multiple: true,
          options: [{ value: 'fiction', label: { en: 'Fiction' } }],
        },
        {
          key: 'author',
          type: 'ref',
          label: { en: 'Author' },
          required: false,
          multiple: false,
          ref: 'authors',
        },
        { key: 'body', type: 'richText', label: { en: 'Body' }, required: false },
        { key: 'blurb', type: 'text', label: { en: 'Blurb' }, required: false, localized: true },
        { key: 'pages', type: 'number', label: { en: 'Pages' }, required: false, unique: false },
      ],
      slugField: 'title',
      defaultSort: { field: 'title', dir: 'asc' },
    })
  })

  it('round-trips a stored collection through the builder, its fields marked stored', () => {
    const stored = {
      id: 'c1',
      key: 'authors',
      name: { en: 'Authors' },
      description: {},
      fields: [
        { key: 'name', type: 'string', label: { en: 'Name' }, required: true },
        { key: 'bio', type: 'text', label: { en: 'Bio' }, required: false, localized: true },
      ],
      slugField: null,
      defaultSort: { field: 'createdAt', dir: 'desc' },
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } as Collection
    const draft = draftOf(stored)
    expect(draft.fields[0]).toMatchObject({
      key: 'name',
      stored: true,
      unique: false,
      storedLocalized: false,
    })
    expect(draft.fields[1]).toMatchObject({ key: 'bio', localized: true, storedLocalized: true })
    expect(bodyOf(draft)).toEqual({
      name: { en: 'Authors' },
      description: {},
      fields: [
        { key: 'name', type: 'string', label: { en: 'Name' }, required: true, unique: false },
        { key: 'bio', type: 'text', label: { en: 'Bio' }, required: false, localized: true },
      ],
      slugField: null,
      defaultSort: { field: 'createdAt', dir: 'desc' },
    })
  })
})

describe('pathErrors', () => {
  it('files each detail under the path it names, a unique violation under its data field', () => {
    const invalid = new FolioError(400, {
      error: 'ValidationFailed',
      message: 'Invalid',
      details: [
        { path: '/fields/2/options/0/value', message: 'is empty' },
        { path: 'body/name', message: 'needs a locale' },
        { path: '', message: 'bad' },
      ],
    } as never)
    const errors = pathErrors(invalid)
    expect(errors).toEqual({ 'fields/2/options/0/value': 'is empty', name: 'needs a locale', form: 'bad' })
    expect(errorAt(errors, 'fields/2')).toBe('is empty')
    expect(errorAt(errors, 'fields/1')).toBeUndefined()
    const taken = new FolioError(409, {
      error: 'UniqueFieldViolation',
      message: 'Taken',
      field: 'isbn',
    } as never)
    expect(pathErrors(taken)).toEqual({ 'data/isbn': 'Taken' })
    expect(pathErrors(new Error('offline'))).toEqual({ form: 'offline' })
  })
})

describe('localized', () => {
  it('reads the language, then its base, then English, then any', () => {
    expect(localized({ en: 'Books', tr: 'Kitaplar' }, 'tr')).toBe('Kitaplar')
    expect(localized({ en: 'Books', pt: 'Livros' }, 'pt-BR')).toBe('Livros')
    expect(localized({ en: 'Books' }, 'tr')).toBe('Books')
    expect(localized({ de: 'Bücher' }, 'tr')).toBe('Bücher')
    expect(localized(undefined, 'en')).toBe('')
  })
})
