import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Rules } from '../api/placements'
import { fromWallTime, mapOf, rowsOf, toWallTime } from '../api/rules'
import { DatesInput, DateTimeInput } from './date-time-input'
import { PairsInput } from './pairs-input'

type Schedule = NonNullable<Rules['schedule']>
type Frequency = NonNullable<Rules['frequency']>
type CookieRule = NonNullable<NonNullable<Rules['cookies']>['include']>[number]

const DEVICES = ['mobile', 'tablet', 'desktop'] as const
const COOKIE_OPERATORS: readonly CookieRule['operator'][] = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'exists',
  'notExists',
]
const LIST_RULES = [
  'locales',
  'browsers',
  'os',
  'countries',
  'roles',
  'userTags',
  'requiredFlags',
  'excludeFlags',
  'referrers',
  'excludeReferrers',
] as const
const CAPS = ['maxPerSession', 'maxPerDay', 'maxPerWeek', 'maxPerMonth', 'maxTotal'] as const

/**
 * The targeting rules of an experience as a form, one control per rule kind the API knows (every
 * list is "any of"; an empty control is no rule). Schedule times are entered in `timezone`.
 */
export function RulesEditor({
  value,
  onChange,
  timezone,
}: {
  value: Rules
  onChange: (rules: Rules) => void
  timezone: string
}) {
  const { t } = useTranslation()
  const patch = (changes: Partial<Rules>) => onChange({ ...value, ...changes })
  const schedule: Schedule = value.schedule ?? {}
  const setSchedule = (changes: Partial<Schedule>) => patch({ schedule: { ...schedule, ...changes } })
  const frequency: Frequency = value.frequency ?? {}
  const setFrequency = (changes: Partial<Frequency>) => patch({ frequency: { ...frequency, ...changes } })
  const [query, setQuery] = useState(() => rowsOf(value.query))
  const pathModeId = useId()

  return (
    <Stack>
      <Fieldset legend={t('placements.rules.where')}>
        <Stack>
          <TagsInput
            label={t('placements.rules.paths')}
            description={t('placements.rules.pathsHint')}
            value={value.paths ?? []}
            onChange={(paths) => patch({ paths })}
            clearable
          />
          <div>
            <Text size="sm" fw={500} id={pathModeId} mb={4}>
              {t('placements.rules.pathMode')}
            </Text>
            <SegmentedControl
              aria-labelledby={pathModeId}
              value={value.pathMode ?? 'include'}
              onChange={(pathMode) => patch({ pathMode: pathMode as 'include' | 'exclude' })}
              data={(['include', 'exclude'] as const).map((mode) => ({
                value: mode,
                label: t(`placements.rules.pathModes.${mode}`),
              }))}
            />
          </div>
          <PairsInput
            legend={t('placements.rules.query')}
            rows={query}
            onChange={(rows) => {
              setQuery(rows)
              patch({ query: mapOf(rows) })
            }}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('placements.rules.who')}>
        <Stack>
          <Checkbox.Group
            label={t('placements.rules.devices')}
            value={value.devices ?? []}
            onChange={(devices) => patch({ devices: devices as Rules['devices'] })}
          >
            <Group mt={4}>
              {DEVICES.map((device) => (
                <Checkbox key={device} value={device} label={t(`placements.device.${device}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Select
            label={t('placements.rules.authenticated')}
            value={value.authenticated === undefined ? 'any' : String(value.authenticated)}
            allowDeselect={false}
            data={['any', 'true', 'false'].map((choice) => ({
              value: choice,
              label: t(`placements.rules.signedIn.${choice}`),
            }))}
            onChange={(choice) =>
              patch({ authenticated: choice === 'any' || choice === null ? undefined : choice === 'true' })
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LIST_RULES.map((rule) => (
              <TagsInput
                key={rule}
                label={t(`placements.rules.lists.${rule}`)}
                value={value[rule] ?? []}
                onChange={(list) => patch({ [rule]: list })}
                clearable
              />
            ))}
          </SimpleGrid>
          <CookieRules value={value.cookies ?? {}} onChange={(cookies) => patch({ cookies })} />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('placements.rules.when')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('placements.rules.timezoneHint', { timezone })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimeInput
              label={t('placements.rules.startAt')}
              value={toWallTime(schedule.startAt, timezone)}
              onChange={(wall) => setSchedule({ startAt: fromWallTime(wall, timezone) })}
              clearLabel={t('placements.rules.clearStart')}
            />
            <DateTimeInput
              label={t('placements.rules.endAt')}
              value={toWallTime(schedule.endAt, timezone)}
              onChange={(wall) => setSchedule({ endAt: fromWallTime(wall, timezone) })}
              clearLabel={t('placements.rules.clearEnd')}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('placements.rules.daysOfWeek')}
            value={(schedule.daysOfWeek ?? []).map(String)}
            onChange={(days) => setSchedule({ daysOfWeek: days.map(Number).sort() })}
          >
            <Group mt={4}>
              {[1, 2, 3, 4, 5, 6, 0].map((day) => (
                <Checkbox key={day} value={String(day)} label={t(`placements.weekday.${day}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <MultiSelect
            label={t('placements.rules.hoursOfDay')}
            value={(schedule.hoursOfDay ?? []).map(String)}
            data={Array.from({ length: 24 }, (_, hour) => ({
              value: String(hour),
              label: `${String(hour).padStart(2, '0')}:00–${String(hour).padStart(2, '0')}:59`,
            }))}
            onChange={(hours) => setSchedule({ hoursOfDay: hours.map(Number).sort((a, b) => a - b) })}
            clearable
          />
          <DatesInput
            label={t('placements.rules.excludeDates')}
            clearLabel={t('placements.rules.clearDates')}
            value={schedule.excludeDates ?? []}
            onChange={(dates) => setSchedule({ excludeDates: dates.map(String) })}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('placements.rules.frequency')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {CAPS.map((cap) => (
            <NumberInput
              key={cap}
              label={t(`placements.rules.caps.${cap}`)}
              min={0}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              value={frequency[cap] ?? ''}
              onChange={(count) => setFrequency({ [cap]: typeof count === 'number' ? count : undefined })}
            />
          ))}
          <TextInput
            label={t('placements.rules.capKey')}
            description={t('placements.rules.capKeyHint')}
            value={frequency.capKey ?? ''}
            onChange={(event) => setFrequency({ capKey: event.currentTarget.value || undefined })}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  )
}

/** Cookie conditions the visitor must meet (include) or must not (exclude). */
function CookieRules({
  value,
  onChange,
}: {
  value: NonNullable<Rules['cookies']>
  onChange: (cookies: NonNullable<Rules['cookies']>) => void
}) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {(['include', 'exclude'] as const).map((side) => {
        const rows = value[side] ?? []
        const set = (next: CookieRule[]) => onChange({ ...value, [side]: next })
        return (
          <Fieldset key={side} legend={t(`placements.rules.cookies.${side}`)} variant="unstyled">
            <Stack gap="xs">
              {rows.map((rule, index) => {
                const number = index + 1
                const update = (changes: Partial<CookieRule>) =>
                  set(rows.map((row, at) => (at === index ? { ...row, ...changes } : row)))
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                  <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                    <TextInput
                      label={t('placements.rules.cookies.key', { index: number })}
                      value={rule.key}
                      onChange={(event) => update({ key: event.currentTarget.value })}
                    />
                    <Select
                      label={t('placements.rules.cookies.operator', { index: number })}
                      value={rule.operator}
                      allowDeselect={false}
                      data={COOKIE_OPERATORS.map((operator) => ({
                        value: operator,
                        label: t(`placements.rules.cookies.operators.${operator}`),
                      }))}
                      onChange={(operator) =>
                        operator && update({ operator: operator as CookieRule['operator'] })
                      }
                    />
                    {rule.operator !== 'exists' && rule.operator !== 'notExists' && (
                      <TextInput
                        label={t('placements.rules.cookies.value', { index: number })}
                        value={rule.value ?? ''}
                        onChange={(event) => update({ value: event.currentTarget.value })}
                      />
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      size="lg"
                      aria-label={t('placements.rules.cookies.remove', { index: number })}
                      onClick={() => set(rows.filter((_, at) => at !== index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                )
              })}
              <Button
                variant="default"
                size="xs"
                w="fit-content"
                onClick={() => set([...rows, { key: '', operator: 'equals', value: '' }])}
              >
                {t(`placements.rules.cookies.add.${side}`)}
              </Button>
            </Stack>
          </Fieldset>
        )
      })}
    </SimpleGrid>
  )
}
