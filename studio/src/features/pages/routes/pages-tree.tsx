import { Alert, Badge, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { applyMove, dropAt, placesOf, type TreeMove } from '../../../lib/flat-tree'
import { ActionIconLink, AnchorLink, ButtonLink } from '../../../lib/links'
import { SortableTree } from '../../../lib/sortable-tree'
import { useCan } from '../../auth'
import { contentTreeQuery, StatusBadge, updateContent } from '../../contents'
import { MAX_DEPTH, moveWrites, type PageRow, pageRows, withWrites } from '../api/moves'

const route = getRouteApi('/signed-in/t/$tenantId/pages')

/** What the status line says: nothing yet, a move on its way, or the last move saved. */
type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'moved'; text: string }

/**
 * The tenant's pages as their tree (titles, status, links to the editor), arranged by drag and
 * drop or the move buttons as the menu editor's items are (lib/sortable-tree.tsx). Each move is
 * saved at once: the moved page's parent and the orders of its new siblings that must change
 * (`PUT /api/contents/{id}`, api/moves.ts), one write after another; a refused write (the API's
 * tree rules) is shown and the tree read again.
 */
export function PagesTreePage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const can = useCan()
  const editable = can('content:update')
  const tree = useQuery(contentTreeQuery(tenantId, 'page'))
  // The view while moves are on their way; null: the tree as the API last answered.
  const [draft, setDraft] = useState<PageRow[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  // Writes run one after another in the order of the moves; a failure drops the rest (`round`).
  const queue = useRef<Promise<void>>(Promise.resolve())
  const round = useRef(0)
  const waiting = useRef(0)

  const rows = draft ?? (tree.data ? pageRows(tree.data) : [])

  const placeText = (after: PageRow[], id: string) => {
    const place = placesOf(after).find((found) => found.key === id)
    const title = after.find((row) => row.id === id)?.title ?? ''
    const parent = after.find((row) => row.id === place?.parentKey)
    const position = (place?.position ?? 0) + 1
    return parent
      ? t('pages.moved', { title, parent: parent.title, position })
      : t('pages.movedToTop', { title, position })
  }

  const move = (after: PageRow[], id: string) => {
    const writes = moveWrites(rows, after, id)
    // No write: the page stayed where it was (dropped on itself).
    if (writes.length === 0) return
    const next = withWrites(after, writes)
    setDraft(next)
    setError(null)
    setStatus({ kind: 'saving' })
    const mine = round.current
    waiting.current++
    const text = placeText(next, id)
    // The API's tree replaces the draft once no move waits any more.
    const settle = async () => {
      await queryClient.refetchQueries({ queryKey: contentTreeQuery(tenantId, 'page').queryKey })
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', 'list'] })
      if (waiting.current > 0) return false
      setDraft(null)
      return true
    }
    queue.current = queue.current.then(async () => {
      if (mine !== round.current) return
      try {
        for (const { id: contentId, ...body } of writes) await updateContent(tenantId, contentId, body)
        if (--waiting.current === 0 && (await settle())) setStatus({ kind: 'moved', text })
      } catch (failed) {
        round.current++
        waiting.current = 0
        setError(t('pages.moveFailed', { reason: failed instanceof Error ? failed.message : String(failed) }))
        setStatus({ kind: 'idle' })
        await settle().catch(() => undefined)
      }
    })
  }

  const onMove = (index: number, which: TreeMove) => {
    const id = rows[index]?.id
    if (id !== undefined) move(applyMove(rows, index, which, MAX_DEPTH), id)
  }
  const onDrop = (from: number, over: number, levels: number) => {
    const id = rows[from]?.id
    if (id !== undefined) move(dropAt(rows, from, over, levels, MAX_DEPTH), id)
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('pages.title')}
        </Title>
        {can('content:create') && (
          <ButtonLink to="/t/$tenantId/contents/new" params={{ tenantId }} search={{ type: 'page' }}>
            {t('pages.new')}
          </ButtonLink>
        )}
      </Group>
      <Text size="sm">{editable ? t('pages.help') : t('pages.readOnlyHelp')}</Text>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {status.kind === 'saving' ? t('pages.saving') : status.kind === 'moved' ? status.text : ''}
      </Text>
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('app.close')}
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      {tree.error ? (
        <Alert color="red" role="alert">
          {tree.error.message}
        </Alert>
      ) : !tree.data ? (
        <Loader aria-label={t('app.loading')} />
      ) : rows.length === 0 ? (
        <Text>{t('pages.empty')}</Text>
      ) : (
        <SortableTree
          items={rows}
          maxDepth={MAX_DEPTH}
          editable={editable}
          label={t('pages.tree')}
          texts={{
            untitled: t('pages.untitled'),
            handle: (title) => t('pages.drag.handle', { title }),
            move: (which, title) => t(`pages.move.${which}`, { title }),
            instructions: t('pages.drag.instructions'),
            start: (title) => t('pages.drag.start', { title }),
            over: (title, over) => t('pages.drag.over', { title, over }),
            end: (title, over) => t('pages.drag.end', { title, over }),
            cancel: (title) => t('pages.drag.cancel', { title }),
          }}
          content={(row, title) => (
            <>
              <AnchorLink
                to="/t/$tenantId/contents/$contentId"
                params={{ tenantId, contentId: row.id }}
                fw={500}
                truncate
              >
                {title}
              </AnchorLink>
              <StatusBadge status={row.status} />
              {row.depth === 1 && row.parentId !== null && (
                <Badge variant="default">{t('pages.parentElsewhere')}</Badge>
              )}
            </>
          )}
          actions={(row, _, title) =>
            can('content:create') &&
            row.depth < MAX_DEPTH && (
              <Tooltip label={t('pages.addChild', { title })} withinPortal>
                <ActionIconLink
                  variant="subtle"
                  aria-label={t('pages.addChild', { title })}
                  to="/t/$tenantId/contents/new"
                  params={{ tenantId }}
                  search={{ type: 'page', parent: row.id }}
                >
                  <IconPlus size={18} aria-hidden />
                </ActionIconLink>
              </Tooltip>
            )
          }
          onMove={onMove}
          onDrop={onDrop}
        />
      )}
    </Stack>
  )
}
