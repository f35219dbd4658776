import { Accordion, ActionIcon, Button, Fieldset, Group, Menu, Stack, Text } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { type BuilderField, FIELD_TYPES, type FieldType, newField, textIn } from '../api/definition'
import { FieldEditor } from './field-editor'

/** The field as a person names it: its label in the app's language, else its id. */
export function fieldName(field: BuilderField, language: string): string {
  return textIn(field.label, language) || field.id
}

/**
 * The form's fields as an accordion (one open panel per field being edited): added by type from a
 * menu, moved up and down, removed; `errors` by `fields.<n>` open and mark the fields they name.
 * `readOnly` (a member who may not update forms): the fields open to be read, nothing changes.
 */
export function FieldList({
  fields,
  onChange,
  opened,
  onOpened,
  errors,
  readOnly,
}: {
  fields: BuilderField[]
  onChange: (fields: BuilderField[]) => void
  opened: string[]
  onOpened: (keys: string[]) => void
  errors: Record<string, string>
  readOnly: boolean
}) {
  const { t, i18n } = useTranslation()
  const move = (index: number, by: -1 | 1) => {
    const next = [...fields]
    const [moved] = next.splice(index, 1)
    if (moved) next.splice(index + by, 0, moved)
    onChange(next)
  }
  const add = (type: FieldType) => {
    const field = newField(type, fields)
    onChange([...fields, field])
    onOpened([...opened, field.key])
  }
  return (
    <Stack>
      {fields.length === 0 ? (
        <Text>{t('forms.builder.noFields')}</Text>
      ) : (
        <Accordion multiple value={opened} onChange={onOpened} variant="separated">
          {fields.map((field, index) => {
            const name = fieldName(field, i18n.language)
            const error = errors[`fields.${index}`]
            return (
              <Accordion.Item key={field.key} value={field.key}>
                <Group wrap="nowrap" gap={4} pr="xs">
                  <Accordion.Control>
                    <Text fw={600} span>
                      {index + 1}. {name}
                    </Text>{' '}
                    <Text span size="sm" c="dimmed">
                      {t(`forms.fieldType.${field.type}`)}
                    </Text>
                    {error && (
                      <Text span size="sm" c="red.8" fw={600}>
                        {' '}
                        {t('forms.builder.hasError')}
                      </Text>
                    )}
                  </Accordion.Control>
                  {!readOnly && (
                    <>
                      <ActionIcon
                        variant="subtle"
                        disabled={index === 0}
                        aria-label={t('forms.builder.moveUp', { field: name })}
                        onClick={() => move(index, -1)}
                      >
                        <IconArrowUp size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        disabled={index === fields.length - 1}
                        aria-label={t('forms.builder.moveDown', { field: name })}
                        onClick={() => move(index, 1)}
                      >
                        <IconArrowDown size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        aria-label={t('forms.builder.removeField', { field: name })}
                        onClick={() => onChange(fields.filter((other) => other.key !== field.key))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </>
                  )}
                </Group>
                <Accordion.Panel>
                  <Fieldset variant="unstyled" disabled={readOnly}>
                    <FieldEditor
                      field={field}
                      name={name}
                      error={error}
                      onChange={(changed) =>
                        onChange(fields.map((other) => (other.key === field.key ? changed : other)))
                      }
                    />
                  </Fieldset>
                </Accordion.Panel>
              </Accordion.Item>
            )
          })}
        </Accordion>
      )}
      {!readOnly && (
        <Group>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />}>
                {t('forms.builder.addField')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {FIELD_TYPES.map((type) => (
                <Menu.Item key={type} onClick={() => add(type)}>
                  {t(`forms.fieldType.${type}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Stack>
  )
}
