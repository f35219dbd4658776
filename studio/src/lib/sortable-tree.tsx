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
import { ActionIcon, Group, Paper, Tooltip } from '@mantine/core'
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconGripVertical,
} from '@tabler/icons-react'
import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { type FlatNode, movesOf, type TreeMove } from './flat-tree'

/** Pixels per level of nesting: a drag this far right or left indents or outdents once. */
export const INDENT = 32

/** A row of a sortable tree: a flat-tree row with the title its labels and announcements name. */
export interface SortableRow extends FlatNode {
  title: string
}

/** What a tree says, in the screen's words: its rows are items of a menu, pages of a site … */
export interface SortableTreeTexts {
  /** The title of a row without one. */
  untitled: string
  /** The drag handle's label. */
  handle: (title: string) => string
  /** A move button's label. */
  move: (move: TreeMove, title: string) => string
  /** How to drag with the keyboard, read out on the handle. */
  instructions: string
  /** Announcements of a drag: picked up, over another row, dropped, cancelled. */
  start: (title: string) => string
  over: (title: string, over: string) => string
  end: (title: string, over: string) => string
  cancel: (title: string) => string
}

/**
 * A flat tree (lib/flat-tree.ts) as a nested list. Each row moves by drag and drop (its handle,
 * with the pointer or the keyboard: space, arrows, space), and by its buttons (up, down, indent,
 * outdent), so the tree is built without a mouse too; dnd-kit announces picks, moves and drops to
 * screen readers in the screen's `texts`. A row shows its handle, `content`, the move buttons,
 * `actions`, and `below` under it.
 */
export function SortableTree<T extends SortableRow>({
  items,
  maxDepth,
  editable,
  label,
  texts,
  invalid,
  content,
  actions,
  below,
  onMove,
  onDrop,
}: {
  items: T[]
  /** Deepest level the API takes (a root is 1). */
  maxDepth: number
  /** False for a member who may only read: no handles, no buttons. */
  editable: boolean
  /** The list's accessible name. */
  label: string
  texts: SortableTreeTexts
  /** Keys of rows drawn with an error border. */
  invalid?: ReadonlySet<string>
  content: (item: T, title: string) => ReactNode
  actions?: (item: T, index: number, title: string) => ReactNode
  below?: (item: T) => ReactNode
  onMove: (index: number, move: TreeMove) => void
  onDrop: (from: number, over: number, levels: number) => void
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  // A move button's row moves in the list, which may take the focus away, and the button may be
  // disabled now: the focus goes back to that button, or else to the row's handle.
  const list = useRef<HTMLOListElement>(null)
  const refocus = useRef<{ key: string; move: TreeMove } | null>(null)
  useLayoutEffect(() => {
    const wanted = refocus.current
    if (wanted === null || !items.some((item) => item.key === wanted.key)) return
    refocus.current = null
    const row = list.current?.querySelector(`li[data-key="${window.CSS.escape(wanted.key)}"]`)
    const active = document.activeElement
    if (!row || (active !== null && row.contains(active) && !active.matches(':disabled'))) return
    const target =
      row.querySelector<HTMLElement>(`button[data-move="${wanted.move}"]:not(:disabled)`) ??
      row.querySelector<HTMLElement>('[data-handle]')
    target?.focus()
  }, [items])
  const titleOf = (key: string | number) =>
    items.find((item) => item.key === key)?.title.trim() || texts.untitled
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
        screenReaderInstructions: { draggable: texts.instructions },
        announcements: {
          onDragStart: ({ active }) => texts.start(titleOf(active.id)),
          onDragOver: ({ active, over }) =>
            over ? texts.over(titleOf(active.id), titleOf(over.id)) : undefined,
          onDragEnd: ({ active, over }) =>
            over ? texts.end(titleOf(active.id), titleOf(over.id)) : undefined,
          onDragCancel: ({ active }) => texts.cancel(titleOf(active.id)),
        },
      }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ol
          ref={list}
          aria-label={label}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: 4,
          }}
        >
          {items.map((item, index) => {
            const title = item.title.trim() || texts.untitled
            return (
              <Row
                key={item.key}
                item={item}
                title={title}
                texts={texts}
                editable={editable}
                moves={movesOf(items, index, maxDepth)}
                invalid={invalid?.has(item.key) ?? false}
                content={content(item, title)}
                actions={actions?.(item, index, title)}
                onMove={(move) => {
                  refocus.current = { key: item.key, move }
                  onMove(index, move)
                }}
              >
                {below?.(item)}
              </Row>
            )
          })}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function Row({
  item,
  title,
  texts,
  editable,
  moves,
  invalid,
  content,
  actions,
  onMove,
  children,
}: {
  item: FlatNode
  title: string
  texts: SortableTreeTexts
  editable: boolean
  moves: Record<TreeMove, boolean>
  invalid: boolean
  content: ReactNode
  actions: ReactNode
  onMove: (move: TreeMove) => void
  children: ReactNode
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.key, disabled: !editable })
  const button = (move: TreeMove, icon: ReactNode) => {
    const label = texts.move(move, title)
    return (
      <Tooltip label={label} withinPortal>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          data-move={move}
          disabled={!moves[move]}
          onClick={() => onMove(move)}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    )
  }
  return (
    <li
      ref={setNodeRef}
      data-key={item.key}
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
                data-handle
                {...attributes}
                {...listeners}
                aria-label={texts.handle(title)}
                style={{ cursor: 'grab', touchAction: 'none' }}
              >
                <IconGripVertical size={18} aria-hidden />
              </ActionIcon>
            )}
            {content}
          </Group>
          <Group gap={2} wrap="nowrap">
            {editable && (
              <>
                {button('up', <IconArrowUp size={18} aria-hidden />)}
                {button('down', <IconArrowDown size={18} aria-hidden />)}
                {button('outdent', <IconArrowLeft size={18} aria-hidden />)}
                {button('indent', <IconArrowRight size={18} aria-hidden />)}
              </>
            )}
            {actions}
          </Group>
        </Group>
        {children && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{children}</div>}
      </Paper>
    </li>
  )
}
