import {
  DatePickerInput,
  type DatePickerInputProps,
  DateTimePicker,
  type DateTimePickerProps,
} from '@mantine/dates'
import { useTranslation } from 'react-i18next'

/**
 * What every date picker of placements shares: its calendar in a dialog titled with the field's
 * label, every stepping control named, weekends and other months' days not set apart by a faint
 * or red colour (which would fail contrast), a clear button with `clearLabel`.
 */
function usePickerProps(label: string, clearLabel: string) {
  const { t } = useTranslation()
  return {
    label,
    clearable: true,
    clearButtonProps: { 'aria-label': clearLabel },
    dropdownType: 'modal' as const,
    modalProps: { title: label, withCloseButton: true, closeButtonProps: { 'aria-label': t('app.close') } },
    weekendDays: [],
    hideOutsideDates: true,
    ariaLabels: {
      previousMonth: t('placements.picker.previousMonth'),
      nextMonth: t('placements.picker.nextMonth'),
      previousYear: t('placements.picker.previousYear'),
      nextYear: t('placements.picker.nextYear'),
      previousDecade: t('placements.picker.previousDecade'),
      nextDecade: t('placements.picker.nextDecade'),
    },
  }
}

/** A date and time (hour and minute fields named, a named confirm button). */
export function DateTimeInput({
  label,
  clearLabel,
  ...rest
}: Omit<DateTimePickerProps, 'label'> & { label: string; clearLabel: string }) {
  const { t } = useTranslation()
  return (
    <DateTimePicker
      valueFormat="YYYY-MM-DD HH:mm"
      {...usePickerProps(label, clearLabel)}
      timePickerProps={{
        hoursInputLabel: t('placements.picker.hours'),
        minutesInputLabel: t('placements.picker.minutes'),
      }}
      submitButtonProps={{ 'aria-label': t('placements.picker.confirm') }}
      {...rest}
    />
  )
}

/** Several dates (`YYYY-MM-DD`). */
export function DatesInput({
  label,
  clearLabel,
  ...rest
}: Omit<DatePickerInputProps<'multiple'>, 'label' | 'type'> & { label: string; clearLabel: string }) {
  return (
    <DatePickerInput
      type="multiple"
      valueFormat="YYYY-MM-DD"
      {...usePickerProps(label, clearLabel)}
      {...rest}
    />
  )
}
