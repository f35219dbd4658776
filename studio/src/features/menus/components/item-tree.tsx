import { ActionIcon, Badge, Text } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TreeMove } from '../../../lib/flat-tree'
import { SortableTree } from '../../../lib/sortable-tree'
import { type DraftItem, MAX_DEPTH } from '../api/tree'

/**
 * The menu's items as a nested list, arranged by drag and drop or by the move buttons
 * (lib/sortable-tree.tsx). The row being edited shows `editor` under it.
 */
export function ItemTree({
  items,
  editable,
  editing,
  invalid,
  editor,
  onMove,
  onDrop,
  onEdit,
  onRemove,
}: {
  items: DraftItem[]
  /** False for a member who may only read the menu: no handles, no buttons. */
  editable: boolean
  editing: string | null
  invalid: ReadonlySet<string>
  editor: ReactNode
  onMove: (index: number, move: TreeMove) => void
  onDrop: (from: number, over: number, levels: number) => void
  onEdit: (key: string | null) => void
  onRemove: (index: number) => void
}) {
  const { t } = useTranslation()
  return (
    <SortableTree
      items={items}
      maxDepth={MAX_DEPTH}
      editable={editable}
      label={t('menus.items')}
      texts={{
        untitled: t('menus.untitled'),
        handle: (title) => t('menus.drag.handle', { title }),
        move: (move, title) => t(`menus.move.${move}`, { title }),
        instructions: t('menus.drag.instructions'),
        start: (title) => t('menus.drag.start', { title }),
        over: (title, over) => t('menus.drag.over', { title, over }),
        end: (title, over) => t('menus.drag.end', { title, over }),
        cancel: (title) => t('menus.drag.cancel', { title }),
      }}
      invalid={invalid}
      content={(item, title) => (
        <>
          <Text fw={500} truncate>
            {title}
          </Text>
          <Badge variant="default">{t(`menus.types.${item.type}`)}</Badge>
          {!item.isVisible && <Badge variant="default">{t('menus.hidden')}</Badge>}
          {invalid.has(item.key) && (
            <Text size="sm" c="red.8">
              {t('menus.needsFixing')}
            </Text>
          )}
        </>
      )}
      actions={(item, index, title) =>
        editable && (
          <>
            <ActionIcon
              variant={editing === item.key ? 'filled' : 'subtle'}
              aria-label={t('menus.edit', { title })}
              aria-expanded={editing === item.key}
              onClick={() => onEdit(editing === item.key ? null : item.key)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={t('menus.remove', { title })}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </>
        )
      }
      below={(item) => (editing === item.key ? editor : null)}
      onMove={onMove}
      onDrop={onDrop}
    />
  )
}
