import { Paper, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Content } from '../api/contents'
import type { ComparedField } from '../api/editing'
import classes from './editor-panels.module.css'

/** The text a reader sees in `html`, one line per block, for comparing bodies. */
export function textOf(html: string): string {
  const marked = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|figure|div)>|<br\s*\/?>/gi, '$&\n')
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? ''
  return text.replace(/\n{2,}/g, '\n').trim()
}

/** The fields a comparison shows word by word, as text. */
export function comparable(content: Partial<Pick<Content, 'title' | 'slug' | 'summary' | 'html'>>) {
  return {
    title: content.title ?? '',
    slug: content.slug ?? '',
    summary: content.summary ?? '',
    body: textOf(content.html ?? ''),
  }
}

/**
 * Fields compared word by word (`compareFields`), one panel each: removed words struck through
 * (`del`), added ones underlined (`ins`).
 */
export function FieldDiffs({ fields }: { fields: ComparedField[] }) {
  const { t } = useTranslation()
  return fields.map(({ field, parts }) => (
    <Paper key={field} withBorder p="sm">
      <Text fw={600} size="sm" mb={4}>
        {t(`editor.versions.fields.${field}`)}
      </Text>
      <Text size="sm" className={classes.diff}>
        {parts.map((part, index) =>
          part.added ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
            <ins key={index} className={classes.added}>
              {part.value}
            </ins>
          ) : part.removed ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
            <del key={index} className={classes.removed}>
              {part.value}
            </del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
            <span key={index}>{part.value}</span>
          ),
        )}
      </Text>
    </Paper>
  ))
}
