import type { FastifyInstance } from 'fastify'
import { call } from './helpers.js'

/** One operation of the OpenAPI document the app serves. */
export interface DocumentedOperation {
  /** Upper case: GET, POST, PUT, PATCH, DELETE. */
  method: string
  path: string
  operation: Record<string, any>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/**
 * The route table as `/api/docs/json` documents it (the generated matrices read it: every route a
 * family registers is in it), sorted by path and method.
 */
export async function documentedOperations(app: FastifyInstance): Promise<DocumentedOperation[]> {
  const document = (await call(app, 'GET', '/api/docs/json')).data
  return Object.entries<Record<string, any>>(document.paths)
    .flatMap(([path, item]) =>
      METHODS.filter((method) => item[method] !== undefined).map((method) => ({
        method: method.toUpperCase(),
        path,
        operation: item[method],
      })),
    )
    .sort((x, y) => `${x.path} ${x.method}`.localeCompare(`${y.path} ${y.method}`))
}
