import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type SerializerFactory = ReturnType<typeof SerializerSelector>
type Serializer = ReturnType<ReturnType<SerializerFactory>>

/**
 * Fastify's response serializers (fast-json-stringify), each compiled when its route first answers
 * with that status, and once per schema object: every route declares the same `ErrorBody` for up
 * to nine statuses (route-contract.ts), and a process serving websites answers through a handful of
 * its routes. Compiling all of them at start held about 15 MB of generated source and code for
 * the life of the process (docs/decisions/configuration.md "Memory"). A schema fast-json-stringify
 * cannot compile fails at its first answer, a 500; `route-schemas.test.ts` compiles every route's.
 */
export function lazySerializerFactory(): SerializerFactory {
  const selector = SerializerSelector()
  return (externalSchemas, options) => {
    const compile = selector(externalSchemas, options)
    const compiled = new WeakMap<object, Serializer>()
    return (route) => {
      let serialize: Serializer | undefined
      return (data) => {
        serialize ??= compiledFor(route)
        return serialize(data)
      }
    }

    function compiledFor(route: Parameters<ReturnType<SerializerFactory>>[0]): Serializer {
      const schema = route.schema
      if (typeof schema !== 'object' || schema === null) return compile(route)
      let serialize = compiled.get(schema)
      if (serialize === undefined) {
        serialize = compile(route)
        compiled.set(schema, serialize)
      }
      return serialize
    }
  }
}

/** The `schemaController` option of the application: lazily compiled serializers. */
export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildSerializer: lazySerializerFactory() },
}
