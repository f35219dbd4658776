/**
 * A website on Folio's public routes: plain JavaScript in the browser, no build, no dependency,
 * no API token. It lists posts, shows a content by slug with its featured image, renders the page
 * tree and a menu as navigation, and submits a form from the browser.
 *
 * Every request names the tenant in `X-Tenant-ID` (config.js). Folio answers this page only when
 * its origin is in the tenant's `edgeGateway.allowedOrigins`; otherwise the browser hides the
 * answer (CORS) and the page says so.
 *
 * Routes (one HTML file, so the address's hash is the route):
 *   #/                     the newest posts; #/posts/<n> the page n of them
 *   #/post/<slug>          a post;  #/page/<slug> a page (both: a published content by slug)
 *   #/category/<id>/<slug> the posts of a category (/<n>: its page n)
 *   #/form/<slug>          a form;  #/contact the form named in config.js
 *
 * Languages: when the tenant has more than one locale (`GET /api/public/locales`), the header gets
 * a language switcher. The chosen language is the page's `?lang=` parameter, sent to Folio as
 * `locale` on every read; without it Folio negotiates the browser's `Accept-Language`. A content
 * names its translations (`alternates`), which become `hreflang` links and the switcher's targets.
 *
 * Live updates and previews come from Folio's browser helpers (`@folio/client/browser`), which
 * Folio serves at `<api>/client/browser.js`; the page imports them from there, so it still needs no
 * build. Without `?preview=`, the page follows the tenant's public changes
 * (`GET /api/public/events`) and shows what was published, updated or unpublished at once: the open
 * article, the list, the page tree, the menu. With `?preview=<token>` (the address a tenant's
 * preview URL template gives Studio), the article is the draft the token opens, the page says so and
 * asks search engines not to index it, and, in Studio's preview frame, it shows what the editor types
 * before it is saved.
 *
 * Text from Folio goes into the page as text (textContent, DOM properties), never as markup; the
 * one exception is a content's `html`, which Folio sanitizes when it is saved (allowed tags and
 * attributes only: no scripts, styles, event handlers or javascript: URLs). The unsaved html Studio
 * sends to a preview is not sanitized yet: the page strips what could run before showing it.
 */
import config from './config.js'

const POSTS_PER_PAGE = 10
/** Tenant, category and other record ids: 24 hex characters. */
const ID = /^[a-f0-9]{24}$/
const PAGE_NUMBER = /^[1-9]\d{0,5}$/

/** The language the visitor chose (`?lang=`), sent as `locale`; null: Folio negotiates. */
const chosenLocale = new URLSearchParams(location.search).get('lang')

const main = document.getElementById('main')
const languageNav = document.getElementById('languages')
const menuNav = document.getElementById('menu')
const pagesNav = document.getElementById('pages')

/** An answer of Folio other than 2xx: `{ error, message, details? }` and its status. */
class FolioError extends Error {
  constructor(status, body) {
    super(body?.message ?? `Folio answered ${status}.`)
    this.status = status
    this.details = Array.isArray(body?.details) ? body.details : []
  }
}

/**
 * Why a request got no readable answer. A browser gives a page the same error for a server that is
 * down and for an answer that refused its origin (no CORS header); a `no-cors` request to
 * `/health` tells them apart, since it succeeds (unreadable) whenever the server answers at all.
 */
function whyUnreachable() {
  return fetch(new URL('/health', config.api), { mode: 'no-cors' }).then(
    () =>
      `Folio at ${config.api} answered, but does not let this page read its answers (CORS). ` +
      `Either the tenant id in config.js is not a tenant's, or the tenant does not allow this page's origin, ` +
      `${location.origin}: add it to the tenant's edgeGateway.allowedOrigins (README "Your first website").`,
    () =>
      `Folio cannot be reached at ${config.api}: is it running, and is the api address in config.js right?`,
  )
}

/**
 * A public route of Folio, with the tenant in `X-Tenant-ID`; resolves to the JSON answer.
 * @throws FolioError for an error answer, Error (with the reason) when no answer can be read.
 */
async function folio(path, init = {}) {
  const url = new URL(path, config.api)
  if (chosenLocale !== null && !url.pathname.endsWith('/submit')) url.searchParams.set('locale', chosenLocale)
  let response
  try {
    response = await fetch(url, {
      ...init,
      headers: { 'X-Tenant-ID': config.tenant, ...init.headers },
    })
  } catch {
    throw new Error(await whyUnreachable())
  }
  const body = await response.json().catch(() => null)
  if (!response.ok) throw new FolioError(response.status, body)
  return body
}

