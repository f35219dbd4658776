import { requestBodies } from '@folio/client'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useBlocker, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { createAutosave, type SaveKindOf } from '../../../lib/autosave'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { schemaErrors } from '../../../lib/validation'
import { type Content, type ContentBody, createContent, updateContent } from '../api/contents'
import type { EditorDocument } from '../api/document'
import { discardDraft, editorContentQuery, publishDraft, saveDraft } from '../api/drafts'
import { customFieldErrors, isConnectionLost, type VersionConflict, versionConflictOf } from '../api/editing'
import type { ContentStatus, NewContentSearch } from '../api/search'

/** How long typing pauses before a draft is saved on its own. */
const AUTOSAVE_DELAY_MS = 1500

/** What the form edits besides the body. */
export interface Draft {
  title: string
  slug: string
  summary: string
  status: ContentStatus
  publishAt: string | null
  categories: string[]
  tags: string[]
  customFields: Record<string, unknown>
  featuredMediaId: string | null
  type: string
  parentId: string | null
  order: number
  /** The locale a new content is written in ('' for the tenant's default); a stored content's own. */
  locale: string
}

/** The form's values: the stored content's, or a new one's (of `start`'s type, under its parent). */
function draftOf(content: Content | undefined, start: NewContentSearch = {}): Draft {
  return {
    title: content?.title ?? '',
    slug: content?.slug ?? '',
    summary: content?.summary ?? '',
    status: (content?.status as ContentStatus | undefined) ?? 'draft',
    publishAt: content?.publishAt ?? null,
    categories: content?.categories ?? [],
    tags: content?.tags ?? [],
    customFields: content?.customFields ?? {},
    featuredMediaId: content?.featuredMediaId ?? null,
    type: content?.type ?? start.type ?? 'post',
    parentId: content === undefined ? (start.parent ?? null) : content.parentId,
    order: content?.order ?? 0,
    locale: content?.locale ?? '',
  }
}

/**
 * `auto`: saved on its own (status and schedule untouched); `save`; `publish`. For a published
 * content these go to its draft (docs/decisions/content.md "Drafts of published contents"), and
 * `publish` makes the draft live; `schedule` makes it live at a time, `discard` drops it.
 */
export type SaveKind = SaveKindOf<'save' | 'publish' | 'schedule' | 'discard'>

/** What a save of `kind` sends besides the body. */
export function payloadOf(value: Draft, kind: SaveKind): ContentBody {
  const slug = value.slug.trim()
  return {
    title: value.title,
    summary: value.summary,
    categories: value.categories,
    tags: value.tags,
    customFields: value.customFields,
    featuredMediaId: value.featuredMediaId,
    type: value.type,
    parentId: value.parentId,
    order: value.order,
    ...(slug === '' ? {} : { slug }),
    ...(kind === 'auto'
      ? {}
      : kind === 'publish'
        ? { status: 'published', publishAt: null }
        : { status: value.status, publishAt: value.status === 'scheduled' ? value.publishAt : null }),
  }
}

/** A save the form's own check refused: its errors are on the fields, nothing was sent. */
class RefusedByForm extends Error {}

/**
 * The content editor's values and saves (docs/decisions/studio.md "The editor"): the form
 * (`@mantine/form`, checked against the API's schema of the body), and every save through one
 * autosave (`lib/autosave.ts`): a pause in the edits, Save, Publish, Schedule, Discard, a retry,
 * a flush before leaving. Says what each save sends and what each failure means.
 */
