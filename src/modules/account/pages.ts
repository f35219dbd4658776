/**
 * Folio's own account pages: where mailed links lead when `APP_URL` is Folio itself (platform.md §8,
 * decisions.md `APP_URL`). Each page is a form that `assets.ts`'s script fills from the query string
 * and POSTs as JSON to one API route, then shows the answer's `message`.
 */
export interface AccountPage {
  /** Path under `/account/`, the same one an operator's own front-end must serve for `APP_URL`. */
  slug: string
  title: string
  intro: string
  /** The API route the form posts to (`POST`, JSON body of the fields). */
  endpoint: string
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
}

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
    intro:
      'You were invited to a Folio tenant. Choose your name and a password to create your account and join it. If you already have a Folio account, sign in to your app instead: the invitation waits there.',
    endpoint: '/api/auth/invitations/accept',
    fields: [
      { name: 'token', label: 'Invitation code', type: 'text', fromQuery: true, autocomplete: 'off' },
      { name: 'firstName', label: 'First name', type: 'text', fromQuery: false, autocomplete: 'given-name' },
      { name: 'lastName', label: 'Last name', type: 'text', fromQuery: false, autocomplete: 'family-name' },
      {
        name: 'password',
        label: 'Password (at least 6 characters)',
        type: 'password',
        fromQuery: false,
        autocomplete: 'new-password',
      },
    ],
    submitLabel: 'Create the account and join',
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
  const fields = page.fields
    .map(
      (field) => `      <label>${escapeHtml(field.label)}
        <input name="${escapeHtml(field.name)}" type="${field.type}" required autocomplete="${escapeHtml(field.autocomplete)}"${field.fromQuery ? ' data-from-query' : ''}>
      </label>`,
    )
    .join('\n')
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
      <p>${escapeHtml(page.intro)}</p>
      <form data-endpoint="${escapeHtml(page.endpoint)}"${page.autoSubmit ? ' data-auto-submit' : ''}>
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

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}
