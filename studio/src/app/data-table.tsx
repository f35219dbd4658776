import { Table } from '@mantine/core'
import { type ReactNode, useId } from 'react'

/**
 * A list screen's table: a named, keyboard-scrollable region (`label`) around a striped table whose
 * caption (`caption`, e.g. "12 tags") describes it, whose header row is `head` (`Table.Th` cells)
 * and whose rows are `children`. `busy` marks it while a page loads.
 */
export function DataTable(props: {
  label: string
  head: ReactNode
  children: ReactNode
  caption?: ReactNode
  busy?: boolean
  minWidth?: number
}) {
  const captionId = useId()
  const captioned = props.caption !== undefined
  return (
    <Table.ScrollContainer
      minWidth={props.minWidth ?? 560}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={props.label}
      // The containing block of what a cell positions absolutely (visually hidden headers): it
      // stays inside the scrolling box instead of widening the page on a phone.
      pos="relative"
    >
      <Table striped aria-describedby={captioned ? captionId : undefined} aria-busy={props.busy}>
        {captioned && <Table.Caption id={captionId}>{props.caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>{props.head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{props.children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
