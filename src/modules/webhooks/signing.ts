import { Webhook } from 'standardwebhooks'

const STANDARD_PREFIX = 'whsec_'
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/**
 * The HMAC key a tenant's webhook secret stands for (README "Webhooks"):
 * - `whsec_<base64>` (the Standard Webhooks form, as Svix and the `standardwebhooks` libraries
 *   generate it): the decoded bytes, so a receiver passes the same string to `new Webhook(secret)`;
 * - any other string: its UTF-8 bytes, so a receiver uses `new Webhook(bytes, { format: 'raw' })`
 *   (in Node.js `Buffer.from(secret)`), or equally `new Webhook('whsec_' + base64 of those bytes)`.
 */
export function signingKeyOf(secret: string): Uint8Array {
  if (secret.startsWith(STANDARD_PREFIX)) {
    const encoded = secret.slice(STANDARD_PREFIX.length)
    if (encoded !== '' && BASE64.test(encoded)) return new Uint8Array(Buffer.from(encoded, 'base64'))
  }
  return new Uint8Array(Buffer.from(secret, 'utf8'))
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the delivery id, the same on every
 * attempt), `webhook-timestamp` (this attempt, Unix seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`). The secret goes into no header and no log.
 */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const signer = new Webhook(signingKeyOf(secret), { format: 'raw' })
  return {
    'content-type': 'application/json',
    'user-agent': 'Folio-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signer.sign(id, at, body),
  }
}
