import '@mantine/dates/styles.css'
import 'dayjs/locale/tr'
import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { DatesProvider, DateTimePicker } from '@mantine/dates'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useBlocker, useNavigate, useParams, useSearch } from '@tanstack/react-router'
import dayjs from 'dayjs'
import type { LexicalEditor } from 'lexical'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import {
  type Content,
  type ContentBody,
  createContent,
  fieldDefinitionsQuery,
  updateContent,
} from '../api/contents'
import type { EditorDocument } from '../api/document'
import {
  conflictingContentQuery,
  discardDraft,
  editorContentQuery,
  publishDraft,
  saveDraft,
} from '../api/drafts'
import {
  customFieldErrors,
  isConnectionLost,
  retryDelayMs,
  type VersionConflict,
  versionConflictOf,
} from '../api/editing'
import { CONTENT_STATUSES, type ContentStatus, type NewContentSearch } from '../api/search'
import { ConflictDialog } from '../components/conflict-dialog'
import { DraftBanner } from '../components/draft-banner'
import { FeaturedImage } from '../components/featured-image'
import { FieldInput } from '../components/field-input'
import { bodyImageOf, MediaPicker } from '../components/media-picker'
import { PageFields } from '../components/page-fields'
import { insertImage, RichTextEditor } from '../components/rich-text-editor'
import { SlugInput } from '../components/slug-input'
import { CategoryPicker, GalleryPicker, TagPicker } from '../components/taxonomy-pickers'
import { VersionsPanel } from '../components/versions-panel'

/** How long typing pauses before a draft is saved on its own. */
const AUTOSAVE_DELAY_MS = 1500

/** Writes a new content (`/contents/new`) or edits one (`/contents/$contentId`). */
export function ContentEditorPage() {
  const { t } = useTranslation()
  const { tenantId, contentId } = useParams({ strict: false }) as { tenantId: string; contentId?: string }
  const can = useCan()
  // A published content opens as its pending draft for members who may see or edit it.
  const drafts = can('content:preview') || can('content:update')
  const loaded = useQuery({
    ...editorContentQuery(tenantId, contentId ?? '', drafts),
    enabled: contentId !== undefined,
  })
  // A new generation remounts the form on the content as stored (their version, a restore).
  const [generation, setGeneration] = useState(0)
  if (contentId !== undefined && loaded.error) {
    return (
      <Alert color="red" role="alert">
        {loaded.error.message}
      </Alert>
    )
  }
  if (contentId !== undefined && !loaded.data) return <Loader aria-label={t('app.loading')} />
  return (
    <ContentForm
      key={`${contentId ?? 'new'}:${generation}`}
      tenantId={tenantId}
      content={loaded.data?.content}
      drafts={drafts}
      reopened={generation > 0}
      onReopen={() => setGeneration((n) => n + 1)}
    />
  )
}

/** What the form edits besides the body. */
interface Draft {
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
  }
}

/**
 * `auto`: saved on its own (status and schedule untouched); `save`; `publish`. For a published
 * content these go to its draft (docs/decisions/content.md "Drafts of published contents"), and
 * `publish` makes the draft live; `schedule` makes it live at a time, `discard` drops it.
 */
type SaveKind = 'auto' | 'save' | 'publish' | 'schedule' | 'discard'
type SaveState = 'idle' | 'dirty' | 'saving' | 'saved'
/** What a save answers (nothing when a draft save had nothing to send), with the edits it held. */
interface Saved {
  answer: { content: Content } | undefined
  sent: number
}