/** An element with attributes (`null`/`false` ones left out) and children (strings become text). */
function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue
    element.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue
    element.append(typeof child === 'string' ? document.createTextNode(child) : child)
  }
  return element
}

const slugPart = (slug) => encodeURIComponent(slug)

/** Slugs of the pages in the page tree: a menu's content item links to #/page/ or #/post/ by it. */
const pageSlugs = new Set()

/**
 * The view being shown: a turn of `route`, `{ cache, quiet }`. A view renders only while its turn
 * is this one (a later navigation wins). `cache` is the fetch cache mode of its reads: `no-cache`
 * when a change notice made the browser's cached answers stale; `quiet`: a refresh in place, which
 * leaves the focus where it is.
 */
let navigation = null
let firstRender = true

/**
 * The article on screen (`showContent`), for live updates and previews: its id and slug, and the
 * elements a preview rewrites; null on any other view.
 */
let shown = null

/**
 * Replaces the main region with a heading and `nodes`, titles the document, and (after the first
 * render, unless the view is a quiet refresh) moves the focus to the heading so that keyboard and
 * screen-reader users start there.
 */
function render(title, ...nodes) {
  const heading = el('h1', { tabindex: -1 }, title)
  main.replaceChildren(heading, ...nodes.flat().filter(Boolean))
  main.removeAttribute('aria-busy')
  document.title = `${title} · Example site`
  if (!firstRender && !navigation?.quiet) heading.focus()
  firstRender = false
  markCurrentLinks()
  return heading
}

/** `aria-current="page"` on the navigation links to the shown address. */
function markCurrentLinks() {
  for (const link of document.querySelectorAll('#menu a, #pages a')) {
    if (link.getAttribute('href') === location.hash) link.setAttribute('aria-current', 'page')
    else link.removeAttribute('aria-current')
  }
}

function renderError(error) {
  // A FolioError of this page's reads, or a FolioResponseError of the helpers' (same status, message).
  const title = error?.status === 404 ? 'Not found' : 'This page could not be loaded'
  render(title, el('p', { role: 'alert', class: 'error' }, error.message))
}

/** `<time>` of a date, in the reader's language. */
function date(iso) {
  const shown = new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' })
  return el('time', { datetime: iso }, shown)
}

function variant(media, name) {
  return media.variants.find((candidate) => candidate.name === name)
}

/** A featured image: a variant URL (renditions Folio made of the upload), the original otherwise. */
function image(media, name, options = {}) {
  const chosen = variant(media, name)
  // Renditions are never enlarged: a small original gives several of one width, listed once.
  const renditions = ['small', 'medium', 'large']
    .map((size) => variant(media, size))
    .filter(
      (rendition, index, all) =>
        rendition && all.findIndex((other) => other?.width === rendition.width) === index,
    )
  return el('img', {
    src: chosen?.url ?? media.url,
    srcset:
      options.responsive && renditions.length > 0
        ? renditions.map((rendition) => `${rendition.url} ${rendition.width}w`).join(', ')
        : null,
    sizes: options.responsive && renditions.length > 0 ? '(max-width: 48rem) 100vw, 48rem' : null,
    width: chosen?.width ?? media.width,
    height: chosen?.height ?? media.height,
    // A list's thumbnail repeats the title beside it: decorative there.
    alt: options.decorative ? '' : (media.altText ?? ''),
    class: options.className,
  })
}

/**
 * `#/`, `#/posts/<n>` and `#/category/<id>/<slug>`: the newest published posts (of a category), a
 * summary each, ten a page.
 */
