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
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import dayjs from 'dayjs'
import type { LexicalEditor } from 'lexical'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import {
  type Content,
  type ContentBody,
  contentQuery,
  createContent,
  fieldDefinitionsQuery,
  updateContent,
} from '../api/contents'
import type { EditorDocument } from '../api/document'
import { customFieldErrors, type VersionConflict, versionConflictOf } from '../api/editing'
import { CONTENT_STATUSES, type ContentStatus, type NewContentSearch } from '../api/search'
import { ConflictDialog } from '../components/conflict-dialog'
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
  const loaded = useQuery({ ...contentQuery(tenantId, contentId ?? ''), enabled: contentId !== undefined })
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

/** `auto`: a draft saved on its own (status and schedule untouched); `save`; `publish`. */
type SaveKind = 'auto' | 'save' | 'publish'
type SaveState = 'idle' | 'dirty' | 'saving' | 'saved'

function ContentForm({
  tenantId,
  content,
  onReopen,
}: {
  tenantId: string
  content: Content | undefined
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
  // A member without `content:update` reads a stored content: no input, save, autosave or restore.
  const can = useCan()
  const readOnly = content !== undefined && !can('content:update')
  const latest = useRef(draft)
  const body = useRef<EditorDocument | undefined>(undefined)
  // The version this editor's text is based on: sent with every save, taken from every answer.
  const version = useRef(content?.version)
  const editor = useRef<LexicalEditor | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Leaving the editor with an autosave still waiting saves it at once rather than dropping it.
  const leave = useRef<() => void>(undefined)
  useEffect(() => () => leave.current?.(), [])

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

  // One save at a time, each on the version the one before answered: a save asked for while
  // another is on its way waits for it (an autosave gives way to an explicit save).
  const inFlight = useRef(false)
  const queued = useRef<SaveKind>(undefined)
  const storedRef = useRef(content)
  const conflictRef = useRef<VersionConflict>(undefined)

  const mutation = useMutation({
    mutationFn: ({ kind }: { kind: SaveKind }) => {
      const target = storedRef.current
      return target
        ? updateContent(target.id, { ...payload(kind), expectedVersion: version.current })
        : createContent(payload(kind))
    },
    onSuccess: async (answer, { kind }) => {
      const created = storedRef.current === undefined
      version.current = answer.content.version
      storedRef.current = answer.content
      setStored(answer.content)
      setErrors({})
      queryClient.setQueryData(contentQuery(tenantId, answer.content.id).queryKey, answer)
      // Edits made while this save was on its way still wait for theirs.
      setSaveState(timer.current === undefined && queued.current === undefined ? 'saved' : 'dirty')
      if (kind !== 'auto') {
        const status = answer.content.status as ContentStatus
        latest.current = { ...latest.current, status }
        setDraft(latest.current)
        notifySuccess(t('editor.saved', { title: answer.content.title }))
      }
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', 'list'] })
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', 'versions'] })
      if (created) {
        await navigate({
          to: '/t/$tenantId/contents/$contentId',
          params: { tenantId, contentId: answer.content.id },
          replace: true,
        })
      }
    },
    onError: (error) => {
      setSaveState('dirty')
      const found = versionConflictOf(error)
      if (found) {
        clearTimeout(timer.current)
        timer.current = undefined
        queued.current = undefined
        conflictRef.current = found
        setConflict(found)
        return
      }
      setErrors({ ...fieldErrors(error, { SlugConflict: 'slug' }), ...customFieldErrors(error) })
    },
    onSettled: () => {
      inFlight.current = false
      const next = queued.current
      queued.current = undefined
      if (next !== undefined) save(next)
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
    inFlight.current = true
    // At once: the status must never still say "saved" while this save is on its way.
    setSaveState('saving')
    mutation.mutate({ kind })
  }

  /** Autosave: only a stored draft, never while a conflict waits for the editor's choice. */
  function schedule() {
    if (readOnly) return
    setSaveState('dirty')
    const target = storedRef.current
    if (target?.status !== 'draft' || conflictRef.current) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = undefined
      save('auto')
    }, AUTOSAVE_DELAY_MS)
  }

  leave.current = () => {
    const target = storedRef.current
    if (timer.current === undefined || !target) return
    clearTimeout(timer.current)
    timer.current = undefined
    updateContent(target.id, { ...payload('auto'), expectedVersion: version.current }).then(
      (answer) => queryClient.setQueryData(contentQuery(tenantId, target.id).queryKey, answer),
      (error: unknown) =>
        notifications.show({
          color: 'red.9',
          message: t('editor.autosave.failedOnLeave', {
            title: target.title,
            reason: error instanceof Error ? error.message : String(error),
          }),
          closeButtonProps: { 'aria-label': t('app.close') },
        }),
    )
  }

  const change = (patch: Partial<Draft>) => {
    latest.current = { ...latest.current, ...patch }
    setDraft(latest.current)
    schedule()
  }
  const setField = (key: string, value: unknown) =>
    change({ customFields: { ...latest.current.customFields, [key]: value } })

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
                  <Button loading={mutation.isPending} onClick={() => save('publish')}>
                    {t('editor.publish')}
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
          <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack>
                  <TextInput
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
                  queryClient.setQueryData(contentQuery(tenantId, restored.id).queryKey, {
                    content: restored,
                  })
                  notifySuccess(t('editor.versions.restored', { version: restored.version }))
                  onReopen()
                }
          }
        />
      )}
      <ConflictDialog
        conflict={conflict}
        busy={mutation.isPending}
        onReload={async () => {
          await queryClient.invalidateQueries({ queryKey: contentQuery(tenantId, stored?.id ?? '').queryKey })
          onReopen()
        }}
        onKeepMine={() => {
          version.current = conflict?.currentVersion
          conflictRef.current = undefined
          setConflict(undefined)
          save('save')
        }}
      />
    </DatesProvider>
  )
}
