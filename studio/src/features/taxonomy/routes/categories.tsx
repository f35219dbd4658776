import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type DragEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { categoryTreeQuery, updateCategory } from '../api/categories'
import { type CategoryNode, canMoveTo, reorderMoves } from '../api/tree'
import { type CategoryDialog, CategoryDialogs } from '../components/category-dialogs'
import { CategoryList, type RowActions } from '../components/category-row'

const route = getRouteApi('/signed-in/t/$tenantId/categories')

/**
 * The category tree: create, edit, reorder, re-parent (drag a row onto another, or "Move to…"
 * from its menu, the keyboard's way), merge and delete.
 */
export function CategoriesPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const { data: tree, error } = useQuery(categoryTreeQuery(tenantId))
  const [dialog, setDialog] = useState<CategoryDialog>(null)
  const [dragging, setDragging] = useState<string | null>(null)
  const [moveError, setMoveError] = useState<string | undefined>()
  const can = useCan()

  // Drops and arrows write positions or parents; the tree is read again after each.
  const write = useMutation({
    mutationFn: async (moves: { id: string; parentId?: string | null; position?: number }[]) => {
      for (const { id, ...body } of moves) await updateCategory(tenantId, id, body)
    },
    onSuccess: async (_, moves) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'categories'] })
      if (moves.some((move) => move.parentId !== undefined)) notifySuccess(t('taxonomy.categories.movedDrop'))
    },
    onError: (failure) => setMoveError(failure instanceof Error ? failure.message : String(failure)),
    onMutate: () => setMoveError(undefined),
  })

  const actions: RowActions = {
    onAction: (kind, node) => setDialog({ kind, node }),
    onReorder: (node: CategoryNode, delta) => tree && write.mutate(reorderMoves(tree, node.id, delta)),
    dragging,
    setDragging,
    accepts: (id, parentId) => tree !== undefined && canMoveTo(tree, id, parentId),
    onDrop: (id, parentId) => write.mutate([{ id, parentId }]),
    mayUpdate: can('categories:update'),
    mayDelete: can('categories:delete'),
  }
  const rootAccepts = dragging !== null && tree !== undefined && canMoveTo(tree, dragging, null)
  const onRootDrop = (event: DragEvent) => {
    event.preventDefault()
    if (dragging !== null && rootAccepts) write.mutate([{ id: dragging, parentId: null }])
    setDragging(null)
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('taxonomy.categories.title')}
        </Title>
        {can('categories:create') && (
          <Button onClick={() => setDialog({ kind: 'create' })}>{t('taxonomy.categories.new')}</Button>
        )}
      </Group>
      {can('categories:update') && (
        <Text size="sm" c="dimmed">
          {t('taxonomy.categories.hint')}
        </Text>
      )}
      {moveError && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('app.close')}
          onClose={() => setMoveError(undefined)}
        >
          {moveError}
        </Alert>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : tree === undefined ? (
        <Loader aria-label={t('app.loading')} />
      ) : tree.length === 0 ? (
        <Text>{t('taxonomy.categories.empty')}</Text>
      ) : (
        <Paper withBorder p="xs" aria-busy={write.isPending}>
          <CategoryList nodes={tree} actions={actions} label={t('taxonomy.categories.title')} />
          {rootAccepts && (
            <Paper
              withBorder
              p="sm"
              mt="xs"
              data-drop="top"
              onDragOver={(event) => event.preventDefault()}
              onDrop={onRootDrop}
              style={{ borderStyle: 'dashed' }}
            >
              <Text size="sm">{t('taxonomy.categories.dropTop')}</Text>
            </Paper>
          )}
        </Paper>
      )}
      {tree && (
        <CategoryDialogs
          key={dialog === null ? 'none' : `${dialog.kind}-${'node' in dialog ? dialog.node.id : ''}`}
          tenantId={tenantId}
          tree={tree}
          dialog={dialog}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  )
}
