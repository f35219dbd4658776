import { Alert, Badge, Button, Menu as DropMenu, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useBlocker } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { applyMove, dropAt, removeAt } from '../../../lib/flat-tree'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { translationErrors } from '../../../lib/translations'
import { useCan } from '../../auth'
import { useTenantLocales } from '../../settings'
import { type Menu, menuQuery } from '../api/menus'
import { ItemSaveError, saveMenuItems } from '../api/save'
import {
  type DraftItem,
  flatten,
  ITEM_TYPES,
  type ItemFields,
  type ItemType,
  itemProblems,
  MAX_DEPTH,
  type TreeNode,
} from '../api/tree'
import { ItemEditor } from '../components/item-editor'
import { ItemTree } from '../components/item-tree'
import { MenuSettingsDialog } from '../components/menu-settings-dialog'

const route = getRouteApi('/signed-in/t/$tenantId/menus/$menuId')

/** A menu's editor: its items as a tree built by drag and drop or buttons, saved in one go. */
export function MenuEditorPage() {
  const { t } = useTranslation()
  const { tenantId, menuId } = route.useParams()
  const loaded = useQuery(menuQuery(tenantId, menuId))
  if (loaded.error) {
    return (
      <Alert color="red" role="alert">
        {loaded.error.message}
      </Alert>
    )
  }
  if (!loaded.data) return <Loader aria-label={t('app.loading')} />
  return <Editor key={menuId} tenantId={tenantId} menu={loaded.data} />
}

let keys = 0
const newKey = () => `new-${++keys}`

/** The member a service's message names first (`url of an external item …`, `referenceId: …`). */
function namedMember(message: string): string | undefined {
  return /^(title|url|referenceId)\b/.exec(message)?.[1]
}

/**
 * A failed item call's errors by field: the schema's member (a title of another locale at its own
 * field), else the one the message names.
 */
function itemErrors(error: unknown, item: DraftItem | undefined): Record<string, string> {
  const errors = translationErrors(error, { translations: item?.translations ?? {} })
  const member = errors.form === undefined ? undefined : namedMember(errors.form)
  if (member === undefined || Object.keys(errors).length > 1) return errors
  return { [member]: errors.form as string }
}