async function showPosts(page, turn, category) {
  const query = new URLSearchParams({
    type: 'post',
    view: 'summary',
    sort: 'publishedAt',
    limit: String(POSTS_PER_PAGE),
    page: String(page),
  })
  if (category !== undefined) query.set('category', category.id)
  const { contents, pagination } = await folio(`/api/public/contents?${query}`, { cache: turn.cache })
  if (turn !== navigation) return
  const items = contents.map((post) =>
    el(
      'li',
      {},
      el(
        'article',
        { class: 'post-summary' },
        post.featuredMedia === null
          ? null
          : image(post.featuredMedia, 'thumbnail', { decorative: true, className: 'thumbnail' }),
        el('h2', {}, el('a', { href: `#/post/${slugPart(post.slug)}` }, post.title)),
        el('p', { class: 'meta' }, date(post.publishedAt), post.authorName ? ` · ${post.authorName}` : ''),
        post.summary ? el('p', {}, post.summary) : null,
      ),
    ),
  )
  const pageLink = (n) =>
    category === undefined
      ? n === 1
        ? '#/'
        : `#/posts/${n}`
      : `#/category/${category.id}/${slugPart(category.slug)}${n === 1 ? '' : `/${n}`}`
  const pager =
    pagination.pages <= 1
      ? null
      : el(
          'nav',
          { 'aria-label': 'More posts', class: 'pager' },
          page > 1 ? el('a', { href: pageLink(page - 1) }, 'Newer posts') : null,
          page < pagination.pages ? el('a', { href: pageLink(page + 1) }, 'Older posts') : null,
        )
  // A category is named by the posts filed under it (each carries its categories by name and slug).
  const name =
    category === undefined
      ? 'Posts'
      : (contents[0]?.categories.find((term) => term.slug === category.slug)?.name ?? 'Category')
  render(
    page > 1 ? `${name}, page ${page}` : name,
    items.length === 0 ? el('p', {}, 'Nothing is published here yet.') : el('ul', { class: 'posts' }, items),
    pager,
  )
}

/** A language's own name for itself (`tr` → "Türkçe"), the tag when the browser has none. */
function languageName(locale) {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
  } catch {
    return locale
  }
}

/** This page's address in `locale`, at `hash` (default: the current one). */
function addressIn(locale, hash = location.hash || '#/') {
  const url = new URL(location.href)
  url.searchParams.set('lang', locale)
  url.hash = hash
  return url.href
}

/** The tenant's locales, once `loadLanguages` read them; the switcher links to each. */
let tenantLocales = []

/**
 * The language switcher (`GET /api/public/locales`): a link per locale of the tenant, to this
 * address in that language; nothing when the tenant has one locale. The page's `lang` follows the
 * locale Folio answered in.
 */
async function loadLanguages() {
  const { locale, locales } = await folio('/api/public/locales')
  document.documentElement.lang = locale
  tenantLocales = locales.available
  if (tenantLocales.length < 2) return
  renderLanguages(locale, new Map())
}

/** The switcher, each locale linking to `targets.get(locale)` (a translation's hash) or to this address. */
function renderLanguages(current, targets) {
  if (tenantLocales.length < 2) return
  languageNav.replaceChildren(
    el(
      'ul',
      {},
      tenantLocales.map((locale) =>
        el(
          'li',
          {},
          el(
            'a',
            {
              href: addressIn(locale, targets.get(locale)),
              hreflang: locale,
              lang: locale,
              'aria-current': locale === current ? 'true' : null,
            },
            languageName(locale),
          ),
        ),
      ),
    ),
  )
}

/**
 * A content's translations: `<link rel="alternate" hreflang>` in the head for search engines, and
 * the switcher pointing at each translation's own slug.
 */
function showTranslations(content) {
  for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove()
  const kind = content.type === 'page' ? 'page' : 'post'
  const targets = new Map([[content.locale, `#/${kind}/${slugPart(content.slug)}`]])
  for (const alternate of content.alternates ?? []) {
    targets.set(alternate.locale, `#/${kind}/${slugPart(alternate.slug)}`)
  }
  for (const [locale, hash] of targets) {
    document.head.append(el('link', { rel: 'alternate', hreflang: locale, href: addressIn(locale, hash) }))
  }
  document.documentElement.lang = content.locale ?? document.documentElement.lang
  renderLanguages(content.locale, targets)
}

/**
 * A content by slug: the published one, or in a preview the draft the token opens
 * (`readPreview`, with `X-Preview-Token`).
 */
async function readContent(slug, turn) {
  if (preview === null) {
    const { content } = await folio(`/api/public/contents/slug/${slugPart(slug)}`, { cache: turn.cache })
    return content
  }
  try {
    return await helpers.readPreview({
      baseUrl: config.api,
      tenantId: config.tenant,
      slug,
      token: preview,
      locale: chosenLocale,
    })
  } catch (error) {
    // fetch's TypeError: no answer the page may read.
    throw error instanceof TypeError ? new Error(await whyUnreachable()) : error
  }
}

/**
 * `#/post/<slug>` and `#/page/<slug>`: one published content (in a preview, its draft) with its
 * summary, featured image and html.
 */
