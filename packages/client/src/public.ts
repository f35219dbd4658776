import createClient, { type Client } from 'openapi-fetch'
import { unwrap } from './errors.js'
import type { operations, paths } from './schema.js'
import type { AnswerOf, BodyOf, QueryOf } from './types.js'

/** Where the public delivery routes answer, and for which tenant. */
export interface PublicClientOptions {
  /** Where Folio answers, without `/api`: `https://cms.example.com`. */
  baseUrl: string
  /** The tenant whose published data is read, sent as `X-Tenant-ID`. */
  tenantId: string
  /**
   * An API token of the tenant, for a server: `submit` to submit forms that take no browser
   * submissions, `preview` to read drafts. Never put one into browser code.
   */
  token?: string
  /** The fetch to use (default `globalThis.fetch`). */
  fetch?: (request: Request) => Promise<Response>
}

type MenuLocation = operations['getPublicMenuByLocation']['parameters']['path']['location']

/**
 * The public delivery routes (`/api/public/*`) of one tenant. Each method resolves to the answer's
 * data or rejects with a `FolioError` (404 `NotFound` for what is not published or an unknown
 * tenant; 403 `Forbidden` when the tenant's edge policy refuses the page's origin).
 */
export interface PublicClient {
  /** The underlying typed client (tenant header set), for the other public routes (placements). */
  readonly client: Client<paths>
  readonly contents: {
    /** Published contents, filtered and paged (`GET /api/public/contents`). */
    list(query?: QueryOf<'listPublicContents'>): Promise<AnswerOf<'listPublicContents'>>
    /** One published content by its slug (`GET /api/public/contents/slug/{slug}`). */
    bySlug(
      slug: string,
      query?: QueryOf<'getPublicContentBySlug'>,
    ): Promise<AnswerOf<'getPublicContentBySlug'>>
    /** The published page tree (`GET /api/public/contents/tree`). */
    tree(query?: QueryOf<'getPublicContentTree'>): Promise<AnswerOf<'getPublicContentTree'>>
  }
  readonly collections: {
    /** A collection's published entries (`GET /api/public/collections/{key}`). */
    list(
      key: string,
      query?: QueryOf<'listPublicCollectionEntries'>,
    ): Promise<AnswerOf<'listPublicCollectionEntries'>>
    /** One published entry by its slug (`GET /api/public/collections/{key}/{slug}`). */
    entry(
      key: string,
      slug: string,
      query?: QueryOf<'getPublicCollectionEntry'>,
    ): Promise<AnswerOf<'getPublicCollectionEntry'>>
    /** A query over one collection's published entries (`POST /api/public/queries/run`). */
    query(body: BodyOf<'runPublicQuery'>): Promise<AnswerOf<'runPublicQuery'>>
  }
  readonly menus: {
    /** A menu by its slug, as a tree (`GET /api/public/menus/slug/{slug}`). */
    bySlug(slug: string): Promise<AnswerOf<'getPublicMenuBySlug'>>
    /** The menu placed at a theme location (`GET /api/public/menus/location/{location}`). */
    byLocation(location: MenuLocation): Promise<AnswerOf<'getPublicMenuByLocation'>>
  }
  readonly forms: {
    /**
     * A published public form (`GET /api/public/forms/{slug}`): its fields, and in `submission`
     * how it is submitted and the token to send back as `formToken` (it proves the fill time).
     */
    get(slug: string): Promise<AnswerOf<'getPublicForm'>>
    /**
     * Submits a response (`POST /api/public/forms/{formId}/submit`): from a browser for a form
     * whose `settings.browserSubmission` is on (the page's origin must be one the tenant allows),
     * from a server with a `submit` token (docs/decisions/forms.md).
     */
    submit(formId: string, body: BodyOf<'submitForm'>): Promise<AnswerOf<'submitForm'>>
  }
}

/**
 * A client of one tenant's public delivery routes, for a website: in a browser (no credentials;
 * the tenant's edge policy decides which origins may read) or on a server.
 */
export function createPublicClient(options: PublicClientOptions): PublicClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: {
      'X-Tenant-ID': options.tenantId,
      ...(options.token === undefined ? {} : { Authorization: `Bearer ${options.token}` }),
    },
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  })
  return {
    client,
    contents: {
      list: (query) => unwrap(client.GET('/api/public/contents', { params: { query } })),
      bySlug: (slug, query) =>
        unwrap(client.GET('/api/public/contents/slug/{slug}', { params: { path: { slug }, query } })),
      tree: (query) => unwrap(client.GET('/api/public/contents/tree', { params: { query } })),
    },
    collections: {
      list: (key, query) =>
        unwrap(client.GET('/api/public/collections/{key}', { params: { path: { key }, query } })),
      entry: (key, slug, query) =>
        unwrap(
          client.GET('/api/public/collections/{key}/{slug}', { params: { path: { key, slug }, query } }),
        ),
      query: (body) => unwrap(client.POST('/api/public/queries/run', { body })),
    },
    menus: {
      bySlug: (slug) => unwrap(client.GET('/api/public/menus/slug/{slug}', { params: { path: { slug } } })),
      byLocation: (location) =>
        unwrap(client.GET('/api/public/menus/location/{location}', { params: { path: { location } } })),
    },
    forms: {
      get: (slug) => unwrap(client.GET('/api/public/forms/{slug}', { params: { path: { slug } } })),
      submit: (formId, body) =>
        unwrap(client.POST('/api/public/forms/{formId}/submit', { params: { path: { formId } }, body })),
    },
  }
}
