import { Type } from 'typebox'
import { configSection, httpUrl, text } from '../../config-variables.js'
import { CRUD, declareFamily } from '../../declare.js'
import { Changed, Id, Nullable, payload } from '../../events/payloads.js'

const form = {
  id: Id,
  title: Type.String({ description: "The title in the form's first language" }),
  slug: Type.String(),
  status: Type.String(),
  version: Type.Integer({ description: 'The draft version' }),
  publishedVersion: Nullable(Type.Integer()),
}
const response = {
  id: Id,
  formId: Id,
  status: Type.String(),
  flaggedAsSpam: Type.Boolean(),
}

/** The configuration of forms (`Config` members). */
export interface FormsConfig {
  /** A MaxMind City or Country database file for form responses' `geo`; unset: geo is null. */
  geoipDatabase: string | undefined
  /** The captcha siteverify endpoint forms with `settings.captcha` are checked against; undefined: none. */
  captcha: { verifyUrl: string; secret: string } | undefined
}

/** The forms family's events (forms and their responses), permissions and configuration. */
export const declarations = declareFamily({
  events: {
    'form.created': payload('A form was created', form),
    'form.updated': payload('A form was changed', { ...form, changed: Changed }),
    'form.published': payload('A form version was published', form),
    'form.archived': payload('A form was archived', form),
    'form.restored': payload('An earlier form version was restored as the draft', form),
    'form.deleted': payload('A form was deleted with its versions and responses', form),
    'form.response.created': payload('A response was submitted (never its answers: read it by id)', {
      ...response,
      formVersion: Type.Integer(),
    }),
    'form.response.status-changed': payload("A response's status was changed", response),
    'form.response.deleted': payload('A response was deleted (kept with status deleted)', response),
    'form.response.purged': payload('A response was deleted permanently', { id: Id, formId: Id }),
  },
  activity: {
    nouns: { form: 'the form', 'form.response': 'a response to the form' },
    verbs: { 'status-changed': 'changed the status of', purged: 'permanently deleted' },
  },
  permissions: { forms: CRUD },
  config: configSection<FormsConfig>()((to) => ({
    GEOIP_DATABASE: to('geoipDatabase', text('MaxMind .mmdb file giving form responses a geo')),
    CAPTCHA_VERIFY_URL: to('captcha.verifyUrl', httpUrl('captcha siteverify endpoint')),
    CAPTCHA_SECRET: to('captcha.secret', text('the captcha secret key', { secret: true })),
  })),
})
