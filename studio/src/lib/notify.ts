import { notifications } from '@mantine/notifications'
import i18n from 'i18next'

/** A short confirmation in the corner (`role="status"`), with a labelled close button. */
export function notifySuccess(message: string): void {
  notifications.show({
    color: 'teal.9',
    message,
    closeButtonProps: { 'aria-label': i18n.t('app.close') },
  })
}
