import '@mantine/dates/styles.css'
import 'dayjs/locale/tr'
import { requestBodies } from '@folio/client'
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
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useBlocker, useNavigate, useParams, useSearch } from '@tanstack/react-router'
import dayjs from 'dayjs'
import type { LexicalEditor } from 'lexical'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { createAutosave, type SaveKindOf } from '../../../lib/autosave'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { schemaErrors } from '../../../lib/validation'
import { useCan } from '../../auth'
import {
  type Content,
  type ContentBody,
  createContent,
  fieldDefinitionsQuery,
  updateContent,
} from '../api/contents'
import type { EditorDocument } from '../api/document'
import { discardDraft, editorContentQuery, publishDraft, saveDraft } from '../api/drafts'
import { customFieldErrors, isConnectionLost, type VersionConflict, versionConflictOf } from '../api/editing'
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
type SaveKind = SaveKindOf<'save' | 'publish' | 'schedule' | 'discard'>

/** What a save of `kind` sends besides the body. */
function payloadOf(value: Draft, kind: SaveKind): ContentBody {
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
  const [conflict, setConflict] = useState<VersionConflict>()
  const [stored, setStored] = useState(content)
  const [picker, setPicker] = useState<'body' | 'featured'>()
  const [versionsOpen, setVersionsOpen] = useState(false)
  // The connection to Folio is down (the browser says so, or a save could not reach it).
  const [connectionLost, setConnectionLost] = useState(() => !navigator.onLine)
  // A member without `content:update` reads a stored content: no input, save, autosave or restore.
  const can = useCan()
  const readOnly = content !== undefined && !can('content:update')
  const storedRef = useRef(content)
  const body = useRef<EditorDocument | undefined>(undefined)
  // The version this editor's text is based on: sent with every save, taken from every answer.
  const version = useRef(content?.version)
  const editor = useRef<LexicalEditor | null>(null)
  const title = useRef<HTMLInputElement>(null)
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
      if (!target) return createContent(sends(kind))
      if (!viaDraft(kind))
        return updateContent(target.id, { ...sends(kind), expectedVersion: version.current })
      if (kind === 'discard') return discardDraft(target.id, version.current)
      let answer: { content: Content } | undefined
      if (autosave.unsaved()) {
        answer = await saveDraft(target.id, { ...sends('auto'), expectedVersion: version.current })
        // Kept at once: publishing may still fail, and the next save builds on this version.
        keep(answer, sent)
      }
      if (kind === 'publish' || kind === 'schedule') {
        answer = await publishDraft(target.id, {
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
  // Edits not saved yet: a failed save leaves them so.
  const unsavedState = saveState === 'dirty' || saveState === 'error'
  const save = (kind: SaveKind) => autosave.save(kind)

  /** An edit of the editor's: saved after a pause in typing, when this content saves itself. */
  function edited() {
    if (!readOnly) autosave.change()
  }

  useEffect(() => {
    if (reopened) title.current?.focus()
  }, [reopened])

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

  const draft = form.values
  const errors = form.errors as FieldErrors

  // Their version, for the conflict dialog to show what differs from ours.
  const theirs = useQuery({
    ...editorContentQuery(tenantId, stored?.id ?? '', true),
    queryKey: [
      'tenant',
      tenantId,
      'contents',
      'conflict',
      stored?.id ?? '',
      String(conflict?.currentVersion),
    ],
    enabled: conflict !== undefined && stored !== undefined,
    staleTime: 0,
  })
  const editingDraft = stored?.status === 'published' && draft.status === 'published'

  const statusLabel =
    saveState === 'saving'
      ? t('editor.autosave.saving')
      : unsavedState
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
                  <Button type="submit" variant="default" loading={busy}>
                    {t('editor.save')}
                  </Button>
                  <Button
                    loading={busy}
                    disabled={editingDraft && !stored?.pendingDraft && !unsavedState}
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
              {unsavedState || saveState === 'saving'
                ? t('editor.connection.lostUnsaved')
                : t('editor.connection.lost')}
            </Alert>
          )}
          {editingDraft && (stored?.pendingDraft || unsavedState || saveState === 'saving') && (
            <DraftBanner
              pendingDraft={stored?.pendingDraft ?? null}
              unsaved={unsavedState || saveState === 'saving'}
              busy={busy}
              editable={!readOnly}
              canDiscard={can('content:delete')}
              onSchedule={(publishAt) => {
                scheduleAt.current = publishAt
                save('schedule')
              }}
              onDiscard={() => {
                autosave.markSaved()
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
                    {...form.getInputProps('title')}
                    required
                  />
                  <SlugInput
                    tenantId={tenantId}
                    contentId={stored?.id}
                    value={draft.slug}
                    onChange={(slug) => form.setFieldValue('slug', slug)}
                    error={errors.slug}
                  />
                  <Textarea
                    label={t('contents.fields.summary')}
                    {...form.getInputProps('summary')}
                    autosize
                    minRows={2}
                  />
                  <RichTextEditor
                    initial={content}
                    label={t('contents.fields.body')}
                    editorRef={editor}
                    readOnly={readOnly}
                    onPickImage={() => setPicker('body')}
                    onChange={(document) => {
                      body.current = document
                      edited()
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
                    {...form.getInputProps('status')}
                    allowDeselect={false}
                    data={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`contents.status.${s}`) }))}
                  />
                  {draft.status === 'scheduled' && (
                    <DateTimePicker
                      label={t('editor.publishAt')}
                      description={t('editor.publishAtHint')}
                      value={
                        draft.publishAt === null ? null : dayjs(draft.publishAt).format('YYYY-MM-DD HH:mm:ss')
                      }
                      onChange={(value) =>
                        form.setFieldValue('publishAt', value === null ? null : dayjs(value).toISOString())
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
                    onChange={(patch) => {
                      for (const [member, value] of Object.entries(patch)) {
                        form.setFieldValue(member as keyof Draft & string, value)
                      }
                    }}
                  />
                  <FeaturedImage
                    tenantId={tenantId}
                    mediaId={draft.featuredMediaId}
                    onChoose={() => setPicker('featured')}
                    onRemove={() => form.setFieldValue('featuredMediaId', null)}
                    error={errors.featuredMediaId}
                  />
                  <CategoryPicker
                    tenantId={tenantId}
                    value={draft.categories}
                    onChange={(categories) => form.setFieldValue('categories', categories)}
                    error={errors.categories}
                  />
                  <TagPicker
                    tenantId={tenantId}
                    value={draft.tags}
                    onChange={(tags) => form.setFieldValue('tags', tags)}
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
                      onChange={(value) => form.setFieldValue(`customFields.${definition.key}`, value)}
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
          if (picker === 'featured') form.setFieldValue('featuredMediaId', media.id)
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
                  autosave.cancel()
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
          ...payloadOf(draft, 'auto'),
          slug: draft.slug,
          html: body.current?.html ?? stored?.html ?? '',
        }}
        busy={busy}
        onReload={async () => {
          await queryClient.invalidateQueries({ queryKey: editorKey(stored?.id ?? '') })
          onReopen()
        }}
        onKeepMine={() => {
          version.current = conflict?.currentVersion
          setConflict(undefined)
          autosave.resume()
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