async function showContent(slug, turn) {
  const content = await readContent(slug, turn)
  if (turn !== navigation) return
  // A slug of another language's translation: go to the one in the chosen language, when there is one.
  const wanted = (content.alternates ?? []).find((alternate) => alternate.locale === chosenLocale)
  if (chosenLocale !== null && content.locale !== chosenLocale && wanted !== undefined) {
    location.replace(`#/${content.type === 'page' ? 'page' : 'post'}/${slugPart(wanted.slug)}`)
    return
  }
  showTranslations(content)
  const body = el('div', { class: 'content-body' })
  // The only markup the page inserts: sanitized by Folio when the content was saved.
  body.innerHTML = content.html ?? ''
  // Kept when empty: a preview may fill it in.
  const summary = el('p', { class: 'summary', hidden: !content.summary }, content.summary ?? '')
  const terms = [...(content.categories ?? []), ...(content.tags ?? [])].map((term) => term.name)
  const heading = render(
    content.title,
    el(
      'article',
      { class: 'content' },
      content.type === 'post'
        ? el(
            'p',
            { class: 'meta' },
            // A draft that was never published has no date yet.
            content.publishedAt ? date(content.publishedAt) : 'Not published yet',
            content.authorName ? ` · ${content.authorName}` : '',
            terms.length > 0 ? ` · ${terms.join(', ')}` : '',
          )
        : null,
      summary,
      !content.featuredMedia
        ? null
        : el(
            'figure',
            { class: 'featured' },
            image(content.featuredMedia, 'large', { responsive: true }),
            content.featuredMedia.altText ? el('figcaption', {}, content.featuredMedia.altText) : null,
          ),
      body,
    ),
  )
  shown = { id: content.id, slug: content.slug, heading, summary, body }
  if (latestPreview !== null) applyPreview(latestPreview)
}

const INPUT_TYPES = {
  email: 'email',
  number: 'number',
  phone: 'tel',
  url: 'url',
  date: 'date',
  rating: 'number',
}

/** The text of a field's label, its id when it has none. */
const labelOf = (field) => field.label || field.id

/** The controls of one field, labelled, with its help text (a note for a file field, which it cannot fill). */
function fieldControl(field) {
  const id = `field-${field.id}`
  const help = field.helpText ? el('p', { id: `${id}-help`, class: 'help' }, field.helpText) : null
  const describedBy = help === null ? null : `${id}-help`
  const rules = field.validation ?? {}
  const required = field.required === true
  const labelText = `${labelOf(field)}${required ? ' (required)' : ''}`
  const options = field.options ?? []
  if (field.type === 'section') {
    return el('div', { class: 'section' }, el('h2', {}, labelOf(field)), help)
  }
  if (field.type === 'file') {
    // A file answer is an uploaded media id, and uploading needs an API token: a server's work.
    return el('p', { class: 'help' }, `${labelOf(field)}: file answers are sent by a server, not this page.`)
  }
  if (field.type === 'hidden') return el('input', { type: 'hidden', name: field.id, id })
  if (field.type === 'radio' || (field.type === 'checkbox' && options.length > 0)) {
    const inputType = field.type === 'radio' ? 'radio' : 'checkbox'
    return el(
      'fieldset',
      { class: 'field', id, 'aria-describedby': describedBy },
      el('legend', {}, labelText),
      options.map((option) =>
        el(
          'label',
          { class: 'choice' },
          el('input', {
            type: inputType,
            name: field.id,
            value: option.value,
            required: required && inputType === 'radio',
          }),
          ` ${option.label || option.value}`,
        ),
      ),
      help,
    )
  }
  if (field.type === 'checkbox') {
    return el(
      'div',
      { class: 'field' },
      el(
        'label',
        { class: 'choice' },
        el('input', { type: 'checkbox', name: field.id, id, required, 'aria-describedby': describedBy }),
        ` ${labelText}`,
      ),
      help,
    )
  }
  let control
  if (field.type === 'select' || field.type === 'multi-select') {
    const multiple = field.type === 'multi-select'
    control = el(
      'select',
      { name: field.id, id, required, multiple, 'aria-describedby': describedBy },
      multiple ? null : el('option', { value: '' }, required ? 'Choose one' : '—'),
      options.map((option) => el('option', { value: option.value }, option.label || option.value)),
    )
  } else {
    // Length and range rules are checked here too; a `validation.pattern` only by Folio (RE2, whose
    // syntax differs from the browser's regular expressions in places).
    control = el(field.type === 'textarea' ? 'textarea' : 'input', {
      type: field.type === 'textarea' ? null : (INPUT_TYPES[field.type] ?? 'text'),
      name: field.id,
      id,
      required,
      placeholder: field.placeholder || null,
      minlength: rules.minLength,
      maxlength: rules.maxLength,
      min: rules.min ?? (field.type === 'rating' ? 1 : null),
      max: rules.max ?? (field.type === 'rating' ? 5 : null),
      step: field.type === 'number' ? 'any' : null,
      autocomplete: field.type === 'email' ? 'email' : null,
      'aria-describedby': describedBy,
    })
  }
  return el('div', { class: 'field' }, el('label', { for: id }, labelText), control, help)
}

