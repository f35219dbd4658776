/**
 * The account pages' script and style, served as files of their own so the pages' policy allows
 * scripts and styles from Folio's origin only (`script-src 'self'`), never inline.
 *
 * The script moves query values into the form, drops the query from the address bar (a token in
 * history or a Referer is a token leaked), asks the page's preview route what the token is for and
 * shows the fields that needs, signs in first when the page asks for it (the session token stays in
 * memory), posts the form as JSON without cookies, and shows every answer as text (never as HTML).
 */
export const ACCOUNT_SCRIPT = `'use strict'
;(() => {
  const form = document.querySelector('form[data-endpoint]')
  const status = document.getElementById('status')
  const summary = document.getElementById('summary')
  const button = form.querySelector('button')
  const query = new URLSearchParams(window.location.search)
  const values = {}
  for (const [name, value] of query) values[name] = value.trim()
  for (const input of form.querySelectorAll('input[data-from-query]')) {
    if (values[input.name]) input.value = values[input.name]
  }
  if (window.location.search !== '') window.history.replaceState(null, '', window.location.pathname)
  let preview = null

  function show(text, outcome) {
    status.textContent = text
    status.dataset.outcome = outcome
  }

  function member(source, path) {
    return path.split('.').reduce((value, key) => (value == null ? undefined : value[key]), source)
  }

  // {name} takes the preview's member, else the query parameter; URL parts are encoded.
  function fill(template, encode) {
    return template.replace(/\\{([\\w.]+)\\}/g, (match, path) => {
      let value = preview === null ? undefined : member(preview, path)
      if (value === undefined) value = values[path]
      if (value === undefined || value === null) return encode ? '' : match
      return encode ? encodeURIComponent(String(value)) : String(value)
    })
  }

  function visibleInputs() {
    return [...form.querySelectorAll('input[name]')].filter((input) => !input.closest('[hidden]'))
  }

  async function call(method, url, body, token) {
    const headers = { 'content-type': 'application/json' }
    if (token) headers.authorization = 'Bearer ' + token
    const response = await fetch(url, {
      method,
      headers,
      credentials: 'omit',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const answer = await response.json().catch(() => ({}))
    return { ok: response.ok, status: response.status, answer }
  }

  function failure(result) {
    if (typeof result.answer.message === 'string') return result.answer.message
    return 'That did not work (HTTP ' + result.status + ').'
  }

  async function loadPreview() {
    const token = form.querySelector('input[name="token"]').value.trim()
    if (!form.dataset.preview || token === '') return
    preview = null
    const url = fill(form.dataset.preview, true) + '?token=' + encodeURIComponent(token)
    const result = await call('GET', url)
    if (!result.ok) {
      summary.textContent = ''
      show(failure(result), 'error')
      return
    }
    preview = result.answer
    summary.textContent = fill(summary.dataset.template, false)
    show('', 'idle')
    for (const group of form.querySelectorAll('[data-when]')) {
      const shown = preview[group.dataset.when] === true
      group.hidden = !shown
      for (const input of group.querySelectorAll('input')) {
        input.required = shown && input.hasAttribute('data-required')
        const from = input.dataset.fromPreview
        if (from && typeof member(preview, from) === 'string') {
          input.value = member(preview, from)
          input.readOnly = true
        }
      }
    }
  }

  async function submit() {
    const body = {}
    const signIn = {}
    // A password is sent exactly as typed; other fields lose stray spaces from copying.
    for (const input of visibleInputs()) {
      const value = input.type === 'password' ? input.value : input.value.trim()
      if (input.hasAttribute('data-sign-in')) signIn[input.name] = value
      else body[input.name] = value
    }
    button.disabled = true
    show('Sending…', 'pending')
    try {
      if (form.dataset.preview && preview === null) {
        await loadPreview()
        if (preview === null) return
      }
      let session
      if (Object.keys(signIn).length > 0) {
        const login = await call('POST', '/api/auth/login', signIn)
        if (!login.ok) return show(failure(login), 'error')
        session = login.answer.token
      }
      const result = await call('POST', fill(form.dataset.endpoint, true), body, session)
      if (!result.ok) return show(failure(result), 'error')
      const done = form.dataset.done
      const message = typeof result.answer.message === 'string' ? result.answer.message : 'Done.'
      show(done ? fill(done, false) : message, 'success')
      form.hidden = true
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
  const tokenInput = form.querySelector('input[name="token"]')
  if (form.dataset.preview && tokenInput) tokenInput.addEventListener('change', () => loadPreview())
  const start = form.dataset.preview ? loadPreview() : Promise.resolve()
  start.then(() => {
    const inputs = visibleInputs()
    if (form.hasAttribute('data-auto-submit') && inputs.every((input) => input.value !== '')) submit()
  })
})()
`

export const ACCOUNT_STYLE = `[hidden] { display: none !important; }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
main { max-width: 28rem; margin: 4rem auto; padding: 2rem; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; }
h1 { font-size: 1.4rem; margin-top: 0; }
label { display: block; margin: 1rem 0; font-weight: 600; }
input { display: block; width: 100%; box-sizing: border-box; margin-top: 0.3rem; padding: 0.5rem; font: inherit; font-family: ui-monospace, monospace; }
button { padding: 0.5rem 1.2rem; font: inherit; }
[data-outcome="success"] { color: #1a7f37; }
[data-outcome="error"] { color: #cf222e; }
`
