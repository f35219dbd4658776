import { requestBodies } from '@folio/client'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { bodyValidator, memberOf, numberLimits } from '../../../lib/validation'
import {
  type BackupSchedule,
  type BackupScheduleChange,
  backupScheduleQuery,
  updateBackupSchedule,
} from '../api/portability'

const FREQUENCIES = ['off', 'daily', 'weekly'] as const satisfies readonly BackupSchedule['frequency'][]

/** The API's limits of how many backups are kept (1..30), from its schema of the body. */
const KEEP_LIMITS = numberLimits(requestBodies.updateTenantBackupSchedule, 'keep')

/** What the form edits; `keep` is '' while the number input is empty. */
interface ScheduleValues {
  frequency: BackupSchedule['frequency']
  keep: number | string
  includeResponses: boolean
  includeStatistics: boolean
}

/** What a save sends: every member, so the schedule is what the form shows. */
function bodyOf(values: ScheduleValues): BackupScheduleChange {
  return {
    frequency: values.frequency,
    ...(values.keep === '' ? {} : { keep: Number(values.keep) }),
    includeResponses: values.includeResponses,
    includeStatistics: values.includeStatistics,
  }
}

/** The API's rules of the body the form sends (frequency, `keep`'s bounds), at the members they name. */
const checkBody = bodyValidator(requestBodies.updateTenantBackupSchedule, bodyOf, memberOf)

/** The form's values of a stored schedule. */
const valuesOf = ({
  frequency,
  keep,
  includeResponses,
  includeStatistics,
}: BackupSchedule): ScheduleValues => ({
  frequency,
  keep,
  includeResponses,
  includeStatistics,
})

/**
 * Scheduled backups of the tenant (docs/decisions/studio.md "Tenant export and import",
 * docs/decisions/portability.md "Backups"): how often, how many are kept, what they include, when
 * the last started and the next is due (in the browser's time zone), and how a backup is restored.
 * The screen's permission (`tenants:update`) is the schedule routes' own, so the form is never
 * shown read-only.
 */
export function BackupScheduleSection({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation()
  const schedule = useQuery(backupScheduleQuery(tenantId))
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="backup-schedule-title">
      <Stack>
        <Title order={2} size="h3" id="backup-schedule-title">
          {t('exports.backups.title')}
        </Title>
        <Text>{t('exports.backups.help')}</Text>
        <Text>
          {t('exports.backups.restore')}{' '}
          <AnchorLink to="/tenants/new" search={{ from: 'archive' }}>
            {t('exports.backups.restoreLink')}
          </AnchorLink>
        </Text>
        {schedule.error ? (
          <Alert color="red" role="alert">
            {schedule.error.message}
          </Alert>
        ) : schedule.data === undefined ? (
          <Skeleton h={240} />
        ) : (
          <ScheduleForm tenantId={tenantId} schedule={schedule.data} />
        )}
      </Stack>
    </Paper>
  )
}

function ScheduleForm({ tenantId, schedule }: { tenantId: string; schedule: BackupSchedule }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const form = useForm<ScheduleValues>({
    initialValues: valuesOf(schedule),
    clearInputErrorOnChange: false,
    validate: (values) => ({
      ...checkBody(values),
      // The API keeps a `keep` left out, so the body's schema passes an empty field; the form asks for one.
      ...(values.keep === '' ? { keep: t('validation.required') } : {}),
    }),
  })
  const errors = form.errors as FieldErrors
  const save = useMutation({
    mutationFn: (values: ScheduleValues) => updateBackupSchedule(tenantId, bodyOf(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(backupScheduleQuery(tenantId).queryKey, saved)
      form.setInitialValues(valuesOf(saved))
      form.setValues(valuesOf(saved))
      notifySuccess(t('exports.backups.saved'))
    },
  })
  const submit = form.onSubmit((values) =>
    save.mutateAsync(values).catch((failure: unknown) => form.setErrors(fieldErrors(failure))),
  )
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Radio.Group label={t('exports.backups.frequency')} {...form.getInputProps('frequency')}>
          <Group mt="xs">
            {FREQUENCIES.map((frequency) => (
              <Radio
                key={frequency}
                value={frequency}
                label={t(`exports.backups.frequencies.${frequency}`)}
              />
            ))}
          </Group>
        </Radio.Group>
        <NumberInput
          label={t('exports.backups.keep')}
          description={t('exports.backups.keepHelp', { min: KEEP_LIMITS.min, max: KEEP_LIMITS.max })}
          {...form.getInputProps('keep')}
          {...KEEP_LIMITS}
          allowDecimal={false}
          allowNegative={false}
          required
          maw={360}
        />
        <Checkbox
          label={t('exports.backups.includeResponses')}
          {...form.getInputProps('includeResponses', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('exports.backups.includeStatistics')}
          {...form.getInputProps('includeStatistics', { type: 'checkbox' })}
        />
        {/* The stored schedule's times (the query's data, updated by a save), not the form's. */}
        <Stack gap={4}>
          <Text size="sm">
            {schedule.lastRunAt === null
              ? t('exports.backups.lastNone')
              : t('exports.backups.last', { date: date.format(new Date(schedule.lastRunAt)) })}
          </Text>
          <Text size="sm">
            {schedule.nextRunAt === null
              ? t('exports.backups.nextNone')
              : t('exports.backups.next', { date: date.format(new Date(schedule.nextRunAt)) })}
          </Text>
        </Stack>
        <Button type="submit" loading={save.isPending} w="fit-content">
          {t('exports.backups.save')}
        </Button>
      </Stack>
    </form>
  )
}
