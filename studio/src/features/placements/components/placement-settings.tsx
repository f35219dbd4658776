import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import {
  PLACEMENT_CATEGORIES,
  PLACEMENT_STATUSES,
  type Placement,
  type PlacementChanges,
  updatePlacement,
} from '../api/placements'

/** The placement's own fields: names, category, status, time zone of its schedules and fallback. */
export function PlacementSettings({
  tenantId,
  placement,
  editable,
}: {
  tenantId: string
  placement: Placement
  editable: boolean
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), [])
  const save = useMutation({
    mutationFn: (body: PlacementChanges) => updatePlacement(tenantId, placement.id, body),
    onSuccess: async ({ placement: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'placements'] })
      notifySuccess(t('placements.saved', { name: saved.name }))
    },
  })
  const errors = save.error ? fieldErrors(save.error, { SlugConflict: 'slug' }) : {}
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const fallback = String(data.get('fallback') ?? '')
    save.mutate({
      name: String(data.get('name')).trim(),
      slug: String(data.get('slug')).trim(),
      description: String(data.get('description')),
      category: String(data.get('category')) as Placement['category'],
      status: String(data.get('status')) as Placement['status'],
      timezone: String(data.get('timezone')),
      settings: { fallbackExperienceId: fallback === '' ? null : fallback },
    })
  }
  return (
    <form onSubmit={onSubmit} key={placement.version}>
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              name="name"
              label={t('placements.fields.name')}
              required
              defaultValue={placement.name}
              error={errors.name}
            />
            <TextInput
              name="slug"
              label={t('placements.fields.slug')}
              description={t('placements.fields.slugHint')}
              required
              defaultValue={placement.slug}
              error={errors.slug}
            />
            <Select
              name="category"
              label={t('placements.fields.category')}
              defaultValue={placement.category}
              allowDeselect={false}
              data={PLACEMENT_CATEGORIES.map((category) => ({
                value: category,
                label: t(`placements.category.${category}`),
              }))}
              error={errors.category}
            />
            <Select
              name="status"
              label={t('placements.fields.status')}
              defaultValue={placement.status}
              allowDeselect={false}
              data={PLACEMENT_STATUSES.map((status) => ({
                value: status,
                label: t(`placements.status.${status}`),
              }))}
              error={errors.status}
            />
            <Select
              name="timezone"
              label={t('placements.fields.timezone')}
              description={t('placements.fields.timezoneHint')}
              defaultValue={placement.timezone}
              allowDeselect={false}
              searchable
              data={zones.includes(placement.timezone) ? zones : [placement.timezone, ...zones]}
              error={errors.timezone}
            />
            <Select
              name="fallback"
              label={t('placements.fields.fallback')}
              description={t('placements.fields.fallbackHint')}
              defaultValue={placement.settings.fallbackExperienceId ?? ''}
              allowDeselect={false}
              data={[
                { value: '', label: t('placements.fields.noFallback') },
                ...placement.experiences.map((experience) => ({
                  value: experience.id,
                  label: experience.name,
                })),
              ]}
              error={errors.settings}
            />
          </SimpleGrid>
          <Textarea
            name="description"
            label={t('placements.fields.description')}
            autosize
            minRows={2}
            defaultValue={placement.description}
            error={errors.description}
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          {editable && (
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('placements.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  )
}
