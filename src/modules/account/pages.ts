/**
 * Folio's own account pages: where mailed links lead when `APP_URL` is Folio itself (the `APP_URL`
 * row of the README's configuration). Each page is a form that `assets.ts`'s script fills from the
 * query string and POSTs as JSON to one API route, then shows the answer's `message` (or the page's
 * `done` text).
 *
 * A page with a `preview` first asks that route what its token is for (GET `?token=`), shows it in
 * `summary`, and shows only the fields whose `when` the preview answers true. Fields marked
 * `signIn` sign the account in first (`POST /api/auth/login`); the form is then posted with that
 * session's token, which the page keeps in memory only.
 */
export interface AccountPage {
  /** Path under `/account/`, the same one an operator's own front-end must serve for `APP_URL`. */
  slug: string
  title: string
  intro: string
  /**
   * The API route the form posts to (`POST`, JSON body of the fields that are not `signIn`).
   * `{name}` placeholders take the query parameter or preview member of that name (`{tenant.id}`).
   */
  endpoint: string
  /** GET route answering what the token is for; same placeholders as `endpoint`. */
  preview?: string
  /** What the preview says, with `{member}` placeholders (shown as text, never as HTML). */
  summary?: string
  /** Shown after success instead of the answer's `message`; same placeholders. */
  done?: string
  fields: readonly AccountField[]
  submitLabel: string
  /** Post at once when the link filled every field (a one-click link). */
  autoSubmit: boolean
}

export interface AccountField {
  name: string
  label: string
  type: 'text' | 'password' | 'email'
  /** Filled from the query parameter of the same name, then removed from the address bar. */
  fromQuery: boolean
  autocomplete: string
  /** Shown (and required) only when the preview's member of this name is true. */
  when?: 'requiresPasswordSetup' | 'requiresAuthentication'
  /** Sent to `POST /api/auth/login` before the form, not with it. */
  signIn?: boolean
  /** Filled, read-only, from the preview's member of this name. */
  fromPreview?: string
}

const SIGN_IN_FIELDS: readonly AccountField[] = [
  {
    name: 'email',
    label: 'E-mail address',
    type: 'email',
    fromQuery: false,
    autocomplete: 'username',
    when: 'requiresAuthentication',
    signIn: true,
    fromPreview: 'email',
  },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    fromQuery: false,
    autocomplete: 'current-password',
    when: 'requiresAuthentication',
    signIn: true,
  },
]

