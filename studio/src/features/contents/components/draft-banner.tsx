import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { DateTimePicker } from '@mantine/dates'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import type { Content } from '../api/contents'
import { fromPickerValue, toPickerValue } from '../api/schedule'

/**
 * A published content's changes that are not live (docs/decisions/content.md "Drafts of published
 * contents"): who saved the draft last and when, when it is scheduled to go live, and, for a member
 * who may, scheduling it and discarding it (after a confirmation). "Publish changes" is the
 * editor's own publish button. `unsaved`: edits not saved to the draft yet.
 */
export function DraftBanner({
  pendingDraft,
  unsaved,
  busy,
  editable,
  canDiscard,
  onSchedule,
  onDiscard,
}: {
  pendingDraft: Content['pendingDraft']
  unsaved: boolean
  busy: boolean
  editable: boolean
  canDiscard: boolean
  onSchedule: (publishAt: string) => void
  onDiscard: () => void
}) {
  const { t, i18n } = useTranslation()
  const [scheduling, setScheduling] = useState(false)
  const [at, setAt] = useState<string | null>(null)
  const [discarding, setDiscarding] = useState(false)
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const future = at !== null && Date.parse(at) > Date.now()
  return (
    <>
      <Alert color="yellow" role="status">
        <Stack gap="xs">
          <Text fw={700}>{t('editor.draft.title')}</Text>
          <Text size="sm">
            {pendingDraft && !unsaved
              ? t('editor.draft.savedBy', {
                  name: pendingDraft.updatedByName || t('editor.draft.someone'),
                  when: when(pendingDraft.updatedAt),
                })
              : t('editor.draft.notSaved')}{' '}
            {t('editor.draft.liveStays')}
          </Text>
          {pendingDraft?.publishAt && (
            <Text size="sm" fw={600}>
              {t('editor.draft.scheduledFor', { when: when(pendingDraft.publishAt) })}
            </Text>
          )}
          {editable && pendingDraft && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                onClick={() => {
                  setAt(pendingDraft.publishAt)
                  setScheduling(true)
                }}
              >
                {t('editor.draft.schedule')}
              </Button>
              {canDiscard && (
                <Button size="xs" variant="default" disabled={busy} onClick={() => setDiscarding(true)}>
                  {t('editor.draft.discard')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Alert>
      <Modal
        opened={scheduling}
        onClose={() => setScheduling(false)}
        title={t('editor.draft.scheduleTitle')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            event.stopPropagation()
            if (at === null || !future) return
            setScheduling(false)
            onSchedule(at)
          }}
        >
          <Stack>
            <Text size="sm">{t('editor.draft.scheduleText')}</Text>
            <DateTimePicker
              label={t('editor.publishAt')}
              description={t('editor.publishAtHint')}
              value={toPickerValue(at)}
              onChange={(value) => setAt(fromPickerValue(value))}
              valueFormat="YYYY-MM-DD HH:mm"
              minDate={toPickerValue(new Date().toISOString())?.slice(0, 10)}
              required
              error={at !== null && !future ? t('editor.draft.scheduleFuture') : undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setScheduling(false)}>
                {t('app.cancel')}
              </Button>
              <Button type="submit" disabled={!future}>
                {t('editor.draft.scheduleConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={discarding}
        title={t('editor.draft.discardTitle')}
        confirmLabel={t('editor.draft.discardConfirm')}
        pending={false}
        onConfirm={() => {
          setDiscarding(false)
          onDiscard()
        }}
        onClose={() => setDiscarding(false)}
      >
        {t('editor.draft.discardText')}
      </ConfirmDialog>
    </>
  )
}
