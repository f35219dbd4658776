import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Content } from '../api/contents'
import { compareFields, otherChanges, type VersionConflict } from '../api/editing'
import { comparable, FieldDiffs } from './content-diff'

/**
 * Someone else saved the content since this editor loaded it (409 `VersionConflict`): nothing of
 * ours was saved. The dialog says who saved and when, and what differs between their version
 * (`theirs`, loading while undefined) and ours (`mine`: what the editor would send): title, summary
 * and the body's text word by word, the other members by name. The editor chooses: load their
 * version (ours is dropped), or keep ours (saved again on top of theirs, as the next version).
 */
export function ConflictDialog({
  conflict,
  theirs,
  theirsError,
  mine,
  busy,
  onReload,
  onKeepMine,
}: {
  conflict: VersionConflict | undefined
  theirs: Content | undefined
  theirsError: Error | null
  mine: Partial<Content>
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
  const fields = theirs === undefined ? [] : compareFields(comparable(theirs), comparable(mine))
  const others = theirs === undefined ? [] : otherChanges(mine, theirs)
  return (
    <Modal
      opened={conflict !== undefined}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('editor.conflict.title')}
      size="lg"
    >
      <Stack>
        <Text role="alert">
          {conflict?.updatedByName
            ? t('editor.conflict.byWhom', {
                name: conflict.updatedByName,
                version: conflict.currentVersion,
                when,
              })
            : t('editor.conflict.body', { version: conflict?.currentVersion, when })}
        </Text>
        {theirsError ? (
          <Alert color="red">{theirsError.message}</Alert>
        ) : theirs === undefined ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : (
          <Stack gap="xs" component="section" aria-label={t('editor.conflict.differences')}>
            <Text size="sm">{t('editor.conflict.legend')}</Text>
            {fields.length === 0 && others.length === 0 ? (
              <Text size="sm">{t('editor.conflict.same')}</Text>
            ) : (
              <FieldDiffs fields={fields} />
            )}
            {others.length > 0 && (
              <Text size="sm">
                {t('editor.conflict.others', {
                  fields: others.map((field) => t(`editor.conflict.field.${field}`)).join(', '),
                })}
              </Text>
            )}
          </Stack>
        )}
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