/** The answers of `form` as Folio takes them: by field id, empty answers left out. */
function answersOf(form, fields) {
  const data = {}
  for (const field of fields) {
    const control = form.elements.namedItem(field.id)
    if (control === null || field.type === 'section' || field.type === 'file') continue
    let value
    if (field.type === 'multi-select') {
      value = [...control.selectedOptions].map((option) => option.value)
    } else if (field.type === 'checkbox' && (field.options ?? []).length > 0) {
      const boxes = control instanceof RadioNodeList ? [...control] : [control]
      value = boxes.filter((box) => box.checked).map((box) => box.value)
    } else if (field.type === 'checkbox') {
      // An unticked box is no answer, so that a required one ("I agree") is refused unticked.
      value = control.checked ? true : undefined
    } else if (field.type === 'number' || field.type === 'rating') {
      value = control.value === '' ? undefined : Number(control.value)
    } else {
      value = control.value.trim() === '' ? undefined : control.value
    }
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) data[field.id] = value
  }
  return data
}

/** Marks the fields Folio named in a 400 (`details: [{ field, message }]`), each with its message. */
function markInvalid(form, fields, details) {
  for (const problem of details) {
    const field = fields.find((candidate) => candidate.id === problem.field)
    const container = form.querySelector(`#field-${CSS.escape(problem.field)}`)?.closest('.field')
    if (!container) continue
    const messageId = `field-${problem.field}-error`
    container.append(
      el(
        'p',
        { id: messageId, class: 'field-error' },
        `${field === undefined ? problem.field : labelOf(field)} ${problem.message}`,
      ),
    )
    for (const control of container.querySelectorAll('input, select, textarea')) {
      control.setAttribute('aria-invalid', 'true')
      const described = control.getAttribute('aria-describedby')
      control.setAttribute('aria-describedby', described ? `${described} ${messageId}` : messageId)
    }
  }
}

function clearInvalid(form) {
  for (const message of form.querySelectorAll('.field-error')) message.remove()
  for (const control of form.querySelectorAll('[aria-invalid]')) {
    control.removeAttribute('aria-invalid')
    const kept = (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id !== '' && !id.endsWith('-error'))
    if (kept.length > 0) control.setAttribute('aria-describedby', kept.join(' '))
    else control.removeAttribute('aria-describedby')
  }
}

/**
 * `#/form/<slug>` and `#/contact`: a published public form, submitted from this page when Folio says
 * so (`submission.mode: "browser"`: the form opts in with `settings.browserSubmission` and this
 * origin is allowed). The form token of the read goes back with the answers (it proves when the form
 * was shown), and the honeypot input stays empty for people and is filled by bots.
 */
async function showForm(slug, turn) {
  const { form, submission } = await folio(`/api/public/forms/${slugPart(slug)}`)
  if (turn !== navigation) return
  const intro = form.description ? el('p', {}, form.description) : null
  if (submission.mode !== 'browser') {
    render(
      form.title,
      intro,
      el(
        'p',
        { class: 'error' },
        'This form is submitted by a server with an API token (its mode is "token"), so this page cannot send it. ' +
          'To take it from the browser, set settings.browserSubmission to true on the form and publish it.',
      ),
    )
    return
  }
  const status = el('p', { role: 'status', class: 'form-status' })
  const problem = el('div', { role: 'alert', class: 'error', tabindex: -1 })
  const button = el('button', { type: 'submit' }, form.settings.submitButtonText || 'Send')
  const formElement = el(
    'form',
    { class: 'folio-form' },
    form.fields.map(fieldControl),
    submission.honeypot
      ? el(
          'div',
          { class: 'honeypot', 'aria-hidden': 'true' },
          el(
            'label',
            {},
            'Leave this empty ',
            el('input', { name: '_website', tabindex: -1, autocomplete: 'off' }),
          ),
        )
      : null,
    submission.captcha
      ? el(
          'p',
          { class: 'help' },
          'This form asks for a captcha: add your provider’s widget and send its answer as captchaToken.',
        )
      : null,
    problem,
    button,
    status,
  )
  formElement.addEventListener('submit', async (event) => {
    event.preventDefault()
    clearInvalid(formElement)
    problem.replaceChildren()
    button.disabled = true
    status.textContent = 'Sending…'
    try {
      const result = await folio(`/api/public/forms/${encodeURIComponent(form.id)}/submit`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          data: answersOf(formElement, form.fields),
          formToken: submission.token,
          honeypot: formElement.elements.namedItem('_website')?.value ?? '',
          source: 'web',
        }),
      })
      const done = el('p', { role: 'status', class: 'success', tabindex: -1 }, result.message)
      formElement.replaceWith(done)
      done.focus()
    } catch (error) {
      status.textContent = ''
      problem.textContent = error.message
      if (error instanceof FolioError) markInvalid(formElement, form.fields, error.details)
      problem.focus()
    } finally {
      button.disabled = false
    }
  })
  render(form.title, intro, formElement)
}

