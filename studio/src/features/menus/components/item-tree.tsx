import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon, Badge, Group, Paper, Text, Tooltip } from '@mantine/core'
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconGripVertical,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type DraftItem, movesOf } from '../api/tree'

/** Pixels per level of nesting: a drag this far right or left indents or outdents once. */
export const INDENT = 32

type Move = 'up' | 'down' | 'indent' | 'outdent'

/**
 * The menu's items as a nested list. Each row moves by drag and drop (its handle, with the pointer
 * or the keyboard: space, arrows, space), and by its buttons (up, down, indent, outdent), so the
 * tree is built without a mouse too. The row being edited shows `editor` under it.
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
  onMove: (index: number, move: Move) => void
  onDrop: (from: number, over: number, levels: number) => void
  onEdit: (key: string | null) => void
  onRemove: (index: number) => void
}) {
  const { t } = useTranslation()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const titleOf = (key: string | number) =>
    items.find((item) => item.key === key)?.title || t('menus.untitled')
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    if (over === null) return
    const from = items.findIndex((item) => item.key === active.id)
    const to = items.findIndex((item) => item.key === over.id)
    const levels = Math.round(delta.x / INDENT)
    if (from >= 0 && to >= 0 && (from !== to || levels !== 0)) onDrop(from, to, levels)
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('menus.drag.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('menus.drag.start', { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('menus.drag.over', { title: titleOf(active.id), over: titleOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over ? t('menus.drag.end', { title: titleOf(active.id), over: titleOf(over.id) }) : undefined,
          onDragCancel: ({ active }) => t('menus.drag.cancel', { title: titleOf(active.id) }),
        },
      }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ol
          aria-label={t('menus.items')}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: 4,
          }}
        >
          {items.map((item, index) => (
            <ItemRow
              key={item.key}
              item={item}
              editable={editable}
              moves={movesOf(items, index)}
              invalid={invalid.has(item.key)}
              editing={editing === item.key}
              onMove={(move) => onMove(index, move)}
              onEdit={() => onEdit(editing === item.key ? null : item.key)}
              onRemove={() => onRemove(index)}
            >
              {editing === item.key ? editor : null}
            </ItemRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function ItemRow({
  item,
  editable,
  moves,
  invalid,
  editing,
  onMove,
  onEdit,
  onRemove,
  children,
}: {
  item: DraftItem
  editable: boolean
  moves: Record<Move, boolean>
  invalid: boolean
  editing: boolean
  onMove: (move: Move) => void
  onEdit: () => void
  onRemove: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.key, disabled: !editable })
  const title = item.title.trim() || t('menus.untitled')
  const button = (move: Move, icon: ReactNode) => {
    const label = t(`menus.move.${move}`, { title })
    return (
      <Tooltip label={label} withinPortal>
        <ActionIcon variant="subtle" aria-label={label} disabled={!moves[move]} onClick={() => onMove(move)}>
          {icon}
        </ActionIcon>
      </Tooltip>
    )
  }
  return (
    <li
      ref={setNodeRef}
      data-depth={item.depth}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        marginInlineStart: (item.depth - 1) * INDENT,
        opacity: isDragging ? 0.6 : 1,
      }}
    >
      <Paper withBorder p="xs" style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {editable && (
              <ActionIcon
                variant="subtle"
                color="gray.8"
                ref={setActivatorNodeRef}
                {...attributes}
                {...listeners}
                aria-label={t('menus.drag.handle', { title })}
                style={{ cursor: 'grab', touchAction: 'none' }}
              >
                <IconGripVertical size={18} aria-hidden />
              </ActionIcon>
            )}
            <Text fw={500} truncate>
              {title}
            </Text>
            <Badge variant="default">{t(`menus.types.${item.type}`)}</Badge>
            {!item.isVisible && <Badge variant="default">{t('menus.hidden')}</Badge>}
            {invalid && (
              <Text size="sm" c="red.8">
                {t('menus.needsFixing')}
              </Text>
            )}
          </Group>
          {editable && (
            <Group gap={2} wrap="nowrap">
              {button('up', <IconArrowUp size={18} aria-hidden />)}
              {button('down', <IconArrowDown size={18} aria-hidden />)}
              {button('outdent', <IconArrowLeft size={18} aria-hidden />)}
              {button('indent', <IconArrowRight size={18} aria-hidden />)}
              <ActionIcon
                variant={editing ? 'filled' : 'subtle'}
                aria-label={t('menus.edit', { title })}
                aria-expanded={editing}
                onClick={onEdit}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={t('menus.remove', { title })}
                onClick={onRemove}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Group>
        {children && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{children}</div>}
      </Paper>
    </li>
  )
}