export const ACCOUNT_PAGES: readonly AccountPage[] = [
  {
    slug: 'verify-email',
    title: 'Verify your e-mail address',
    intro: 'Confirm the e-mail address of your Folio account with the code from the verification e-mail.',
    endpoint: '/api/auth/verify-email',
    fields: [
      { name: 'token', label: 'Verification code', type: 'text', fromQuery: true, autocomplete: 'off' },
    ],
    submitLabel: 'Verify',
    autoSubmit: true,
  },
  {
    slug: 'reset-password',
    title: 'Choose a new password',
    intro:
      'Set a new password for your Folio account with the code from the reset e-mail. Every session of the account will be logged out.',
    endpoint: '/api/auth/reset-password',
    fields: [
      { name: 'token', label: 'Reset code', type: 'text', fromQuery: true, autocomplete: 'off' },
      {
        name: 'password',
        label: 'New password (at least 6 characters)',
        type: 'password',
        fromQuery: false,
        autocomplete: 'new-password',
      },
    ],
    submitLabel: 'Set the new password',
    autoSubmit: false,
  },
  {
    slug: 'accept-invitation',
    title: 'Join a Folio tenant',
    intro: 'An invitation from a Folio tenant.',
    preview: '/api/auth/invitations/preview',
    summary:
      'You are invited to join {tenant.name} as {role}, with the address {email}. The invitation expires at {expiresAt}.',
    endpoint: '/api/auth/invitations/accept',
    done: 'You are now a member of {tenant.name} as {role}. Your account is {email}.',
    fields: [
      { name: 'token', label: 'Invitation code', type: 'text', fromQuery: true, autocomplete: 'off' },
      {
        name: 'firstName',
        label: 'First name',
        type: 'text',
        fromQuery: false,
        autocomplete: 'given-name',
        when: 'requiresPasswordSetup',
      },
      {
        name: 'lastName',
        label: 'Last name',
        type: 'text',
        fromQuery: false,
        autocomplete: 'family-name',
        when: 'requiresPasswordSetup',
      },
      {
        name: 'password',
        label: 'Choose a password (at least 6 characters)',
        type: 'password',
        fromQuery: false,
        autocomplete: 'new-password',
        when: 'requiresPasswordSetup',
      },
      ...SIGN_IN_FIELDS,
    ],
    submitLabel: 'Accept the invitation',
    autoSubmit: false,
  },
  {
    slug: 'accept-transfer',
    title: 'Accept the ownership of a tenant',
    intro: 'An offer to become the owner of a Folio tenant.',
    preview: '/api/tenants/{tenant}/transfer-preview',
    summary:
      'You are offered the ownership of {tenant.name} ({tenant.slug}). Sign in as {email} to accept it; the offer expires at {expiresAt}.',
    endpoint: '/api/tenants/{tenant.id}/accept-transfer',
    done: 'You are now the owner of {tenant.name}; the owner who offered it remains a member with the admin role.',
    fields: [
      { name: 'token', label: 'Transfer code', type: 'text', fromQuery: true, autocomplete: 'off' },
      ...SIGN_IN_FIELDS,
    ],
    submitLabel: 'Sign in and accept',
    autoSubmit: false,
  },
  {
    slug: 'forgot-password',
    title: 'Forgot your password?',
    intro:
      'Enter the e-mail address of your Folio account and we will mail you a link to choose a new password.',
    endpoint: '/api/auth/forgot-password',
    fields: [
      { name: 'email', label: 'E-mail address', type: 'email', fromQuery: false, autocomplete: 'email' },
    ],
    submitLabel: 'Send the link',
    autoSubmit: false,
  },
]

/** The page's HTML: no inline script or style, so the Content-Security-Policy can forbid both. */
export function renderPage(page: AccountPage): string {
  const fields = page.fields.map(renderField).join('\n')
  const data = [
    `data-endpoint="${escapeHtml(page.endpoint)}"`,
    page.preview === undefined ? '' : ` data-preview="${escapeHtml(page.preview)}"`,
    page.done === undefined ? '' : ` data-done="${escapeHtml(page.done)}"`,
    page.autoSubmit ? ' data-auto-submit' : '',
  ].join('')
  const summary =
    page.summary === undefined
      ? ''
      : `\n      <p id="summary" data-template="${escapeHtml(page.summary)}" aria-live="polite"></p>`
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(page.title)} · Folio</title>
    <link rel="stylesheet" href="/account/assets/account.css">
    <script src="/account/assets/account.js" defer></script>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(page.title)}</h1>
      <p>${escapeHtml(page.intro)}</p>${summary}
      <form ${data}>
${fields}
        <button type="submit">${escapeHtml(page.submitLabel)}</button>
      </form>
      <p id="status" role="status" aria-live="polite"></p>
      <noscript>This page needs JavaScript to reach the Folio API.</noscript>
    </main>
  </body>
</html>
`
}

/** A field; one shown only `when` the preview says so starts hidden and not required. */
function renderField(field: AccountField): string {
  const attributes = [
    `name="${escapeHtml(field.name)}"`,
    `type="${field.type}"`,
    field.when === undefined ? 'required' : 'data-required',
    `autocomplete="${escapeHtml(field.autocomplete)}"`,
    field.fromQuery ? 'data-from-query' : '',
    field.signIn ? 'data-sign-in' : '',
    field.fromPreview === undefined ? '' : `data-from-preview="${escapeHtml(field.fromPreview)}"`,
  ].filter((attribute) => attribute !== '')
  const when = field.when === undefined ? '' : ` data-when="${field.when}" hidden`
  return `      <label${when}>${escapeHtml(field.label)}
        <input ${attributes.join(' ')}>
      </label>`
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}
