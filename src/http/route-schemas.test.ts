import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../../test/helpers.js'
import { Phrase, translate } from '../i18n/index.js'
import tr from '../i18n/locales/tr.json' with { type: 'json' }
import { lazySerializerFactory } from './serialization.js'
import { createValidatorCompiler } from './validation.js'
import { describeValidation, type ValidationIssue } from './validation-messages.js'

const PARTS = ['body', 'querystring', 'params', 'headers'] as const

/**
 * Validators and serializers compile at a route's first use, so a schema neither Ajv nor
 * fast-json-stringify accepts would only fail at that route's first request. Here every route's
 * schema is compiled, as Fastify did at start before.
 */
describe('route schemas', () => {
  const context = useTestContext()

  it('every route registered with a schema compiles its validators and response serializers', () => {
    const routes = context.app.routeSchemas
    // The whole API: a route table that lost its families would pass below.
    expect(routes.length).toBeGreaterThan(250)
    const validatorOf = createValidatorCompiler()
    const serializerOf = SerializerSelector()(undefined, {})
    let compiled = 0
    for (const { method, url, schema } of routes) {
      const where = `${String(method)} ${url}`
      for (const httpPart of PARTS) {
        const part = schema[httpPart]
        if (part === undefined) continue
        const validate = validatorOf({ schema: part, method: String(method), url, httpPart })
        // The first call compiles; whether `{}` is valid does not matter here.
        expect(() => validate({}), where).not.toThrow()
        compiled += 1
      }
      for (const [httpStatus, response] of Object.entries(schema.response ?? {})) {
        expect(
          () => serializerOf({ schema: response, method: String(method), url, httpStatus }),
          where,
        ).not.toThrow()
        compiled += 1
      }
    }
    expect(compiled).toBeGreaterThan(routes.length * 3)
  })

  it("every route's validation failures read as Folio's sentences, never Ajv's text, in English and Turkish", () => {
    const validatorOf = createValidatorCompiler()
    // Wrong values of every kind for each member a part declares, one member at a time.
    const wrong: unknown[] = [12345, 'x', '', 'x'.repeat(3000), -1, 1.5, true, null, [], [{}], {}, { a: 1 }]
    const messages = new Set<string>()
    // The schemas' own wordings (`x-expect`, descriptions) the sentences use: each needs its Turkish.
    const wordings = new Set<string>()
    const collect = (phrase: Phrase) => {
      if (phrase.key.startsWith('expect.')) wordings.add(phrase.key.slice('expect.'.length))
      for (const value of Object.values(phrase.params)) if (value instanceof Phrase) collect(value)
    }
    for (const { method, url, schema } of context.app.routeSchemas) {
      for (const httpPart of PARTS) {
        const part = schema[httpPart] as { properties?: Record<string, unknown> } | undefined
        if (part === undefined) continue
        const validate = validatorOf({ schema: part, method: String(method), url, httpPart }) as ((
          data: unknown,
        ) => boolean) & { errors?: ValidationIssue[] | null }
        const inputs: unknown[] = [{}, { notAMember: 1 }, null, 'x', []]
        for (const member of Object.keys(part.properties ?? {})) {
          for (const value of wrong) inputs.push({ [member]: value })
        }
        for (const input of inputs) {
          if (validate(structuredClone(input))) continue
          for (const detail of describeValidation(validate.errors ?? [], httpPart)) {
            messages.add(translate(detail.message, 'en'))
            collect(detail.message)
          }
        }
      }
    }
    expect(messages.size).toBeGreaterThan(400)
    const unlike = [...messages].filter(
      (message) =>
        !/^(The |Item \d+ of )/.test(message) ||
        !message.endsWith('.') ||
        /must NOT|must have required|must match|must be equal to|should |undefined/.test(message),
    )
    expect(unlike).toEqual([])
    // Besides the wordings met above, every one a schema declares: an `x-expect`, and the
    // description of a pattern or of a union's branch.
    const declared = (schema: unknown, inUnion = false) => {
      if (typeof schema !== 'object' || schema === null) return
      const node = schema as Record<string, unknown>
      if (typeof node['x-expect'] === 'string') wordings.add(node['x-expect'])
      else if (typeof node.description === 'string' && (typeof node.pattern === 'string' || inUnion)) {
        wordings.add(node.description)
      }
      for (const [name, value] of Object.entries(node)) {
        for (const child of [value].flat()) declared(child, name === 'anyOf' || name === 'oneOf')
      }
    }
    for (const { schema } of context.app.routeSchemas) {
      for (const httpPart of PARTS) declared(schema[httpPart])
    }
    expect(wordings.size).toBeGreaterThan(30)
    expect([...wordings].filter((wording) => !(wording in tr.expect))).toEqual([])
  })

  it('a serializer compiles on its first answer, once per schema object', () => {
    const compile = lazySerializerFactory()(undefined, {})
    const schema = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] }
    const first = compile({ schema, method: 'GET', url: '/a', httpStatus: '404' })
    const second = compile({ schema, method: 'GET', url: '/b', httpStatus: '404' })
    expect(first({ error: 'NotFound', extra: 1 })).toBe('{"error":"NotFound"}')
    expect(second({ error: 'Gone' })).toBe('{"error":"Gone"}')
    const broken = compile({ schema: { type: 'nope' }, method: 'GET', url: '/c', httpStatus: '200' })
    expect(() => broken({})).toThrow()
  })
})
