import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { canonicalTag, fallbackChain, localeName, type TenantLocales } from '../../../lib/locales'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useGroupForm } from './group-form'

/**
 * The fallbacks worth sending: steps from and to a listed locale only, so removing a locale removes
 * its steps (the API replaces the map whole and refuses a step naming a locale it lacks).
 */
function keptFallbacks({ available, fallbacks }: TenantLocales): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fallbacks).filter(([from, to]) => available.includes(from) && available.includes(to)),
  )
}

/**
 * The locales the tenant serves (docs/decisions/localization.md "Tenant locales"): the list in the
 * tenant's order (added by tag, removed, moved up and down), the default, and each locale's next
 * locale with the chain it makes. A refusal shows at the member it names: `available/2` under that
 * locale, `fallbacks/de-AT` at its fallback, `default` at the default.
 */
export function LocalesGroup({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string
  settings: TenantSettings['locales']
  canEdit: boolean
}) {
  const { t, i18n } = useTranslation()
  const { form, errors, submit, saving } = useGroupForm(tenantId, 'locales', {
    initialValues: settings as TenantLocales,
    bodyOf: (locales: TenantLocales) => ({ locales: { ...locales, fallbacks: keptFallbacks(locales) } }),
    valuesOf: (saved) => saved.locales,
  })
  const [tag, setTag] = useState('')
  const rows = useRef(new Map<string, HTMLDivElement>())
  const [moved, setMoved] = useState<{ locale: string; by: -1 | 1 }>()
  const [tagError, setTagError] = useState<string>()
  const locales = form.values
  const { available } = locales
  const typed = canonicalTag(tag)

  const setAvailable = (next: string[]) =>
    form.setValues({ available: next, fallbacks: keptFallbacks({ ...locales, available: next }) })
  const add = () => {
    if (typed === undefined) return setTagError(t('settings.locales.badTag'))
    if (available.includes(typed)) return setTagError(t('settings.locales.twice', { locale: typed }))
    setAvailable([...available, typed])
    setTag('')
    setTagError(undefined)
  }
  // Enter adds the tag typed rather than saving the whole group.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    add()
  }
  const move = (index: number, by: -1 | 1) => {
    const next = [...available]
    const [locale] = next.splice(index, 1)
    next.splice(index + by, 0, locale as string)
    setAvailable(next)
    setMoved({ locale: locale as string, by })
  }
  // The focus stays with the moved locale: on the same arrow, or on the other one once this one is
  // disabled at the end of the list (a disabled button drops the focus).
  useEffect(() => {
    if (moved === undefined) return
    const row = rows.current.get(moved.locale)
    const same = row?.querySelector<HTMLButtonElement>(`button[data-move="${moved.by}"]`)
    const other = row?.querySelector<HTMLButtonElement>(`button[data-move="${-moved.by}"]`)
    ;(same?.disabled ? other : same)?.focus()
  }, [moved])
  const setFallback = (from: string, to: string) => {
    const { [from]: _, ...others } = locales.fallbacks
    form.setFieldValue('fallbacks', to === '' ? others : { ...others, [from]: to })
  }
  const named = (locale: string) => `${locale} (${localeName(locale, i18n.language)})`

  return (
    <GroupForm group="locales" canEdit={canEdit} errors={errors} saving={saving} onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {t('settings.locales.help')}
      </Text>
      <NativeSelect
        label={t('settings.locales.default')}
        description={t('settings.locales.defaultHelp')}
        data={available.map((locale) => ({ value: locale, label: named(locale) }))}
        value={locales.default}
        onChange={(event) => form.setFieldValue('default', event.currentTarget.value)}
        error={errors.default}
      />
      <Stack gap="xs" component="section" aria-labelledby="settings-locales-list">
        <Text fw={500} size="sm" id="settings-locales-list">
          {t('settings.locales.list')}
        </Text>
        {(errors.available ?? errors.fallbacks) && (
          <Text size="sm" c="red.9" role="alert">
            {[errors.available, errors.fallbacks].filter(Boolean).join(' ')}
          </Text>
        )}
        {available.map((locale, index) => {
          const isDefault = locale === locales.default
          const rowError = errors[`available/${index}`]
          return (
            <Paper
              key={locale}
              withBorder
              p="sm"
              radius="md"
              ref={(element: HTMLDivElement | null) => {
                if (element) rows.current.set(locale, element)
                else rows.current.delete(locale)
              }}
            >
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2} miw={160}>
                  <Group gap="xs">
                    <Text fw={600}>{locale}</Text>
                    {isDefault && (
                      <Badge variant="light" size="sm">
                        {t('settings.locales.defaultBadge')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {localeName(locale, i18n.language)}
                  </Text>
                  {rowError && (
                    <Text size="sm" c="red.9" role="alert">
                      {rowError}
                    </Text>
                  )}
                </Stack>
                {!isDefault && (
                  <NativeSelect
                    flex={1}
                    miw={200}
                    label={t('settings.locales.fallback', { locale })}
                    description={t('settings.locales.chain', {
                      chain: fallbackChain({ ...locales, fallbacks: keptFallbacks(locales) }, locale).join(
                        ' → ',
                      ),
                    })}
                    data={[
                      { value: '', label: t('settings.locales.fallbackNone', { locale: locales.default }) },
                      ...available
                        .filter((other) => other !== locale)
                        .map((other) => ({ value: other, label: named(other) })),
                    ]}
                    value={locales.fallbacks[locale] ?? ''}
                    onChange={(event) => setFallback(locale, event.currentTarget.value)}
                    error={errors[`fallbacks/${locale}`]}
                  />
                )}
                {canEdit && (
                  <Group gap={4} mt={4}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('settings.locales.moveUp', { locale })}
                      data-move="-1"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('settings.locales.moveDown', { locale })}
                      data-move="1"
                      disabled={index === available.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                    {!isDefault && (
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t('settings.locales.remove', { locale })}
                        onClick={() => setAvailable(available.filter((other) => other !== locale))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                )}
              </Group>
            </Paper>
          )
        })}
      </Stack>
      {canEdit && (
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            label={t('settings.locales.add')}
            description={
              typed !== undefined && !available.includes(typed)
                ? t('settings.locales.adds', { locale: named(typed) })
                : t('settings.locales.addHelp')
            }
            placeholder="de-AT"
            value={tag}
            onChange={(event) => {
              setTag(event.currentTarget.value)
              setTagError(undefined)
            }}
            onKeyDown={addOnEnter}
            error={tagError}
          />
          <Button variant="default" mt={24} onClick={add}>
            {t('settings.locales.addButton')}
          </Button>
        </Group>
      )}
    </GroupForm>
  )
}
