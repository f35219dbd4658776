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
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import dayjs from 'dayjs'
import type { LexicalEditor } from 'lexical'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import type { FieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { type Content, fieldDefinitionsQuery } from '../api/contents'
import { conflictingContentQuery, editorContentQuery } from '../api/drafts'
import { CONTENT_STATUSES } from '../api/search'
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
import { type Draft, payloadOf, type SaveKind, useContentSaves } from './content-saves'

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
  const queryClient = useQueryClient()
  const definitions = useQuery(fieldDefinitionsQuery(tenantId))
  const [picker, setPicker] = useState<'body' | 'featured'>()
  const [versionsOpen, setVersionsOpen] = useState(false)
  // A member without `content:update` reads a stored content: no input, save, autosave or restore.
  const can = useCan()
  const readOnly = content !== undefined && !can('content:update')
  const editor = useRef<LexicalEditor | null>(null)
  const title = useRef<HTMLInputElement>(null)
  const {
    form,
    autosave,
    status: saveState,
    busy,
    stored,
    conflict,
    keepMine,
    connectionLost,
    leaving,
    body,
    scheduleAt,
    editorKey,
    edited,
  } = useContentSaves({ tenantId, content, drafts, readOnly, onReopen })
  const save = (kind: SaveKind) => autosave.save(kind)
  // Edits not saved yet: a failed save leaves them so.
  const unsavedState = saveState === 'dirty' || saveState === 'error'
  const draft = form.values
  const errors = form.errors as FieldErrors

  useEffect(() => {
    if (reopened) title.current?.focus()
  }, [reopened])

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
        onKeepMine={keepMine}
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
