import type { FastifyInstance } from 'fastify'
import { call } from './helpers.js'

/** Fields of a contact form used across the forms tests. */
export const CONTACT_FIELDS = [
  {
    id: 'name',
    type: 'text',
    label: { en: 'Name', tr: 'Ad' },
    required: true,
    validation: { maxLength: 50 },
  },
  { id: 'email', type: 'email', label: 'E-mail', required: true },
  { id: 'topic', type: 'select', label: 'Topic', options: [{ value: 'sales' }, { value: 'support' }] },
  { id: 'age', type: 'number', validation: { min: 18, max: 120 } },
  { id: 'code', type: 'text', validation: { pattern: '^[A-Z]{3}-\\d{2}$' } },
]

/** Creates (and by default publishes) a form through the API; returns its record. */
export async function createForm(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = {},
  publish = true,
): Promise<any> {
  const created = await call(app, 'POST', '/api/forms', {
    token,
    body: { title: 'Contact', fields: CONTACT_FIELDS, ...body },
  })
  if (created.statusCode !== 200) throw new Error(`createForm: ${created.body}`)
  if (!publish) return created.data.form
  const published = await call(app, 'POST', `/api/forms/${created.data.form.id}/publish`, { token })
  if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`)
  return published.data.form
}