/** The kind of view the address shows (`post`, `posts`, `category` …) and, for a content, its slug. */
let showing = { kind: '', slug: undefined }

/** The view of a route (the hash's parts after `#/`), undefined for an address that is none. */
function viewOf([kind, ...args], turn) {
  const [first, second, third] = args
  switch (`${kind}/${args.length}`) {
    case '/0':
      return () => showPosts(1, turn)
    case 'posts/1':
      return PAGE_NUMBER.test(first) ? () => showPosts(Number(first), turn) : undefined
    case 'post/1':
    case 'page/1':
      return first ? () => showContent(first, turn) : undefined
    case 'category/2':
    case 'category/3':
      return ID.test(first) && second && (third === undefined || PAGE_NUMBER.test(third))
        ? () => showPosts(Number(third ?? 1), turn, { id: first, slug: second })
        : undefined
    case 'form/1':
      return first ? () => showForm(first, turn) : undefined
    case 'contact/0':
      return () => showForm(config.contactForm, turn)
    default:
      return undefined
  }
}

/** The parts of a hash after `#/`, decoded; null when one has a malformed escape (`%zz`). */
function routeParts(hash) {
  try {
    return hash.slice(2).split('/').map(decodeURIComponent)
  } catch {
    return null
  }
}

/**
 * The shown address → its view. Hashes that are not routes (`#main`, the skip link) change nothing.
 * `refresh`: the same address again after a change notice, read past the browser's cache, without
 * moving the focus.
 */
async function route(refresh = false) {
  const hash = location.hash === '' ? '#/' : location.hash
  if (!hash.startsWith('#/')) return
  const turn = { cache: refresh ? 'no-cache' : 'default', quiet: refresh }
  navigation = turn
  const parts = routeParts(hash)
  showing = { kind: parts?.[0] ?? '', slug: parts?.[1] }
  if (!refresh) shown = null
  main.setAttribute('aria-busy', 'true')
  try {
    const view = parts === null ? undefined : viewOf(parts, turn)
    if (view === undefined) throw new FolioError(404, { message: 'There is no page at this address.' })
    await view()
  } catch (error) {
    if (turn === navigation) renderError(error)
  }
}

/** Nested lists of links, for the page tree and the menu. */
function linkTree(nodes, linkOf) {
  return el(
    'ul',
    {},
    nodes.map((node) => {
      const link = linkOf(node)
      return el('li', {}, link, node.children.length > 0 ? linkTree(node.children, linkOf) : null)
    }),
  )
}

/** The page tree (`GET /api/public/contents/tree?type=page`) as the "Pages" navigation. */
async function loadPageTree(cache = 'default') {
  const { tree } = await folio('/api/public/contents/tree?type=page', { cache })
  pageSlugs.clear()
  const collect = (nodes) => {
    for (const node of nodes) {
      pageSlugs.add(node.slug)
      collect(node.children)
    }
  }
  collect(tree)
  if (tree.length === 0) {
    pagesNav.replaceChildren()
    return
  }
  pagesNav.replaceChildren(
    el('h2', {}, 'Pages'),
    linkTree(tree, (node) => el('a', { href: `#/page/${slugPart(node.slug)}` }, node.title)),
  )
}

