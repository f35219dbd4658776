import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { type Placement, type Rules, updatePlacement } from '../api/placements'
import { cleanRules } from '../api/rules'
import { RulesEditor } from './rules-editor'

/** The rules every experience of the placement inherits (an experience overrides them rule by rule). */
export function DefaultRules({
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
  const [rules, setRules] = useState<Rules>(placement.defaultRules)
  const save = useMutation({
    mutationFn: () => updatePlacement(tenantId, placement.id, { defaultRules: cleanRules(rules) }),
    onSuccess: async ({ placement: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'placements'] })
      notifySuccess(t('placements.defaultRules.saved', { name: saved.name }))
    },
  })
  const errors = save.error ? fieldErrors(save.error) : {}
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate()
  }
  return (
    <form onSubmit={onSubmit} aria-labelledby="default-rules">
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('placements.defaultRules.intro')}
          </Text>
          <RulesEditor value={rules} onChange={setRules} timezone={placement.timezone} />
          {Object.keys(errors).length > 0 && (
            <Alert color="red" role="alert">
              {Object.values(errors).join(' ')}
            </Alert>
          )}
          {editable && (
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('placements.defaultRules.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  )
}
