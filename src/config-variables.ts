import { type Static, type TSchema, type TSchemaOptions, Type } from 'typebox'

/**
 * The vocabulary of the configuration table (docs/decisions/configuration.md "Configuration is read
 * once, at start"): a variable is its TypeBox schema (type, bounds, enum, pattern, default,
 * description) and the `Config` field it lands in, checked by type. `config-schema.ts` holds the
 * platform's own variables; a family declares its own in its `declarations.ts` (`configSection`).
 *
 * Annotations of ours on a schema: `rule` words the problem when a value fails it (the helpers below
 * write it from the bounds); `secret` keeps the value out of messages (it may hold a password);
 * `base` drops a base URL's trailing slashes.
 */

/** A variable of the table: its schema and where it lands in `Config` (none: only rules read it). */
export interface Variable<S extends TSchema = TSchema> {
  readonly schema: S
  readonly to?: string
  /** The checked value → the field's value, when they differ. */
  map?(value: Static<S>): unknown
}

export const MiB = 1024 * 1024
export const WEEK_SECONDS = 7 * 24 * 3600

export const text = (description: string, options: TSchemaOptions = {}) =>
  Type.String({ description, ...options })
const bounds = (minimum: number, maximum: number) =>
  ({ minimum, maximum, rule: `must be an integer from ${minimum} to ${maximum}` }) as const
export const int = (minimum: number, maximum: number, value?: number, description?: string) =>
  Type.Integer({ ...bounds(minimum, maximum), default: value, description })
export const list = <S extends TSchema>(items: S, description: string, options: TSchemaOptions = {}) =>
  Type.Array(items, { default: [], description, ...options })
export const oneOf = <V extends string>(values: readonly V[], value: V, description: string) =>
  Type.Enum(values, {
    rule: values.length === 2 ? `must be ${values.join(' or ')}` : `must be one of ${values.join(', ')}`,
    default: value,
    description,
  })
export const onOff = (description: string) => oneOf(['on', 'off'], 'on', description)
export const isOn = (mode: 'on' | 'off') => mode === 'on'
export const secretKey = (description?: string) =>
  Type.String({ minLength: 32, rule: 'must be at least 32 characters', secret: true, description })
export const httpUrl = (description: string, options: TSchemaOptions = {}) =>
  text(description, { format: 'http-url', rule: 'must be an http(s) URL', ...options })
export const baseUrl = (description: string) => httpUrl(description, { base: true })
/** A connection URL: the pattern of its schemes, the problem's wording; never echoed (credentials). */
export const connection = (pattern: string, rule: string, description: string) =>
  text(description, { pattern, rule, secret: true })

type Section<V> = Exclude<V, string | number | boolean | undefined | readonly unknown[]>
/** The dotted paths of `T`'s fields (`media.s3.bucket`): the places a variable may land. */
export type ConfigField<T> = {
  [K in keyof T & string]: [Section<T[K]>] extends [never] ? K : `${K}.${ConfigField<Section<T[K]>>}`
}[keyof T & string]
type FieldValue<T, P> = P extends `${infer K}.${infer Rest}`
  ? FieldValue<Section<T[K & keyof T]>, Rest>
  : T[P & keyof T]

/** Declares a variable landing in field `path` of `C`: of the field's type, or turned into it by `map`. */
export type To<C> = <P extends ConfigField<C>, S extends TSchema>(
  path: P,
  schema: S,
  ...map: Static<S> extends FieldValue<C, P>
    ? [map?: (value: Static<S>) => FieldValue<C, P>]
    : [map: (value: Static<S>) => FieldValue<C, P>]
) => Variable<S>

/** `to` for the fields of `C`. */
export function fieldsOf<C>(): To<C> {
  return (path, schema, ...map) => ({ schema, to: path, map: map[0] as Variable['map'] })
}

/**
 * A family's variables and the `Config` members they fill: `Section`, which `Config` (src/config.ts)
 * includes. `section` is never set; it carries the type.
 */
export interface ConfigSection<Section extends object, V extends Record<string, Variable>> {
  readonly variables: V
  readonly section?: Section
}

/**
 * A family's configuration: `configSection<{ media: MediaConfig }>()((to) => ({ MEDIA_DRIVER:
 * to('media.driver', …) }))`, each variable checked against the field it lands in.
 */
export function configSection<Section extends object>() {
  return <V extends Record<string, Variable>>(build: (to: To<Section>) => V): ConfigSection<Section, V> => ({
    variables: build(fieldsOf<Section>()),
  })
}
