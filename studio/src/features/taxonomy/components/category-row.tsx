import { ActionIcon, Box, Group, Menu, Text } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconDots, IconGripVertical } from '@tabler/icons-react'
import { type DragEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CategoryNode } from '../api/tree'

/** What a row can ask of the tree screen. */
export interface RowActions {
  onAction: (kind: 'edit' | 'move' | 'merge' | 'delete', node: CategoryNode) => void
  onReorder: (node: CategoryNode, delta: -1 | 1) => void
  /** Drag and drop: the dragged id, whether this row accepts it, and the drop (re-parent). */
  dragging: string | null
  setDragging: (id: string | null) => void
  accepts: (id: string, parentId: string) => boolean
  onDrop: (id: string, parentId: string) => void
  /** The member's rights (`categories:update`, `categories:delete`): rows offer only these. */
  mayUpdate: boolean
  mayDelete: boolean
}

/**
 * One category of the tree with its children below it: drag it onto another row to move it under
 * that one; the arrows reorder it among its siblings and its menu edits, moves ("Move to…", the
 * keyboard's way to re-parent), merges or deletes it.
 */
export function CategoryRow({
  node,
  index,
  count,
  actions,
}: {
  node: CategoryNode
  index: number
  count: number
  actions: RowActions
}) {
  const { t } = useTranslation()
  const [over, setOver] = useState(false)
  const name = node.name
  const accepting = actions.dragging !== null && actions.accepts(actions.dragging, node.id)
  const { mayUpdate, mayDelete } = actions

  const onDragStart = (event: DragEvent) => {
    event.stopPropagation()
    event.dataTransfer.setData('text/plain', node.id)
    event.dataTransfer.effectAllowed = 'move'
    actions.setDragging(node.id)
  }
  const onDragOver = (event: DragEvent) => {
    if (!accepting) return
    event.preventDefault()
    event.stopPropagation()
    setOver(true)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    event.stopPropagation()
    setOver(false)
    if (actions.dragging !== null && accepting) actions.onDrop(actions.dragging, node.id)
    actions.setDragging(null)
  }

  return (
    <li data-category={node.name}>
      <Group
        gap="xs"
        wrap="nowrap"
        py={4}
        px="xs"
        draggable={mayUpdate}
        onDragStart={onDragStart}
        onDragEnd={() => actions.setDragging(null)}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        bd={over ? '2px dashed var(--mantine-primary-color-filled)' : '2px solid transparent'}
        style={{ borderRadius: 'var(--mantine-radius-sm)', cursor: mayUpdate ? 'grab' : undefined }}
      >
        {mayUpdate && <IconGripVertical size={16} aria-hidden="true" style={{ flexShrink: 0 }} />}
        <Box flex={1} miw={0}>
          <Text fw={600} truncate="end">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {node.description === '' ? node.slug : `${node.slug} · ${node.description}`}
          </Text>
        </Box>
        {mayUpdate && (
          <>
            <ActionIcon
              variant="subtle"
              aria-label={t('taxonomy.categories.up', { name })}
              disabled={index === 0}
              onClick={() => actions.onReorder(node, -1)}
            >
              <IconArrowUp size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('taxonomy.categories.down', { name })}
              disabled={index === count - 1}
              onClick={() => actions.onReorder(node, 1)}
            >
              <IconArrowDown size={16} aria-hidden="true" />
            </ActionIcon>
          </>
        )}
        {(mayUpdate || mayDelete) && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t('taxonomy.categories.actions', { name })}>
                <IconDots size={16} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {mayUpdate && (
                <>
                  <Menu.Item onClick={() => actions.onAction('edit', node)}>
                    {t('taxonomy.categories.edit')}
                  </Menu.Item>
                  <Menu.Item onClick={() => actions.onAction('move', node)}>
                    {t('taxonomy.categories.move')}
                  </Menu.Item>
                  <Menu.Item onClick={() => actions.onAction('merge', node)}>
                    {t('taxonomy.categories.merge')}
                  </Menu.Item>
                </>
              )}
              {mayDelete && (
                <Menu.Item color="red.8" onClick={() => actions.onAction('delete', node)}>
                  {t('taxonomy.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {node.children.length > 0 && <CategoryList nodes={node.children} actions={actions} nested />}
    </li>
  )
}

/** A level of the tree as a list (nested lists for children, so the depth is in the markup). */
export function CategoryList({
  nodes,
  actions,
  nested = false,
  label,
}: {
  nodes: CategoryNode[]
  actions: RowActions
  nested?: boolean
  label?: string
}) {
  return (
    <Box component="ul" aria-label={label} m={0} p={0} pl={nested ? 'lg' : 0} style={{ listStyle: 'none' }}>
      {nodes.map((child, index) => (
        <CategoryRow key={child.id} node={child} index={index} count={nodes.length} actions={actions} />
      ))}
    </Box>
  )
}