function ContentForm({
  tenantId,
  content,
  drafts,
  reopened,
  onReopen,
}: {
  tenantId: string
  content: Content | undefined
  /** Whether the editor reads pending drafts (its query key). */
  drafts: boolean
  /** Opened again on the stored content (their version, a restore, a discard): the title takes focus. */
  reopened: boolean
  onReopen: () => void
}) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const definitions = useQuery(fieldDefinitionsQuery(tenantId))
  const start = useSearch({ strict: false }) as NewContentSearch
  const [draft, setDraft] = useState(() => draftOf(content, start))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [conflict, setConflict] = useState<VersionConflict>()
  const [saveState, setSaveState] = useState<SaveState>('idle')
  const [stored, setStored] = useState(content)
  const [picker, setPicker] = useState<'body' | 'featured'>()
  const [versionsOpen, setVersionsOpen] = useState(false)
  // The connection to Folio is down (the browser says so, or a save could not reach it).
  const [connectionLost, setConnectionLost] = useState(() => !navigator.onLine)
  // A member without `content:update` reads a stored content: no input, save, autosave or restore.
  const can = useCan()
  const readOnly = content !== undefined && !can('content:update')
  const latest = useRef(draft)
  const body = useRef<EditorDocument | undefined>(undefined)
  // The version this editor's text is based on: sent with every save, taken from every answer.
  const version = useRef(content?.version)
  const editor = useRef<LexicalEditor | null>(null)
  const title = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Edits made, and how many of them the last successful save held: unsaved while they differ.
  const edits = useRef(0)
  const savedEdits = useRef(0)
  const scheduleAt = useRef<string>(undefined)
  const retries = useRef(0)
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Who waits for the saves on their way to end (leaving the editor): told whether all is saved.
  const waiters = useRef<((saved: boolean) => void)[]>([])
  const created = useRef(false)
  const unsaved = () => edits.current !== savedEdits.current
  const editorKey = (id: string) => editorContentQuery(tenantId, id, drafts).queryKey

  useEffect(() => {
    if (reopened) title.current?.focus()
  }, [reopened])

  const payload = (kind: SaveKind): ContentBody => {
    const value = latest.current
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
      ...(body.current === undefined ? {} : { lexical: body.current.lexical, html: body.current.html }),
    }
  }

  /**
   * Whether a save of `kind` goes to the stored content's draft: a published content stays live
   * as it is while edited, unless Save carries another status (a live write that unpublishes it).
   */
  const viaDraft = (kind: SaveKind) => {
    const target = storedRef.current
    if (target?.status !== 'published') return false
    return (
      kind === 'publish' || kind === 'schedule' || kind === 'discard' || latest.current.status === 'published'
    )
  }
  /** Whether edits save themselves: a stored draft, or a published content's draft. */
  const autosaves = () =>
    !readOnly &&
    conflictRef.current === undefined &&
    (storedRef.current?.status === 'draft' || viaDraft('auto'))

  // One save at a time, each on the version the one before answered: a save asked for while
  // another is on its way waits for it (an autosave gives way to an explicit save).
  const inFlight = useRef(false)
  const queued = useRef<SaveKind>(undefined)
  const storedRef = useRef(content)
  const conflictRef = useRef<VersionConflict>(undefined)

  /** Takes a save's answer: the version to build on, the stored content, the edits it held. */
  function keep(answer: { content: Content }, sent: number) {
    version.current = answer.content.version
    storedRef.current = answer.content
    setStored(answer.content)
    savedEdits.current = Math.max(savedEdits.current, sent)
    queryClient.setQueryData(editorKey(answer.content.id), answer)
  }

  const mutation = useMutation({
    mutationFn: async ({ kind }: { kind: SaveKind }): Promise<Saved> => {
      const target = storedRef.current
      const sent = edits.current
      if (!target) return { answer: await createContent(tenantId, payload(kind)), sent }
      if (!viaDraft(kind)) {
        const answer = await updateContent(tenantId, target.id, {
          ...payload(kind),
          expectedVersion: version.current,
        })
        return { answer, sent }
      }
      if (kind === 'discard')
        return { answer: await discardDraft(tenantId, target.id, version.current), sent }
      let answer: { content: Content } | undefined
      if (unsaved()) {
        answer = await saveDraft(tenantId, target.id, {
          ...payload('auto'),
          expectedVersion: version.current,
        })
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
      return { answer, sent }
    },
    onSuccess: async ({ answer, sent }, { kind }) => {
      const first = storedRef.current === undefined
      if (answer) keep(answer, sent)
      setErrors({})
      retries.current = 0
      setConnectionLost(!navigator.onLine)
      // Edits made while this save was on its way still wait for theirs.
      setSaveState(unsaved() ? 'dirty' : 'saved')
      if (kind === 'discard') {
        notifySuccess(t('editor.draft.discarded'))
        onReopen()
        return
      }
      if (kind !== 'auto' && answer) {
        const status = answer.content.status as ContentStatus
        latest.current = { ...latest.current, status }
        setDraft(latest.current)
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
      if (first && answer) {
        created.current = true
        await navigate({
          to: '/t/$tenantId/contents/$contentId',
          params: { tenantId, contentId: answer.content.id },
          replace: true,
        })
      }
    },
    onError: (error, { kind }) => {
      setSaveState('dirty')
      const found = versionConflictOf(error)
      if (found) {
        clearTimeout(timer.current)
        timer.current = undefined
        clearTimeout(retryTimer.current)
        queued.current = undefined
        conflictRef.current = found
        setConflict(found)
        return
      }
      if (isConnectionLost(error)) {
        // Kept here and tried again: the edits (not a publication or discard) once Folio answers.
        setConnectionLost(true)
        retryLater(kind === 'save' ? 'save' : 'auto')
        return
      }
      setErrors({ ...fieldErrors(error, { SlugConflict: 'slug' }), ...customFieldErrors(error) })
    },
    onSettled: () => {
      inFlight.current = false
      const next = queued.current
      queued.current = undefined
      if (next !== undefined) {
        save(next)
        return
      }
      const settled = !unsaved() && conflictRef.current === undefined
      for (const waiter of waiters.current.splice(0)) waiter(settled)
    },
  })

  /** Saves now, or right after the save on its way. */
  function save(kind: SaveKind) {
    clearTimeout(timer.current)
    timer.current = undefined
    if (inFlight.current) {
      queued.current = kind === 'auto' ? (queued.current ?? 'auto') : kind
      return
    }
    if (kind === 'save' && storedRef.current !== undefined && viaDraft(kind) && !unsaved()) {
      setSaveState('saved')
      return
    }
    inFlight.current = true
    // At once: the status must never still say "saved" while this save is on its way.
    setSaveState('saving')
    mutation.mutate({ kind })
  }
  const saveRef = useRef(save)
  saveRef.current = save

  /** A save that could not reach Folio, tried again after a growing pause (or when back online). */
  function retryLater(kind: SaveKind) {
    clearTimeout(retryTimer.current)
    retryTimer.current = setTimeout(
      () => {
        retryTimer.current = undefined
        if (unsaved() && conflictRef.current === undefined) saveRef.current(kind)
      },
      retryDelayMs(retries.current++),
    )
  }

  useEffect(() => {
    const offline = () => setConnectionLost(true)
    const online = () => {
      retries.current = 0
      if (retryTimer.current === undefined) {
        setConnectionLost(false)
        return
      }
      clearTimeout(retryTimer.current)
      retryTimer.current = undefined
      if (edits.current !== savedEdits.current && conflictRef.current === undefined) saveRef.current('auto')
    }
    // Ctrl+S (Cmd+S) saves, anywhere in the editor, instead of the browser's "save page".
    const keydown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return
      event.preventDefault()
      if (!readOnly && conflictRef.current === undefined) saveRef.current('save')
    }
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    window.addEventListener('keydown', keydown)
    return () => {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
      window.removeEventListener('keydown', keydown)
      clearTimeout(retryTimer.current)
    }
  }, [readOnly])

  /**
   * Before leaving: saves what an autosave would have saved, and tells whether everything is saved
   * (false: a content that saves only with Save, a conflict, a failed save, no connection).
   */
  function flush(): Promise<boolean> {
    if (readOnly || !unsaved()) return Promise.resolve(true)
    if (!autosaves()) return Promise.resolve(false)
    const settled = new Promise<boolean>((resolve) => waiters.current.push(resolve))
    save('auto')
    return settled
  }

  // Leaving with unsaved edits (a link, back, reload, closing the tab) asks first.
  const leaving = useBlocker({
    shouldBlockFn: async () => !created.current && !(await flush()),
    enableBeforeUnload: () => !readOnly && unsaved(),
    withResolver: true,
  })

  /** Autosave: edits wait for a pause in typing, never while a conflict waits for the editor's choice. */
  function schedule() {
    if (readOnly) return
    edits.current += 1
    setSaveState('dirty')
    if (!autosaves()) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = undefined
      save('auto')
    }, AUTOSAVE_DELAY_MS)
  }

  const change = (patch: Partial<Draft>) => {
    latest.current = { ...latest.current, ...patch }
    setDraft(latest.current)
    schedule()
  }
  const setField = (key: string, value: unknown) =>
    change({ customFields: { ...latest.current.customFields, [key]: value } })

  // Their version, for the conflict dialog to show what differs from ours.
  const theirs = useQuery({
    ...conflictingContentQuery(tenantId, stored?.id ?? '', conflict?.currentVersion),
    enabled: conflict !== undefined && stored !== undefined,
    staleTime: 0,
  })
  const editingDraft = stored?.status === 'published' && draft.status === 'published'

  const statusLabel =
    saveState === 'saving'
      ? t('editor.autosave.saving')
      : saveState === 'dirty'
        ? t('editor.autosave.dirty')
        : saveState === 'saved'
          ? t('editor.autosave.saved')
          : ''

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('tr') ? 'tr' : 'en' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          save('save')
        }}
        noValidate
      >
        <Stack maw={1200}>
          <Group justify="space-between">
            <Title order={1} size="h2">
              {stored ? t('editor.editTitle') : t('editor.newTitle')}
            </Title>
            <Group>
              <Text size="sm" c="dimmed" role="status" aria-live="polite">
                {statusLabel}
              </Text>
              {stored && (
                <Button variant="default" onClick={() => setVersionsOpen(true)}>
                  {t('editor.versions.open')}
                </Button>
              )}
              {!readOnly && (
                <>
                  <Button type="submit" variant="default" loading={mutation.isPending}>
                    {t('editor.save')}
                  </Button>
                  <Button
                    loading={mutation.isPending}
                    disabled={editingDraft && !stored?.pendingDraft && saveState !== 'dirty'}
                    onClick={() => save('publish')}
                  >
                    {editingDraft ? t('editor.draft.publish') : t('editor.publish')}
                  </Button>
                </>
              )}
            </Group>
          </Group>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          {readOnly && <Alert color="blue">{t('editor.readOnly')}</Alert>}
          {connectionLost && (
            <Alert color="yellow" role="alert">
              {saveState === 'dirty' || saveState === 'saving'
                ? t('editor.connection.lostUnsaved')
                : t('editor.connection.lost')}
            </Alert>
          )}
          {editingDraft && (stored?.pendingDraft || saveState === 'dirty' || saveState === 'saving') && (
            <DraftBanner
              pendingDraft={stored?.pendingDraft ?? null}
              unsaved={saveState === 'dirty' || saveState === 'saving'}
              busy={mutation.isPending}
              editable={!readOnly}
              canDiscard={can('content:delete')}
              onSchedule={(publishAt) => {
                scheduleAt.current = publishAt
                save('schedule')
              }}
              onDiscard={() => {
                edits.current = savedEdits.current
                save('discard')
              }}
            />
          )}
          <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack>
                  <TextInput
                    ref={title}
                    label={t('contents.fields.title')}
                    value={draft.title}
                    onChange={(event) => change({ title: event.currentTarget.value })}
                    required
                    error={errors.title}
                  />
                  <SlugInput
                    tenantId={tenantId}
                    contentId={stored?.id}
                    value={draft.slug}
                    onChange={(slug) => change({ slug })}
                    error={errors.slug}
                  />
                  <Textarea
                    label={t('contents.fields.summary')}
                    value={draft.summary}
                    onChange={(event) => change({ summary: event.currentTarget.value })}
                    autosize
                    minRows={2}
                    error={errors.summary}
                  />
                  <RichTextEditor
                    initial={content}
                    label={t('contents.fields.body')}
                    editorRef={editor}
                    readOnly={readOnly}
                    onPickImage={() => setPicker('body')}
                    onChange={(document) => {
                      body.current = document
                      schedule()
                    }}
                  />
                  {(errors.html || errors.lexical) && (
                    <Alert color="red" role="alert">
                      {errors.html ?? errors.lexical}
                    </Alert>
                  )}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack>
                  <Select
                    label={t('contents.fields.status')}
                    value={draft.status}
                    allowDeselect={false}
                    data={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`contents.status.${s}`) }))}
                    onChange={(value) => value && change({ status: value as ContentStatus })}
                    error={errors.status}
                  />
                  {draft.status === 'scheduled' && (
                    <DateTimePicker
                      label={t('editor.publishAt')}
                      description={t('editor.publishAtHint')}
                      value={
                        draft.publishAt === null ? null : dayjs(draft.publishAt).format('YYYY-MM-DD HH:mm:ss')
                      }
                      onChange={(value) =>
                        change({ publishAt: value === null ? null : dayjs(value).toISOString() })
                      }
                      valueFormat="YYYY-MM-DD HH:mm"
                      minDate={dayjs().format('YYYY-MM-DD')}
                      required
                      error={errors.publishAt}
                    />
                  )}
                  <PageFields
                    tenantId={tenantId}
                    contentId={stored?.id}
                    value={draft}
                    errors={errors}
                    onChange={change}
                  />
                  <FeaturedImage
                    tenantId={tenantId}
                    mediaId={draft.featuredMediaId}
                    onChoose={() => setPicker('featured')}
                    onRemove={() => change({ featuredMediaId: null })}
                    error={errors.featuredMediaId}
                  />
                  <CategoryPicker
                    tenantId={tenantId}
                    value={draft.categories}
                    onChange={(categories) => change({ categories })}
                    error={errors.categories}
                  />
                  <TagPicker
                    tenantId={tenantId}
                    value={draft.tags}
                    onChange={(tags) => change({ tags })}
                    error={errors.tags}
                  />
                  <GalleryPicker
                    tenantId={tenantId}
                    contentId={stored?.id}
                    initial={stored?.galleryIds ?? []}
                  />
                  {definitions.error && (
                    <Alert color="red" role="alert">
                      {definitions.error.message}
                    </Alert>
                  )}
                  {(definitions.data?.definitions ?? []).map((definition) => (
                    <FieldInput
                      key={definition.id}
                      tenantId={tenantId}
                      definition={definition}
                      value={draft.customFields[definition.key] ?? null}
                      onChange={(value) => setField(definition.key, value)}
                      error={errors[`customFields.${definition.key}`]}
                    />
                  ))}
                </Stack>
              </Grid.Col>
            </Grid>
          </fieldset>
        </Stack>
      </form>
      <MediaPicker
        tenantId={tenantId}
        opened={picker !== undefined}
        title={picker === 'featured' ? t('editor.picker.featuredTitle') : t('editor.picker.bodyTitle')}
        onClose={() => setPicker(undefined)}
        onPick={(media) => {
          if (picker === 'featured') change({ featuredMediaId: media.id })
          else if (editor.current) {
            insertImage(editor.current, {
              src: bodyImageOf(media),
              altText: media.altText ?? '',
              mediaId: media.id,
            })
          }
        }}
      />
      {stored && (
        <VersionsPanel
          tenantId={tenantId}
          content={stored}
          opened={versionsOpen}
          onClose={() => setVersionsOpen(false)}
          onRestored={
            readOnly
              ? undefined
              : (restored) => {
                  // The restored text replaces ours: a waiting autosave must not follow it.
                  clearTimeout(timer.current)
                  timer.current = undefined
                  queryClient.setQueryData(editorKey(restored.id), { content: restored })
                  notifySuccess(t('editor.versions.restored', { version: restored.version }))
                  onReopen()
                }
          }
        />
      )}
      <ConflictDialog
        conflict={conflict}
        theirs={theirs.data?.content}
        theirsError={theirs.error}
        mine={{
          ...payload('auto'),
          slug: draft.slug,
          html: body.current?.html ?? stored?.html ?? '',
        }}
        busy={mutation.isPending}
        onReload={async () => {
          await queryClient.invalidateQueries({ queryKey: editorKey(stored?.id ?? '') })
          onReopen()
        }}
        onKeepMine={() => {
          version.current = conflict?.currentVersion
          conflictRef.current = undefined
          setConflict(undefined)
          save('save')
        }}
      />
      <ConfirmDialog
        opened={leaving.status === 'blocked'}
        title={t('editor.leave.title')}
        confirmLabel={t('editor.leave.confirm')}
        pending={false}
        onConfirm={() => leaving.proceed?.()}
        onClose={() => leaving.reset?.()}
      >
        {connectionLost ? t('editor.leave.offline') : t('editor.leave.text')}
      </ConfirmDialog>
    </DatesProvider>
  )
}
