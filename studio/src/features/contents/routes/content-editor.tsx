import '@mantine/dates/styles.css'
import 'dayjs/locale/tr'
import { Alert, Button, Group, Loader, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { DatesProvider, DateTimePicker } from '@mantine/dates'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { ButtonLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import {
  type ContentBody,
  checkSlug,
  contentQuery,
  createContent,
  resolveTagIds,
  tagsByIdQuery,
  updateContent,
} from '../api/contents'
import type { EditorDocument } from '../api/document'
import { fromPickerValue, toPickerValue } from '../api/schedule'
import { CONTENT_STATUSES, type ContentStatus } from '../api/search'
import type { KnownTag } from '../api/tags'
import { RichTextEditor } from '../components/rich-text-editor'
import { CategoriesField, TagsField } from '../components/taxonomy-fields'

type Loaded = NonNullable<ReturnType<typeof useLoaded>['data']>

function useLoaded(tenantId: string, contentId: string | undefined) {
  return useQuery({ ...contentQuery(tenantId, contentId ?? ''), enabled: contentId !== undefined })
}

/** Writes a new content (`/contents/new`) or edits one (`/contents/$contentId`). */
export function ContentEditorPage() {
  const { t } = useTranslation()
  const { tenantId, contentId } = useParams({ strict: false }) as { tenantId: string; contentId?: string }
  const loaded = useLoaded(tenantId, contentId)
  const tags = useQuery({
    ...tagsByIdQuery(tenantId, loaded.data?.content.tags ?? []),
    enabled: contentId === undefined || loaded.data !== undefined,
  })
  const failure = loaded.error ?? tags.error
  if (failure) {
    return (
      <Alert color="red" role="alert">
        {failure.message}
      </Alert>
    )
  }
  if ((contentId !== undefined && !loaded.data) || !tags.data) return <Loader aria-label={t('app.loading')} />
  return (
    <ContentForm
      key={contentId ?? 'new'}
      tenantId={tenantId}
      content={loaded.data?.content}
      knownTags={tags.data.tags}
    />
  )
}

function ContentForm({
  tenantId,
  content,
  knownTags,
}: {
  tenantId: string
  content: Loaded['content'] | undefined
  knownTags: KnownTag[]
}) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<ContentStatus>((content?.status as ContentStatus) ?? 'draft')
  const [publishAt, setPublishAt] = useState<string | null>(toPickerValue(content?.publishAt ?? null))
  const [categories, setCategories] = useState<string[]>(content?.categories ?? [])
  const [tagTitles, setTagTitles] = useState<string[]>(knownTags.map((tag) => tag.title))
  const [slugNote, setSlugNote] = useState<string | undefined>()
  const body = useRef<EditorDocument | undefined>(undefined)
  const publishing = useRef(false)

  const mutation = useMutation({
    mutationFn: async (input: ContentBody) => {
      const withTags = { ...input, tags: await resolveTagIds(tagTitles, knownTags) }
      return content ? updateContent(content.id, withTags) : createContent(withTags)
    },
    onSuccess: async (answer) => {
      setStatus(answer.content.status as ContentStatus)
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents'] })
      notifySuccess(t('editor.saved', { title: answer.content.title }))
      if (!content) {
        await navigate({
          to: '/t/$tenantId/contents/$contentId',
          params: { tenantId, contentId: answer.content.id },
          replace: true,
        })
      }
    },
    onError: (error) => setErrors(fieldErrors(error, { SlugConflict: 'slug' })),
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const slug = String(form.get('slug')).trim()
    const nextStatus = publishing.current ? 'published' : status
    publishing.current = false
    setErrors({})
    mutation.mutate({
      title: String(form.get('title')),
      summary: String(form.get('summary')),
      status: nextStatus,
      categories,
      ...(nextStatus === 'scheduled' ? { publishAt: fromPickerValue(publishAt) } : {}),
      ...(slug === '' ? {} : { slug }),
      ...(body.current === undefined ? {} : { lexical: body.current.lexical, html: body.current.html }),
    })
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={900}>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {content ? t('editor.editTitle') : t('editor.newTitle')}
          </Title>
          <Group>
            {content && (
              <ButtonLink
                variant="subtle"
                to="/t/$tenantId/contents/$contentId/versions"
                params={{ tenantId, contentId: content.id }}
              >
                {t('versions.link')}
              </ButtonLink>
            )}
            <Button type="submit" variant="default" loading={mutation.isPending}>
              {t('editor.save')}
            </Button>
            <Button
              type="submit"
              loading={mutation.isPending}
              onClick={() => {
                publishing.current = true
              }}
            >
              {t('editor.publish')}
            </Button>
          </Group>
        </Group>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextInput
          name="title"
          label={t('contents.fields.title')}
          defaultValue={content?.title ?? ''}
          required
          error={errors.title}
        />
        <Group grow align="flex-start">
          <TextInput
            name="slug"
            label={t('contents.fields.slug')}
            description={t('editor.slugHint')}
            defaultValue={content?.slug ?? ''}
            error={errors.slug}
            onBlur={async (event) => {
              const slug = event.currentTarget.value.trim()
              setSlugNote(undefined)
              if (slug === '') return
              const answer = await checkSlug(slug, content?.id).catch(() => undefined)
              if (answer === undefined) return
              if (answer.available) setSlugNote(t('editor.slugFree', { slug: answer.slug }))
              else
                setErrors((current) => ({
                  ...current,
                  slug: t('editor.slugTaken', { slug: answer.slug, suggestion: answer.suggestion ?? '' }),
                }))
            }}
          />
          <Select
            label={t('contents.fields.status')}
            value={status}
            allowDeselect={false}
            data={CONTENT_STATUSES.map((s) => ({
              value: s,
              label: t(`contents.status.${s}`),
            }))}
            onChange={(value) => value && setStatus(value as ContentStatus)}
            error={errors.status}
          />
          {status === 'scheduled' && (
            <DatesProvider settings={{ locale: i18n.language }}>
              <DateTimePicker
                label={t('contents.fields.publishAt')}
                value={publishAt}
                onChange={setPublishAt}
                required
                clearable
                minDate={new Date()}
                error={errors.publishAt}
              />
            </DatesProvider>
          )}
        </Group>
        {slugNote && (
          <Text size="sm" role="status" mt={-8}>
            {slugNote}
          </Text>
        )}
        <Textarea
          name="summary"
          label={t('contents.fields.summary')}
          defaultValue={content?.summary ?? ''}
          autosize
          minRows={2}
          error={errors.summary}
        />
        <Group grow align="flex-start">
          <CategoriesField
            tenantId={tenantId}
            value={categories}
            onChange={setCategories}
            error={errors.categories}
          />
          <TagsField tenantId={tenantId} value={tagTitles} onChange={setTagTitles} error={errors.tags} />
        </Group>
        <RichTextEditor
          initial={content}
          label={t('contents.fields.body')}
          onChange={(document) => {
            body.current = document
          }}
        />
        {(errors.html || errors.lexical) && (
          <Alert color="red" role="alert">
            {errors.html ?? errors.lexical}
          </Alert>
        )}
      </Stack>
    </form>
  )
}
