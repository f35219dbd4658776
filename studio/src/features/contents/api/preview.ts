import { type AnswerOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import type { Content } from './contents'

/**
 * A preview token of a content and the tenant's preview URL for its type filled in with it
 * (`url` null when the tenant has no template for the type).
 */
export type PreviewToken = AnswerOf<'createContentPreviewToken'>

/**
 * Makes a preview token of content `id` (`POST /api/contents/{id}/preview-token`, valid an hour,
 * the API's longest): it reads the content's latest draft on the site, and nothing else.
 */
export function createPreviewToken(tenantId: string, id: string): Promise<PreviewToken> {
  return unwrap(
    tenantApi(tenantId).POST('/api/contents/{id}/preview-token', {
      params: { path: { id } },
      body: { expiresInSeconds: 3600 },
    }),
  )
}

/**
 * The frame's token of content `id`: made when the preview opens (never kept after it closes) and
 * made again five minutes before it expires, which loads the frame at the new address.
 */
export const previewTokenQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'preview-token', id], () => createPreviewToken(tenantId, id)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data === undefined ? false : renewInMs(query.state.data.expiresAt, Date.now()),
  })

/** The message Studio posts to the preview frame (the contract of `onPreview`, `@folio/client/browser`). */
export const PREVIEW_MESSAGE = 'folio:preview'
/** What the site posts back once it listens (`onPreview` does it when framed). */
export const PREVIEW_READY = 'folio:preview-ready'

/** The form as the editor holds it, unsaved: what a preview shows. */
export interface UnsavedContent {
  title: string
  slug: string
  summary: string
  type: string
  parentId: string | null
  order: number
  customFields: Record<string, unknown>
  /** The body as the editor last exported it; undefined: unchanged (the stored html). */
  html: string | undefined
}

/**
 * The unsaved content in the public content shape (`PublicContentBody`'s `content`) as far as the
 * form holds it: the stored content's id, locale, dates and author with the form's texts, type,
 * place in the tree and custom fields over them. Categories, tags and the featured image are left
 * out: the form holds their ids, the public shape names them, so a site keeps what it read.
 */
export function previewContentOf(stored: Content, unsaved: UnsavedContent) {
  return {
    id: stored.id,
    locale: stored.locale,
    slug: unsaved.slug.trim() === '' ? stored.slug : unsaved.slug.trim(),
    title: unsaved.title,
    summary: unsaved.summary,
    html: unsaved.html ?? stored.html ?? '',
    type: unsaved.type,
    parentId: unsaved.parentId,
    order: unsaved.order,
    publishedAt: stored.publishedAt,
    updatedAt: stored.updatedAt,
    authorName: stored.authorName,
    customFields: unsaved.customFields,
  }
}

export type PreviewContent = ReturnType<typeof previewContentOf>

/** The message posted to the frame for `content` (version 1 of the contract). */
export function previewMessage(content: PreviewContent) {
  return { type: PREVIEW_MESSAGE, version: 1, content } as const
}

/** The origin of a preview URL (the only target its messages are posted to), or undefined when it is not http(s). */
export function previewOriginOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/** A token is renewed this long before it expires, so the frame never holds an expired one. */
const RENEW_BEFORE_MS = 5 * 60_000

/** Milliseconds from `now` until a token expiring at `expiresAt` (ISO) is renewed; at least 10 s. */
export function renewInMs(expiresAt: string, now: number): number {
  const expires = Date.parse(expiresAt)
  if (Number.isNaN(expires)) return 10_000
  return Math.max(10_000, expires - RENEW_BEFORE_MS - now)
}

/** A message event's sender and data, as checked before the frame's "ready" is believed. */
export interface ReceivedMessage {
  source: unknown
  origin: string
  data: unknown
}

/** Whether `event` is the preview frame saying it listens: from that frame's window and the preview's origin. */
export function isPreviewReady(event: ReceivedMessage, frame: unknown, origin: string | undefined): boolean {
  if (frame === null || frame === undefined || origin === undefined) return false
  if (event.source !== frame || event.origin !== origin) return false
  const data = event.data
  return data !== null && typeof data === 'object' && (data as { type?: unknown }).type === PREVIEW_READY
}