/** Where a menu item leads on this site; null for an item without a usable address. */
function menuHref(item) {
  const reference = item.reference
  if (item.type === 'content' && reference?.slug) {
    return `#/${pageSlugs.has(reference.slug) ? 'page' : 'post'}/${slugPart(reference.slug)}`
  }
  if (item.type === 'category' && reference?.slug)
    return `#/category/${reference.id}/${slugPart(reference.slug)}`
  if (item.type === 'form' && reference?.slug) return `#/form/${slugPart(reference.slug)}`
  // custom: a path of the site (/, #, ?); external: http(s), mailto: or tel:. Folio checks both when
  // an item is saved; checked again here, as for any address a page puts in a link.
  const url = item.url ?? ''
  if (/^[/#?]/.test(url) && !url.startsWith('//')) return url
  if (/^(https?:|mailto:|tel:)/i.test(url)) return url
  return null
}

/** The menu of config.js (`/api/public/menus/location/…` or `/slug/…`) in the header. */
async function loadMenu(cache = 'default') {
  const path =
    config.menu?.slug === undefined
      ? `/api/public/menus/location/${slugPart(config.menu?.location ?? 'header')}`
      : `/api/public/menus/slug/${slugPart(config.menu.slug)}`
  const { menu } = await folio(path, { cache })
  menuNav.replaceChildren(
    linkTree(menu.tree, (item) => {
      const href = menuHref(item)
      if (href === null) return el('span', {}, item.title)
      const external = item.target === '_blank'
      return el(
        'a',
        { href, target: external ? '_blank' : null, rel: external ? 'noopener noreferrer' : null },
        item.title,
      )
    }),
  )
}

/**
 * A navigation that failed. A 404 means there is none (no active menu at the location); without a
 * readable answer the main view already says why; any other answer is shown in its place.
 */
function navigationFailed(nav, what) {
  return (error) => {
    if (!(error instanceof FolioError) || error.status === 404) return
    nav.replaceChildren(el('p', { class: 'error' }, `${what} unavailable: ${error.message}`))
  }
}

/** Folio's browser helpers (`@folio/client/browser`), once loaded; null when they could not be. */
let helpers = null
/** The preview token of the page's address (`?preview=`), null on the public site. */
let preview = null
/** The last unsaved content Studio sent, applied again when the article is drawn anew. */
let latestPreview = null

/**
 * Imports the helpers from Folio, which serves the build of the version it runs, so the site needs
 * neither a build nor a copy of them. Null when Folio is unreachable or older than the helpers:
 * the site then works without live updates.
 */
function loadHelpers() {
  return import(new URL('/client/browser.js', config.api).href).catch(() => null)
}

/**
 * Studio's unsaved content on the article it is about (same id): title, summary and html. Folio
 * sanitizes html when it is saved, not while an editor types, so what could run is stripped first.
 */
function applyPreview(content) {
  if (shown === null || (content.id !== undefined && content.id !== shown.id)) return
  if (typeof content.title === 'string') {
    shown.heading.textContent = content.title
    document.title = `${content.title} · Example site`
  }
  if (typeof content.summary === 'string') {
    shown.summary.textContent = content.summary
    shown.summary.hidden = content.summary === ''
  }
  if (typeof content.html === 'string') shown.body.replaceChildren(inertHtml(content.html))
}

/** Elements and attributes that run code or change what the page loads, removed from unsaved html. */
const ACTIVE_ELEMENTS = 'script, style, object, embed, base, meta, link, form, frame, frameset'
const URL_ATTRIBUTES = /^(href|src|action|formaction|xlink:href|poster|data)$/i

/** `html` parsed without running anything (a template's content is inert), minus active content. */
function inertHtml(html) {
  const template = document.createElement('template')
  template.innerHTML = html
  for (const element of template.content.querySelectorAll(ACTIVE_ELEMENTS)) element.remove()
  for (const element of template.content.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      // An image may be a data: URL (a pasted picture); a link or frame may not.
      const dataImage = element.tagName === 'IMG' && /^\s*data:image\//i.test(value)
      const active =
        /^on/i.test(name) ||
        name.toLowerCase() === 'srcdoc' ||
        (URL_ATTRIBUTES.test(name) && /^\s*(javascript|vbscript|data):/i.test(value) && !dataImage)
      if (active) element.removeAttribute(name)
    }
  }
  return template.content
}

/**
 * A preview (`?preview=<token>`): a banner saying so, `noindex` for search engines (Folio's answer
 * carries `X-Robots-Tag: noindex`, but this page is the one a crawler would index), the draft read
 * with the token, and Studio's unsaved changes applied as the editor types. Studio is the Folio of
 * config.api, so only messages from that origin are taken.
 */
function startPreview() {
  document.head.append(el('meta', { name: 'robots', content: 'noindex' }))
  const published = new URL(location.href)
  published.searchParams.delete('preview')
  document.body.prepend(
    el(
      'p',
      { class: 'preview-banner', role: 'status' },
      el('strong', {}, 'Preview'),
      ': a draft, as visitors will see it once it is published. ',
      el('a', { href: published.href }, 'See the published page'),
    ),
  )
}

/** What a change notice made stale, gathered for a moment so that a burst of notices refreshes once. */
const stale = { view: false, pages: false, menu: false }
let refreshTimer = null
const REFRESH_DELAY_MS = 50

function markStale(parts) {
  for (const [part, isStale] of Object.entries(parts)) if (isStale) stale[part] = true
  if (refreshTimer === null && (stale.view || stale.pages || stale.menu)) {
    refreshTimer = setTimeout(refreshStale, REFRESH_DELAY_MS)
  }
}

/**
 * Reads again, past the browser's cache, what the change notices made stale: the view in place
 * (the focus stays), the page tree, and the menu (it links contents by the tree).
 */
async function refreshStale() {
  refreshTimer = null
  const { view, pages, menu } = stale
  stale.view = stale.pages = stale.menu = false
  const tree = pages ? loadPageTree('no-cache').catch(navigationFailed(pagesNav, 'Pages')) : null
  const menuRead = () =>
    loadMenu('no-cache').catch((error) => {
      // No active menu at the location any more.
      if (error?.status === 404) menuNav.replaceChildren()
      else navigationFailed(menuNav, 'Menu')(error)
    })
  await Promise.all([view ? route(true) : null, pages || menu ? Promise.resolve(tree).then(menuRead) : null])
  markCurrentLinks()
}

const LIST_VIEWS = new Set(['', 'posts', 'category'])

/** Whether a changed content is the one the page shows, or the one its address asks for. */
function isShown(record) {
  if (shown !== null && record.id === shown.id) return true
  return (showing.kind === 'post' || showing.kind === 'page') && record.slug === showing.slug
}

/**
 * A public change (`subscribeChanges`): what it makes stale on this page. Forms are left alone (a
 * form being filled in is never redrawn under its visitor), and so are collection entries, which
 * this site does not show.
 */
function onChange(change) {
  const record = change.record
  if (record === null) {
    markStale({ view: true, pages: true, menu: true })
    return
  }
  if (record.type === 'content') {
    markStale({
      view: LIST_VIEWS.has(showing.kind) || isShown(record),
      // A newly published content may be a page; otherwise only the pages in the tree matter.
      pages: change.type === 'content.published' || pageSlugs.has(record.slug),
    })
  } else if (record.type === 'menu') {
    markStale({ menu: true })
  } else if (record.type === 'category' || record.type === 'tag') {
    // Lists and articles name their categories and tags.
    markStale({ view: LIST_VIEWS.has(showing.kind) || shown !== null })
  }
}

async function start() {
  if (!ID.test(config.tenant ?? '')) {
    render(
      'Set up the example',
      el(
        'p',
        { role: 'alert', class: 'error' },
        'config.js names no tenant yet: set its tenant to your tenant id (24 hex characters) and api to your Folio server.',
      ),
    )
    return
  }
  window.addEventListener('hashchange', () => {
    // Leaving a content: the switcher goes back to this address in each language.
    for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove()
    renderLanguages(chosenLocale ?? document.documentElement.lang, new Map())
  })
  window.addEventListener('hashchange', () => route())
  const [loaded] = await Promise.all([
    loadHelpers(),
    loadLanguages().catch(navigationFailed(languageNav, 'Languages')),
  ])
  helpers = loaded
  preview = helpers?.previewToken() ?? null
  if (helpers === null && new URLSearchParams(location.search).has('preview')) {
    render(
      'This preview could not be loaded',
      el(
        'p',
        { role: 'alert', class: 'error' },
        `Previews need Folio's browser helpers, which did not load from ${config.api}/client/browser.js.`,
      ),
    )
    return
  }
  if (preview !== null) startPreview()
  // The page tree first: the menu links its contents as pages or posts by it.
  const pages = loadPageTree().catch(navigationFailed(pagesNav, 'Pages'))
  await Promise.all([route(), pages.then(() => loadMenu().catch(navigationFailed(menuNav, 'Menu')))])
  markCurrentLinks()
  if (helpers === null) return
  if (preview !== null) {
    // Started once the article is drawn: Studio sends the form as soon as the page says it listens.
    helpers.onPreview(
      (content) => {
        latestPreview = content
        applyPreview(content)
      },
      { studioOrigin: new URL(config.api).origin },
    )
  } else {
    helpers.subscribeChanges({
      baseUrl: config.api,
      tenantId: config.tenant,
      onChange,
      onReset: () => markStale({ view: true, pages: true, menu: true }),
    })
  }
}

start()
