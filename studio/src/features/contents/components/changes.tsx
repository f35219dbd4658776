import { Text, VisuallyHidden } from '@mantine/core'
import type { Change } from '../api/compare'
import classes from './changes.module.css'

/** A field's changes: removed words struck through, added ones underlined, both also in words for screen readers. */
export function Changes({
  changes,
  removedLabel,
  addedLabel,
}: {
  changes: Change[]
  removedLabel: string
  addedLabel: string
}) {
  return (
    <Text component="div" className={classes.changes}>
      {changes.map((change, index) =>
        change.kind === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs have no identity beyond their place
          <del key={index} className={classes.removed}>
            <VisuallyHidden component="span">{`${removedLabel}: `}</VisuallyHidden>
            {change.value}
          </del>
        ) : change.kind === 'added' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs have no identity beyond their place
          <ins key={index} className={classes.added}>
            <VisuallyHidden component="span">{`${addedLabel}: `}</VisuallyHidden>
            {change.value}
          </ins>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs have no identity beyond their place
          <span key={index}>{change.value}</span>
        ),
      )}
    </Text>
  )
}
