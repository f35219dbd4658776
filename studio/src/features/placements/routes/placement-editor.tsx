import '@mantine/dates/styles.css'
import 'dayjs/locale/tr'
import { Alert, Button, Group, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { withStrings } from '../../../app/i18n'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { deleteExperience, deletePlacement, type Experience, placementQuery } from '../api/placements'
import { DebugPanel } from '../components/debug-panel'
import { DefaultRules } from '../components/default-rules'
import { ExperienceDrawer } from '../components/experience-drawer'
import { NewExperienceDialog } from '../components/new-experience-dialog'
import { PlacementSettings } from '../components/placement-settings'
import { StatusBadge } from '../components/status-badge'

const route = getRouteApi('/signed-in/t/$tenantId/placements/$placementId')
// The charts library loads only when the statistics are opened.
const StatsPanel = lazy(() =>
  withStrings(['charts', 'placements'], import('../components/stats-panel')).then((module) => ({
    default: module.StatsPanel,
  })),
)

/**
 * One placement: its experiences (each edited with its rules, schedule and weight), its settings,
 * a decision explained for a sample visitor, and its daily statistics.
 */
export function PlacementEditorPage() {
  const { t, i18n } = useTranslation()
  const { tenantId, placementId } = route.useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const can = useCan()
  const editable = can('placements:update')
  const { data: placement, error } = useQuery(placementQuery(tenantId, placementId))
  const [editing, setEditing] = useState<string>()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<Experience>()
  const [deleting, setDeleting] = useState(false)

  const removeExperience = useMutation({
    mutationFn: (experience: Experience) => deleteExperience(tenantId, placementId, experience.id),
    onSuccess: async (_, experience) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'placements'] })
      notifySuccess(t('placements.experience.deleted', { name: experience.name }))
      setRemoving(undefined)
    },
  })
  const remove = useMutation({
    mutationFn: () => deletePlacement(tenantId, placementId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['tenant', tenantId, 'placements', 'one', placementId] })
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'placements', 'list'] })
      notifySuccess(t('placements.deleted', { name: placement?.name }))
      await navigate({ to: '/t/$tenantId/placements', params: { tenantId } })
    },
  })

  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    )
  if (!placement) return <Skeleton h={400} />
  const number = new Intl.NumberFormat(i18n.language)

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('tr') ? 'tr' : 'en' }}>
      <Stack>
        <AnchorLink to="/t/$tenantId/placements" params={{ tenantId }} size="sm">
          {t('placements.back')}
        </AnchorLink>
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={1} size="h2">
              {placement.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('placements.summary', { slug: placement.slug, version: placement.version })}
            </Text>
          </Stack>
          <Group>
            <StatusBadge kind="placement" status={placement.status} />
            {can('placements:delete') && (
              <Button variant="default" onClick={() => setDeleting(true)}>
                {t('placements.delete')}
              </Button>
            )}
          </Group>
        </Group>
        <Tabs defaultValue="experiences" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="experiences">{t('placements.tabs.experiences')}</Tabs.Tab>
            <Tabs.Tab value="settings">{t('placements.tabs.settings')}</Tabs.Tab>
            <Tabs.Tab value="debug">{t('placements.tabs.debug')}</Tabs.Tab>
            <Tabs.Tab value="stats">{t('placements.tabs.stats')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="experiences" pt="md">
            <Stack>
              {placement.experiences.length === 0 ? (
                <Text>{t('placements.experience.empty')}</Text>
              ) : (
                <Table.ScrollContainer
                  minWidth={560}
                  type="native"
                  tabIndex={0}
                  role="region"
                  aria-label={t('placements.tabs.experiences')}
                >
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('placements.experience.name')}</Table.Th>
                        <Table.Th>{t('placements.experience.status')}</Table.Th>
                        <Table.Th>{t('placements.experience.priority')}</Table.Th>
                        <Table.Th>{t('placements.experience.weight')}</Table.Th>
                        <Table.Th>{t('placements.experience.rules')}</Table.Th>
                        {editable && <Table.Th>{t('placements.experience.actions')}</Table.Th>}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {placement.experiences.map((experience) => (
                        <Table.Tr key={experience.id}>
                          <Table.Td>
                            {experience.name}
                            {placement.settings.fallbackExperienceId === experience.id && (
                              <Text size="xs" c="dimmed">
                                {t('placements.experience.isFallback')}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <StatusBadge kind="experience" status={experience.status} />
                          </Table.Td>
                          <Table.Td>{number.format(experience.priority)}</Table.Td>
                          <Table.Td>{number.format(experience.weight)}</Table.Td>
                          <Table.Td>
                            {t('placements.experience.ruleCount', {
                              count: Object.keys(experience.rules).length,
                            })}
                          </Table.Td>
                          {editable && (
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap">
                                <Button
                                  size="xs"
                                  variant="default"
                                  aria-label={t('placements.experience.editOf', { name: experience.name })}
                                  onClick={() => setEditing(experience.id)}
                                >
                                  {t('placements.experience.edit')}
                                </Button>
                                <Button
                                  size="xs"
                                  variant="default"
                                  aria-label={t('placements.experience.deleteOf', { name: experience.name })}
                                  onClick={() => setRemoving(experience)}
                                >
                                  {t('placements.experience.delete')}
                                </Button>
                              </Group>
                            </Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              {editable && (
                <Group>
                  <Button onClick={() => setAdding(true)}>{t('placements.experience.new')}</Button>
                </Group>
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <Stack gap="xl">
              <PlacementSettings tenantId={tenantId} placement={placement} editable={editable} />
              <section aria-labelledby="default-rules">
                <Title order={2} size="h4" id="default-rules" mb="xs">
                  {t('placements.defaultRules.title')}
                </Title>
                <DefaultRules
                  key={placement.version}
                  tenantId={tenantId}
                  placement={placement}
                  editable={editable}
                />
              </section>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="debug" pt="md">
            <DebugPanel tenantId={tenantId} placement={placement} />
          </Tabs.Panel>
          <Tabs.Panel value="stats" pt="md">
            <Suspense fallback={<Skeleton h={300} />}>
              <StatsPanel tenantId={tenantId} placement={placement} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ExperienceDrawer
        tenantId={tenantId}
        placement={placement}
        experience={placement.experiences.find((experience) => experience.id === editing)}
        onClose={() => setEditing(undefined)}
      />
      <NewExperienceDialog
        tenantId={tenantId}
        placementId={placementId}
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(experience) => {
          setAdding(false)
          setEditing(experience.id)
        }}
      />
      <ConfirmDialog
        opened={removing !== undefined}
        title={t('placements.experience.deleteTitle', { name: removing?.name })}
        confirmLabel={t('placements.experience.delete')}
        pending={removeExperience.isPending}
        error={removeExperience.error?.message}
        onConfirm={() => removing && removeExperience.mutate(removing)}
        onClose={() => {
          removeExperience.reset()
          setRemoving(undefined)
        }}
      >
        {t('placements.experience.deleteText')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={deleting}
        title={t('placements.deleteTitle', { name: placement.name })}
        confirmLabel={t('placements.delete')}
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          remove.reset()
          setDeleting(false)
        }}
      >
        {t('placements.deleteText')}
      </ConfirmDialog>
    </DatesProvider>
  )
}
