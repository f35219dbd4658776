import { Pagination } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * The pages of a paged list (the API's `pagination.pages`, 1-based `page`): nothing when there is
 * one page, else Mantine's pagination with every control and page named for screen readers.
 */
export function Pager({
  pages,
  page,
  onChange,
}: {
  pages: number
  page: number
  onChange: (page: number) => void
}) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': t(`app.paging.${control}`) })}
      getItemProps={(item) => ({ 'aria-label': t('app.paging.page', { page: item }) })}
    />
  )
}