function Editor({ tenantId, menu }: { tenantId: string; menu: Menu }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const can = useCan()
  const editable = can('menus:update')
  const locales = useTenantLocales(tenantId)
  const [stored, setStored] = useState(() => flatten(menu.items as TreeNode[]))
  const [items, setItems] = useState<DraftItem[]>(stored)
  const [editing, setEditing] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [settingsOpened, setSettingsOpened] = useState(false)
  const dirty = JSON.stringify(items) !== JSON.stringify(stored)
  // The draft lives in this screen only: leaving it (a link, back, closing the tab) asks first.
  const leaving = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  })

  const change = (next: DraftItem[]) => {
    setItems(next)
    setFormError(null)
  }
  const patch = (key: string, fields: Partial<ItemFields>) => {
    change(items.map((item) => (item.key === key ? { ...item, ...fields } : item)))
    setErrors(({ [key]: _, ...rest }) => rest)
  }
  const add = (type: ItemType) => {
    const key = newKey()
    const url = type === 'custom' ? '/' : type === 'external' ? 'https://' : null
    change([
      ...items,
      {
        key,
        id: null,
        depth: 1,
        title: '',
        type,
        url,
        referenceId: null,
        target: '_self',
        isVisible: true,
        translations: {},
      },
    ])
    setEditing(key)
  }

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...menuQuery(tenantId, menu.id), staleTime: 0 })
    await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'menus', 'list'] })
    return flatten(fresh.items as TreeNode[])
  }
  const save = useMutation({
    mutationFn: () => saveMenuItems(tenantId, menu.id, stored, items, locales),
    onSuccess: async () => {
      const fresh = await reload()
      setStored(fresh)
      setItems(fresh)
      setErrors({})
      setEditing(null)
      notifySuccess(t('menus.itemsSaved'))
    },
    onError: async (error) => {
      if (!(error instanceof ItemSaveError)) {
        setFormError(error.message)
        return
      }
      // What the save did before it stopped is stored: go on from there.
      setItems(error.draft)
      setStored(await reload().catch(() => stored))
      if (error.key === null) {
        setFormError(error.message)
      } else {
        const failed = error.key
        setErrors({
          [failed]: itemErrors(
            error.cause,
            error.draft.find((item) => item.key === failed),
          ),
        })
        setEditing(error.key)
      }
    },
  })
  const onSave = () => {
    const found: Record<string, Record<string, string>> = {}
    for (const item of items) {
      const problems = itemProblems(item)
      if (Object.keys(problems).length > 0) {
        found[item.key] = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)]))
      }
    }
    setErrors(found)
    const first = items.find((item) => found[item.key] !== undefined)
    if (first) {
      setEditing(first.key)
      setFormError(t('menus.fixItems'))
      return
    }
    setFormError(null)
    save.mutate()
  }

  const edited = items.find((item) => item.key === editing)
  return (
    <Stack>
      <AnchorLink to="/t/$tenantId/menus" params={{ tenantId }}>
        {t('menus.back')}
      </AnchorLink>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {menu.name}
          </Title>
          <Group gap="xs">
            <Badge variant="default">{t(`menus.locations.${menu.location}`)}</Badge>
            <Badge variant="filled" color={menu.status === 'active' ? 'teal.9' : 'gray.8'}>
              {t(`menus.statuses.${menu.status}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {menu.slug}
            </Text>
          </Group>
        </Stack>
        {editable && (
          <Button variant="default" onClick={() => setSettingsOpened(true)}>
            {t('menus.settings')}
          </Button>
        )}
      </Group>
      <Text size="sm">{t('menus.editorHelp')}</Text>
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      {items.length === 0 ? (
        <Text>{t('menus.noItems')}</Text>
      ) : (
        <ItemTree
          items={items}
          editable={editable}
          editing={editing}
          invalid={new Set(Object.keys(errors))}
          editor={
            edited && (
              <ItemEditor
                tenantId={tenantId}
                item={edited}
                locales={locales}
                errors={errors[edited.key] ?? {}}
                onChange={(fields) => patch(edited.key, fields)}
              />
            )
          }
          onMove={(index, move) => change(applyMove(items, index, move, MAX_DEPTH))}
          onDrop={(from, over, levels) => change(dropAt(items, from, over, levels, MAX_DEPTH))}
          onEdit={setEditing}
          onRemove={(index) => change(removeAt(items, index))}
        />
      )}
      {editable && (
        <Group justify="space-between">
          <DropMenu position="bottom-start" withinPortal>
            <DropMenu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
                {t('menus.addItem')}
              </Button>
            </DropMenu.Target>
            <DropMenu.Dropdown>
              {ITEM_TYPES.map((type) => (
                <DropMenu.Item key={type} onClick={() => add(type)}>
                  {t(`menus.types.${type}`)}
                </DropMenu.Item>
              ))}
            </DropMenu.Dropdown>
          </DropMenu>
          <Group>
            <Button
              variant="default"
              disabled={!dirty || save.isPending}
              onClick={() => {
                change(stored)
                setErrors({})
                setEditing(null)
              }}
            >
              {t('menus.discard')}
            </Button>
            <Button onClick={onSave} loading={save.isPending} disabled={!dirty}>
              {t('menus.saveItems')}
            </Button>
          </Group>
        </Group>
      )}
      <ConfirmDialog
        opened={leaving.status === 'blocked'}
        title={t('menus.leave.title')}
        confirmLabel={t('menus.leave.confirm')}
        pending={false}
        onConfirm={() => leaving.proceed?.()}
        onClose={() => leaving.reset?.()}
      >
        {t('menus.leave.text')}
      </ConfirmDialog>
      {settingsOpened && (
        <MenuSettingsDialog tenantId={tenantId} menu={menu} opened onClose={() => setSettingsOpened(false)} />
      )}
    </Stack>
  )
}
