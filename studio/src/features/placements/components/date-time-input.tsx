import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates'
import { useTranslation } from 'react-i18next'

/**
 * Mantine's date-time picker with every control of its dropdown named (month steps, hour and
 * minute fields, the confirm button), so it reads well with a screen reader.
 */
export function DateTimeInput(props: DateTimePickerProps & { clearLabel: string }) {
  const { t } = useTranslation()
  const { clearLabel, ...rest } = props
  return (
    <DateTimePicker
      valueFormat="YYYY-MM-DD HH:mm"
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      ariaLabels={usePickerLabels()}
      timePickerProps={{
        hoursInputLabel: t('placements.picker.hours'),
        minutesInputLabel: t('placements.picker.minutes'),
      }}
      submitButtonProps={{ 'aria-label': t('placements.picker.confirm') }}
      {...rest}
    />
  )
}

/** Names of a calendar's stepping and level controls, for every Mantine date picker. */
export function usePickerLabels() {
  const { t } = useTranslation()
  return {
    previousMonth: t('placements.picker.previousMonth'),
    nextMonth: t('placements.picker.nextMonth'),
    monthLevelControl: t('placements.picker.chooseMonth'),
    previousYear: t('placements.picker.previousYear'),
    nextYear: t('placements.picker.nextYear'),
    yearLevelControl: t('placements.picker.chooseYear'),
    previousDecade: t('placements.picker.previousDecade'),
    nextDecade: t('placements.picker.nextDecade'),
  }
}