export function useContentSaves({
  tenantId,
  content,
  drafts,
  readOnly,
  onReopen,
}: {
  tenantId: string
  content: Content | undefined
  /** Whether the editor reads pending drafts (its query key). */
  drafts: boolean
  readOnly: boolean
  onReopen: () => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const start = useSearch({ strict: false }) as NewContentSearch
  const [conflict, setConflict] = useState<VersionConflict>()
  const [stored, setStored] = useState(content)
  // The connection to Folio is down (the browser says so, or a save could not reach it).
  const [connectionLost, setConnectionLost] = useState(() => !navigator.onLine)
  const storedRef = useRef(content)
  const body = useRef<EditorDocument | undefined>(undefined)
  // The version this editor's text is based on: sent with every save, taken from every answer.
  const version = useRef(content?.version)
  const scheduleAt = useRef<string>(undefined)
  const created = useRef(false)
  // Set while the form takes a value from an answer: no edit of the editor's, nothing to save.
  const answering = useRef(false)
  const editorKey = (id: string) => editorContentQuery(tenantId, id, drafts).queryKey

  const form = useForm<Draft>({
    initialValues: draftOf(content, start),
    // The API's own rules for the body this form sends (docs/decisions/studio.md "Forms and their rules").
    validate: (values) =>
      schemaErrors(
        storedRef.current === undefined ? requestBodies.createContent : requestBodies.updateContent,
        payloadOf(values, 'save'),
      ),
    onValuesChange: () => {
      if (!answering.current) edited()
    },
  })

  /**
   * Whether a save of `kind` goes to the stored content's draft: a published content stays live
   * as it is while edited, unless Save carries another status (a live write that unpublishes it).
   */
  const viaDraft = (kind: SaveKind) =>
    storedRef.current?.status === 'published' &&
    (kind === 'publish' ||
      kind === 'schedule' ||
      kind === 'discard' ||
      form.getValues().status === 'published')

  /** Takes a save's answer: the version to build on, the stored content, the edits it held. */
  function keep(answer: { content: Content }, sent: number) {
    version.current = answer.content.version
    storedRef.current = answer.content
    setStored(answer.content)
    autosave.markSaved(sent)
    queryClient.setQueryData(editorKey(answer.content.id), answer)
  }

  const mutation = useMutation({
    mutationFn: async ({ kind, sent }: { kind: SaveKind; sent: number }) => {
      const target = storedRef.current
      const sends = (as: SaveKind): ContentBody => ({
        ...payloadOf(form.getValues(), as),
        ...(body.current === undefined ? {} : { lexical: body.current.lexical, html: body.current.html }),
      })
      if (!target) {
        // The locale is the content's for good: sent when it is made, never by an update.
        const { locale } = form.getValues()
        return createContent(tenantId, { ...sends(kind), ...(locale === '' ? {} : { locale }) })
      }
      if (!viaDraft(kind))
        return updateContent(tenantId, target.id, { ...sends(kind), expectedVersion: version.current })
      if (kind === 'discard') return discardDraft(tenantId, target.id, version.current)
      let answer: { content: Content } | undefined
      if (autosave.unsaved()) {
        answer = await saveDraft(tenantId, target.id, { ...sends('auto'), expectedVersion: version.current })
        // Kept at once: publishing may still fail, and the next save builds on this version.
        keep(answer, sent)
      }
      if (kind === 'publish' || kind === 'schedule') {
        answer = await publishDraft(tenantId, target.id, {
          expectedVersion: version.current,
          ...(kind === 'schedule' && scheduleAt.current !== undefined
            ? { publishAt: scheduleAt.current }
            : {}),
        })
      }
      return answer
    },
    onSuccess: async (answer, { kind, sent }) => {
      const first = storedRef.current === undefined
      if (answer) keep(answer, sent)
      form.clearErrors()
      setConnectionLost(!navigator.onLine)
      if (kind === 'discard') {
        notifySuccess(t('editor.draft.discarded'))
        onReopen()
        return
      }
      if (kind !== 'auto' && answer) {
        const status = answer.content.status as ContentStatus
        answering.current = true
        form.setFieldValue('status', status)
        answering.current = false
        notifySuccess(
          kind === 'publish' && status === 'published' && !first
            ? t('editor.draft.published', { title: answer.content.title })
            : kind === 'schedule'
              ? t('editor.draft.scheduled', { title: answer.content.title })
              : t('editor.saved', { title: answer.content.title }),
        )
      }
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', 'list'] })
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', 'versions'] })
      // The document's translations name this one by its title and status.
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', 'translations'] })
      if (first && answer) {
        created.current = true
        await navigate({
          to: '/t/$tenantId/contents/$contentId',
          params: { tenantId, contentId: answer.content.id },
          replace: true,
        })
      }
    },
  })

  // What the autosave calls back: this render's functions, whichever render made the autosave.
  const live = useRef({ mutation, form, readOnly, viaDraft })
  live.current = { mutation, form, readOnly, viaDraft }
  const [autosave] = useState(() =>
    createAutosave<SaveKind>({
      delayMs: AUTOSAVE_DELAY_MS,
      // A stored draft saves itself, and so does a published content's draft.
      enabled: () =>
        !live.current.readOnly && (storedRef.current?.status === 'draft' || live.current.viaDraft('auto')),
      run: async (kind, sent) => {
        if (live.current.form.validate().hasErrors) throw new RefusedByForm()
        await live.current.mutation.mutateAsync({ kind, sent })
      },
      failed: (error) => {
        if (error instanceof RefusedByForm) return 'fail'
        const found = versionConflictOf(error)
        if (found) {
          setConflict(found)
          return 'halt'
        }
        if (isConnectionLost(error)) {
          // Kept here and tried again: the edits (not a publication or discard) once Folio answers.
          setConnectionLost(true)
          return 'retry'
        }
        live.current.form.setErrors({
          ...fieldErrors(error, { SlugConflict: 'slug' }),
          ...customFieldErrors(error),
        })
        return 'fail'
      },
      retryAs: (kind) => (kind === 'save' ? 'save' : 'auto'),
      // Save of a published content's draft with nothing new has nothing to send either.
      needsEdits: (kind) =>
        kind === 'auto' ||
        (kind === 'save' && storedRef.current !== undefined && live.current.viaDraft(kind)),
    }),
  )
  const { status: saveState, busy } = useSyncExternalStore(autosave.subscribe, autosave.state)

  // Who hears of each edit besides the autosave (the live preview).
  const [editListeners] = useState(() => new Set<() => void>())
  /** Calls `listener` after each edit of the form or the body; answers the function that stops it. */
  const [onEdit] = useState(() => (listener: () => void) => {
    editListeners.add(listener)
    return () => void editListeners.delete(listener)
  })

  /** An edit of the editor's: saved after a pause in typing, when this content saves itself. */
  function edited() {
    for (const listener of [...editListeners]) listener()
    if (!readOnly) autosave.change()
  }

  useEffect(() => {
    const offline = () => setConnectionLost(true)
    const online = () => {
      if (!autosave.retryNow()) setConnectionLost(false)
    }
    // Ctrl+S (Cmd+S) saves, anywhere in the editor, instead of the browser's "save page".
    const keydown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return
      event.preventDefault()
      if (!readOnly && !autosave.halted()) autosave.save('save')
    }
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    window.addEventListener('keydown', keydown)
    return () => {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
      window.removeEventListener('keydown', keydown)
    }
  }, [readOnly, autosave])
  useEffect(() => () => autosave.dispose(), [autosave])

  // Leaving with unsaved edits (a link, back, reload, closing the tab) saves them first, and asks
  // when that cannot be done (a content that saves only with Save, a conflict, a failed save).
  const leaving = useBlocker({
    shouldBlockFn: async () => !created.current && !(await autosave.flush()),
    enableBeforeUnload: () => !readOnly && autosave.unsaved(),
    withResolver: true,
  })

  /** Keep mine, after a conflict: saved again on their version. */
  const keepMine = () => {
    version.current = conflict?.currentVersion
    setConflict(undefined)
    autosave.resume()
    autosave.save('save')
  }
  return {
    form,
    autosave,
    status: saveState,
    busy,
    stored,
    conflict,
    keepMine,
    connectionLost,
    leaving,
    /** The body as the editor last exported it (undefined: not changed). */
    body,
    /** The time a Schedule publishes the draft at. */
    scheduleAt,
    editorKey,
    edited,
    onEdit,
  }
}
