import { Alert, Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../app/data-table'
import { Pager } from '../../../app/pager'
import { SearchBox } from '../../../app/search-box'
import { AnchorLink, ButtonLink } from '../../../lib/links'
import { localeName } from '../../../lib/locales'
import { useCan } from '../../auth'
import { useTenantLocales } from '../../settings'
import { categoriesQuery, inTreeOrder, tagsQuery } from '../../taxonomy'
import { contentsQuery } from '../api/contents'
import { CONTENT_STATUSES, type ContentStatus } from '../api/search'
import { contentTypesQuery, typeChoices } from '../api/tree'
import { StatusBadge } from '../components/status-badge'
import { TranslationBadges } from '../components/translation-badges'

const route = getRouteApi('/signed-in/t/$tenantId/contents')

/**
 * The tenant's contents: filters by status, type (post, page and the tenant's own types in use),
 * category, tag and words, in pages; the filters live in the URL. A tenant with more than one
 * locale also filters by locale and by a locale still missing, and each row shows its document's
 * translations.
 */
export function ContentsListPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { data, error, isFetching } = useQuery(contentsQuery(tenantId, search))
  const can = useCan()
  // A custom role may read contents without categories: the filter then offers none.
  const categories = useQuery({ ...categoriesQuery(tenantId), enabled: can('categories:view') })
  const tags = useQuery(tagsQuery(tenantId))
  const types = useQuery(contentTypesQuery(tenantId))
  const typeLabel = (type: string) => t(`contents.type.${type}`, { defaultValue: type })
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const locales = useTenantLocales(tenantId)
  // One locale is no choice: the list then shows what it did before locales.
  const multilingual = locales !== undefined && locales.available.length > 1
  const localeChoices = (locales?.available ?? []).map((locale) => ({
    value: locale,
    label: `${locale} (${localeName(locale, i18n.language)})`,
  }))

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('contents.title')}
        </Title>
        {can('content:create') && (
          <ButtonLink to="/t/$tenantId/contents/new" params={{ tenantId }}>
            {t('contents.new')}
          </ButtonLink>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <SearchBox
          label={t('contents.search')}
          submitLabel={t('contents.searchSubmit')}
          value={search.search ?? ''}
          onSearch={(words) =>
            void navigate({
              search: (previous) => ({ ...previous, search: words || undefined, page: undefined }),
            })
          }
        />
        <Select
          label={t('contents.statusFilter')}
          clearable
          placeholder={t('contents.anyStatus')}
          value={search.status ?? null}
          data={CONTENT_STATUSES.map((status) => ({ value: status, label: t(`contents.status.${status}`) }))}
          onChange={(value) =>
            navigate({
              search: (previous) => ({
                ...previous,
                status: (value as ContentStatus | null) ?? undefined,
                page: undefined,
              }),
            })
          }
        />
        <Select
          label={t('contents.typeFilter')}
          clearable
          placeholder={t('contents.anyType')}
          value={search.type ?? null}
          data={typeChoices(types.data?.types ?? [], search.type).map((type) => ({
            value: type,
            label: typeLabel(type),
          }))}
          onChange={(value) =>
            navigate({ search: (previous) => ({ ...previous, type: value ?? undefined, page: undefined }) })
          }
        />
        <Select
          label={t('contents.categoryFilter')}
          clearable
          searchable
          placeholder={t('contents.anyCategory')}
          value={search.category ?? null}
          data={inTreeOrder(categories.data?.categories ?? []).map(({ item, depth }) => ({
            value: item.id,
            label: `${'— '.repeat(depth)}${item.name}`,
          }))}
          onChange={(value) =>
            navigate({
              search: (previous) => ({ ...previous, category: value ?? undefined, page: undefined }),
            })
          }
        />
        <Select
          label={t('contents.tagFilter')}
          clearable
          searchable
          placeholder={t('contents.anyTag')}
          value={search.tag ?? null}
          data={tags.data?.tags.map((tag) => ({ value: tag.id, label: tag.title })) ?? []}
          onChange={(value) =>
            navigate({ search: (previous) => ({ ...previous, tag: value ?? undefined, page: undefined }) })
          }
        />
        {(multilingual || search.locale !== undefined || search.missingLocale !== undefined) && (
          <>
            <Select
              label={t('contents.localeFilter')}
              clearable
              placeholder={t('contents.anyLocale')}
              value={search.locale ?? null}
              data={localeChoices}
              onChange={(value) =>
                navigate({
                  search: (previous) => ({ ...previous, locale: value ?? undefined, page: undefined }),
                })
              }
            />
            <Select
              label={t('contents.missingFilter')}
              clearable
              placeholder={t('contents.anyMissing')}
              value={search.missingLocale ?? null}
              data={localeChoices}
              onChange={(value) =>
                navigate({
                  search: (previous) => ({ ...previous, missingLocale: value ?? undefined, page: undefined }),
                })
              }
            />
          </>
        )}
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data && data.contents.length === 0 ? (
        <Text>{t('contents.empty')}</Text>
      ) : (
        <DataTable
          label={t('contents.title')}
          busy={isFetching}
          caption={data ? t('contents.count', { count: data.pagination.total }) : t('app.loading')}
          head={
            <>
              <Table.Th>{t('contents.fields.title')}</Table.Th>
              <Table.Th>{t('contents.fields.status')}</Table.Th>
              <Table.Th>{t('contents.fields.type')}</Table.Th>
              {multilingual && <Table.Th>{t('contents.fields.locales')}</Table.Th>}
              <Table.Th>{t('contents.fields.updatedAt')}</Table.Th>
            </>
          }
        >
          {data?.contents.map((content) => (
            <Table.Tr key={content.id}>
              <Table.Td>
                <AnchorLink
                  to="/t/$tenantId/contents/$contentId"
                  params={{ tenantId, contentId: content.id }}
                  // Read in its own language by a screen reader.
                  lang={content.locale}
                >
                  {content.title}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={content.status} />
              </Table.Td>
              <Table.Td>
                <Badge variant="default">{typeLabel(content.type)}</Badge>
              </Table.Td>
              {multilingual && (
                <Table.Td>
                  <TranslationBadges
                    tenantId={tenantId}
                    contentId={content.id}
                    translations={content.translations}
                    locales={locales}
                  />
                </Table.Td>
              )}
              <Table.Td>{date.format(new Date(content.updatedAt))}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {data && (
        <Pager
          pages={data.pagination.pages}
          page={data.pagination.page}
          onChange={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
        />
      )}
    </Stack>
  )
}
