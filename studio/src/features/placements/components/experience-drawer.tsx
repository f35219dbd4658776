import {
  Alert,
  Button,
  Drawer,
  Group,
  JsonInput,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import {
  CONTENT_TYPES,
  EXPERIENCE_STATUSES,
  type Experience,
  type ExperienceChanges,
  type Placement,
  updateExperience,
} from '../api/placements'
import { cleanRules } from '../api/rules'
import { RulesEditor } from './rules-editor'

/**
 * Edits one experience in a side panel: what it shows (content type, payload), how it competes
 * (status, priority, weight) and whom and when it targets (rules). Saved whole.
 */
export function ExperienceDrawer({
  tenantId,
  placement,
  experience,
  onClose,
}: {
  tenantId: string
  placement: Placement
  experience: Experience | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Drawer
      opened={experience !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      title={experience ? t('placements.experience.editTitle', { name: experience.name }) : ''}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {experience && (
        <ExperienceForm
          key={experience.id}
          tenantId={tenantId}
          placement={placement}
          experience={experience}
          onClose={onClose}
        />
      )}
    </Drawer>
  )
}

function ExperienceForm({
  tenantId,
  placement,
  experience,
  onClose,
}: {
  tenantId: string
  placement: Placement
  experience: Experience
  onClose: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(experience)
  const [payload, setPayload] = useState(() => JSON.stringify(experience.payload, null, 2))
  const [payloadError, setPayloadError] = useState<string>()
  const change = (changes: Partial<Experience>) => setDraft((current) => ({ ...current, ...changes }))
  const save = useMutation({
    mutationFn: (body: ExperienceChanges) => updateExperience(tenantId, placement.id, experience.id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'placements'] })
      notifySuccess(t('placements.experience.saved', { name: draft.name }))
      onClose()
    },
  })
  const errors = save.error ? fieldErrors(save.error) : {}

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    let parsed: Record<string, unknown>
    try {
      parsed = JSON.parse(payload || '{}')
    } catch {
      setPayloadError(t('placements.experience.payloadInvalid'))
      return
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setPayloadError(t('placements.experience.payloadInvalid'))
      return
    }
    setPayloadError(undefined)
    save.mutate({
      name: draft.name.trim(),
      description: draft.description,
      status: draft.status,
      priority: draft.priority,
      weight: draft.weight,
      contentType: draft.contentType,
      payload: parsed,
      rules: cleanRules(draft.rules),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('placements.experience.name')}
            required
            value={draft.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
            error={errors.name}
          />
          <Select
            label={t('placements.experience.status')}
            value={draft.status}
            allowDeselect={false}
            data={EXPERIENCE_STATUSES.map((status) => ({
              value: status,
              label: t(`placements.experienceStatus.${status}`),
            }))}
            onChange={(status) => status && change({ status: status as Experience['status'] })}
            error={errors.status}
          />
          <NumberInput
            label={t('placements.experience.priority')}
            description={t('placements.experience.priorityHint')}
            min={0}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            value={draft.priority}
            onChange={(value) => change({ priority: typeof value === 'number' ? value : 0 })}
            error={errors.priority}
          />
          <NumberInput
            label={t('placements.experience.weight')}
            description={t('placements.experience.weightHint')}
            min={0}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            value={draft.weight}
            onChange={(value) => change({ weight: typeof value === 'number' ? value : 0 })}
            error={errors.weight}
          />
          <Select
            label={t('placements.experience.contentType')}
            value={draft.contentType}
            allowDeselect={false}
            data={CONTENT_TYPES.map((type) => ({ value: type, label: t(`placements.contentType.${type}`) }))}
            onChange={(type) => type && change({ contentType: type as Experience['contentType'] })}
            error={errors.contentType}
          />
        </SimpleGrid>
        <Textarea
          label={t('placements.experience.description')}
          autosize
          minRows={2}
          value={draft.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <JsonInput
          label={t('placements.experience.payload')}
          description={t('placements.experience.payloadHint')}
          autosize
          minRows={3}
          formatOnBlur
          value={payload}
          onChange={setPayload}
          error={payloadError ?? errors.payload}
        />
        <Title order={3} size="h5">
          {t('placements.rules.title')}
        </Title>
        <RulesEditor
          value={draft.rules}
          onChange={(rules) => change({ rules })}
          timezone={placement.timezone}
        />
        {(errors.rules || errors.form) && (
          <Alert color="red" role="alert">
            {errors.rules ?? errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('placements.experience.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
