import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { VersionConflict } from '../api/editing'

/**
 * Someone else saved the content since this editor loaded it (409 `VersionConflict`): nothing of
 * ours was saved. The editor chooses: load their version (ours is dropped), or keep ours (saved
 * again on top of theirs, as the next version).
 */
export function ConflictDialog({
  conflict,
  busy,
  onReload,
  onKeepMine,
}: {
  conflict: VersionConflict | undefined
  busy: boolean
  onReload: () => void
  onKeepMine: () => void
}) {
  const { t, i18n } = useTranslation()
  const when =
    conflict?.updatedAt == null
      ? ''
      : new Date(conflict.updatedAt).toLocaleString(i18n.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
        })
  return (
    <Modal
      opened={conflict !== undefined}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('editor.conflict.title')}
    >
      <Stack>
        <Text role="alert">{t('editor.conflict.body', { version: conflict?.currentVersion, when })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload} disabled={busy}>
            {t('editor.conflict.reload')}
          </Button>
          <Button onClick={onKeepMine} loading={busy}>
            {t('editor.conflict.keepMine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
