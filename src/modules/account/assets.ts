/**
 * The account pages' script and style, served as files of their own so the pages' policy allows
 * scripts and styles from Folio's origin only (`script-src 'self'`), never inline.
 *
 * The script moves query values into the form, drops the query from the address bar (a token in
 * history or a Referer is a token leaked), posts the form as JSON without cookies, and shows the
 * answer's `message` as text (never as HTML).
 */
export const ACCOUNT_SCRIPT = `'use strict'
;(() => {
  const form = document.querySelector('form[data-endpoint]')
  const status = document.getElementById('status')
  const button = form.querySelector('button')
  const query = new URLSearchParams(window.location.search)
  for (const input of form.querySelectorAll('input[data-from-query]')) {
    const value = query.get(input.name)
    if (value) input.value = value.trim()
  }
  if (window.location.search !== '') window.history.replaceState(null, '', window.location.pathname)

  function show(text, outcome) {
    status.textContent = text
    status.dataset.outcome = outcome
  }

  async function submit() {
    const body = {}
    // A password is sent exactly as typed; other fields lose stray spaces from copying.
    for (const input of form.querySelectorAll('input[name]')) {
      body[input.name] = input.type === 'password' ? input.value : input.value.trim()
    }
    button.disabled = true
    show('Sending…', 'pending')
    try {
      const response = await fetch(form.dataset.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'omit',
        body: JSON.stringify(body),
      })
      const answer = await response.json().catch(() => ({}))
      const fallback = response.ok ? 'Done.' : 'That did not work (HTTP ' + response.status + ').'
      show(typeof answer.message === 'string' ? answer.message : fallback, response.ok ? 'success' : 'error')
      form.hidden = response.ok
    } catch {
      show('Folio could not be reached; check the connection and try again.', 'error')
    } finally {
      button.disabled = false
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    submit()
  })
  const inputs = [...form.querySelectorAll('input[name]')]
  if (form.hasAttribute('data-auto-submit') && inputs.every((input) => input.value !== '')) submit()
})()
`

export const ACCOUNT_STYLE = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
main { max-width: 28rem; margin: 4rem auto; padding: 2rem; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; }
h1 { font-size: 1.4rem; margin-top: 0; }
label { display: block; margin: 1rem 0; font-weight: 600; }
input { display: block; width: 100%; box-sizing: border-box; margin-top: 0.3rem; padding: 0.5rem; font: inherit; font-family: ui-monospace, monospace; }
button { padding: 0.5rem 1.2rem; font: inherit; }
[data-outcome="success"] { color: #1a7f37; }
[data-outcome="error"] { color: #cf222e; }
`
