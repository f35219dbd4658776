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
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import dayjs from 'dayjs'
import type { LexicalEditor } from 'lexical'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { withStrings } from '../../../app/i18n'
import type { FieldErrors } from '../../../lib/errors'
import { localeName } from '../../../lib/locales'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { useTenantLocales } from '../../settings'
import { type Content, fieldDefinitionsQuery } from '../api/contents'
import { conflictingContentQuery, editorContentQuery } from '../api/drafts'
import { useContentPresence } from '../api/presence'
import { previewContentOf } from '../api/preview'
import { CONTENT_STATUSES, type EditContentSearch } from '../api/search'
import { createTranslation } from '../api/translations'
import { ConflictDialog } from '../components/conflict-dialog'
import { DraftBanner } from '../components/draft-banner'
import { FeaturedImage } from '../components/featured-image'
import { FieldInput } from '../components/field-input'
import { bodyImageOf, MediaPicker } from '../components/media-picker'
import { PageFields } from '../components/page-fields'
import { PresenceLine } from '../components/presence-line'
import { insertImage, RichTextEditor } from '../components/rich-text-editor'
import { SlugInput } from '../components/slug-input'
import { SourcePanel } from '../components/source-panel'
import { CategoryPicker, GalleryPicker, TagPicker } from '../components/taxonomy-pickers'
import { TranslationsBar } from '../components/translations-bar'
import { VersionsPanel } from '../components/versions-panel'
import { type Draft, payloadOf, type SaveKind, useContentSaves } from './content-saves'

/** The live preview, loaded when first opened (the frame, its token and messages). */
const PreviewPanel = lazy(() =>
  withStrings(['editor'], import('../components/preview-panel')).then((module) => ({
    default: module.PreviewPanel,
  })),
)

/** The editor's fieldsets: no frame of their own. */
const FIELDSET = { border: 0, margin: 0, padding: 0, minWidth: 0 }

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
  const navigate = useNavigate()
  const definitions = useQuery(fieldDefinitionsQuery(tenantId))
  const locales = useTenantLocales(tenantId)
  const multilingual = locales !== undefined && locales.available.length > 1
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
    onEdit,
  } = useContentSaves({ tenantId, content, drafts, readOnly, onReopen })
  const [previewOpen, setPreviewOpen] = useState(false)
  const previewing = previewOpen && stored !== undefined
  // The other members with this content open (this member counts as editing unless read-only).
  const others = useContentPresence(tenantId, stored?.id, !readOnly)
  const save = (kind: SaveKind) => autosave.save(kind)
  // Edits not saved yet: a failed save leaves them so.
  const unsavedState = saveState === 'dirty' || saveState === 'error'
  const draft = form.values
  // The language its texts are written in, for the browser's spelling check and screen readers.
  const textLanguage = content?.locale ?? (draft.locale || locales?.default)
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
  // Another translation shown beside the form, while translating (`?source=<id>`).
  const { source: asked } = useSearch({ strict: false }) as EditContentSearch
  const sourceId = stored !== undefined && asked !== stored.id ? asked : undefined
  const showSource = (source: string | undefined) =>
    stored &&
    navigate({
      to: '/t/$tenantId/contents/$contentId',
      params: { tenantId, contentId: stored.id },
      search: source === undefined ? {} : { source },
      replace: true,
    })
  /**
   * Makes the translation in `locale` from the content as saved (the edits are saved first), and
   * opens it with this content beside it.
   * @throws when the edits cannot be saved on their own, or the API refuses the translation.
   */
  const translate = async (locale: string) => {
    if (!stored) return
    if (!(await autosave.flush()) && autosave.unsaved()) throw new Error(t('editor.translations.saveFirst'))
    try {
      const { content: made } = await createTranslation(tenantId, stored.id, locale)
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', 'list'] })
      await navigate({
        to: '/t/$tenantId/contents/$contentId',
        params: { tenantId, contentId: made.id },
        search: { source: stored.id },
      })
    } finally {
      // Made, or refused because another editor made it meanwhile: either way the group changed.
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', 'translations'] })
    }
  }

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
        <Stack maw={previewing ? undefined : 1200}>
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
              {stored && can('content:preview') && (
                <Button
                  variant={previewOpen ? 'filled' : 'default'}
                  aria-pressed={previewOpen}
                  onClick={() => setPreviewOpen((open) => !open)}
                >
                  {t('editor.preview.toggle')}
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
          <PresenceLine names={others} />
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
          {stored && multilingual && (
            <TranslationsBar
              tenantId={tenantId}
              contentId={stored.id}
              locales={locales}
              source={sourceId}
              canTranslate={can('content:create')}
              onTranslate={translate}
              onSource={(source) => void showSource(source)}
            />
          )}
          {/* The same tree with the preview open or not: the form is never mounted again. */}
          <Grid gap="lg">
            <Grid.Col span={previewing ? { base: 12, lg: 6 } : 12}>
              <Grid gap="lg">
                {sourceId !== undefined && (
                  <Grid.Col span={previewing ? 12 : { base: 12, md: 6, lg: 4 }}>
                    <SourcePanel
                      tenantId={tenantId}
                      sourceId={sourceId}
                      onClose={() => void showSource(undefined)}
                    />
                  </Grid.Col>
                )}
                <Grid.Col
                  span={
                    previewing
                      ? 12
                      : sourceId === undefined
                        ? { base: 12, md: 8 }
                        : { base: 12, md: 6, lg: 5 }
                  }
                >
                  <fieldset disabled={readOnly} style={FIELDSET}>
                    <Stack>
                      <TextInput
                        ref={title}
                        lang={textLanguage}
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
                        lang={textLanguage}
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
                  </fieldset>
                </Grid.Col>
                <Grid.Col
                  span={previewing ? 12 : sourceId === undefined ? { base: 12, md: 4 } : { base: 12, lg: 3 }}
                >
                  <fieldset disabled={readOnly} style={FIELDSET}>
                    <Stack>
                      {!stored && multilingual && (
                        <Select
                          label={t('editor.locale')}
                          description={t('editor.localeHelp')}
                          value={draft.locale || locales.default}
                          allowDeselect={false}
                          data={locales.available.map((locale) => ({
                            value: locale,
                            label: `${locale} (${localeName(locale, i18n.language)})`,
                          }))}
                          onChange={(locale) => form.setFieldValue('locale', locale ?? '')}
                        />
                      )}
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
                            draft.publishAt === null
                              ? null
                              : dayjs(draft.publishAt).format('YYYY-MM-DD HH:mm:ss')
                          }
                          onChange={(value) =>
                            form.setFieldValue(
                              'publishAt',
                              value === null ? null : dayjs(value).toISOString(),
                            )
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
                  </fieldset>
                </Grid.Col>
              </Grid>
            </Grid.Col>
            {previewOpen && stored && (
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
                  <PreviewPanel
                    tenantId={tenantId}
                    contentId={stored.id}
                    contentType={draft.type}
                    canConfigure={can('settings:update')}
                    read={() => previewContentOf(stored, { ...form.getValues(), html: body.current?.html })}
                    onEdit={onEdit}
                    onClose={() => setPreviewOpen(false)}
                  />
                </Suspense>
              </Grid.Col>
            )}
          </Grid>
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
