/**
 * `npm run screenshot:studio`: writes docs/studio.png, the README's picture of Studio's content
 * editor. Starts the built Folio (dist/) on a throw-away DATA_DIR and a free port, seeds an account,
 * a tenant, taxonomy, an image and an article through the API, then opens the article in Debian's
 * Chromium at 1280×800 (playwright-core; CHROMIUM_PATH for another browser).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import sharp from 'sharp'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUTPUT = join(ROOT, 'docs', 'studio.png')
const EMAIL = 'ada@example.com'
const PASSWORD = 'analytical engine'

const dataDir = mkdtempSync(join(tmpdir(), 'folio-screenshot-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [join(ROOT, 'dist', 'server.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: 'inherit',
})
try {
  await ready(server)
  const { tenantId, contentId } = await seed()
  await shoot(tenantId, contentId)
  console.log(`wrote ${OUTPUT}`)
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

async function ready(child: ChildProcess) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`Folio exited (${child.exitCode}); run npm run build first`)
    if (
      await fetch(`${base}/ready`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('Folio did not become ready')
}

/** A JSON call to the API; throws with the answer on anything but 2xx. */
async function api(method: string, path: string, token?: string, body?: unknown) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await answer.text()
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`)
  return JSON.parse(text)
}

/** The account, its tenant, a category tree, tags, a picture and a draft article using them. */
async function seed() {
  await api('POST', '/api/auth/register', undefined, {
    email: EMAIL,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
  })
  const { token } = await api('POST', '/api/auth/login', undefined, { email: EMAIL, password: PASSWORD })
  // The new tenant becomes the session's active one: the token then acts on it.
  const tenantId: string = (await api('POST', '/api/tenants', token, { name: 'Ada’s Notes', slug: 'ada' }))
    .tenant.id

  const science = (await api('POST', '/api/categories', token, { name: 'Science' })).category
  const machines = (await api('POST', '/api/categories', token, { name: 'Machines', parentId: science.id }))
    .category
  await api('POST', '/api/categories', token, { name: 'Letters' })
  const tags = await Promise.all(
    ['engines', 'mathematics'].map(
      async (title) => (await api('POST', '/api/tags', token, { title })).tag.id,
    ),
  )

  const picture = await landscape()
  const grant = await api('POST', '/api/media/presign', token, {
    fileName: 'loom.jpg',
    contentType: 'image/jpeg',
    size: picture.length,
  })
  const put = await fetch(grant.uploadUrl, {
    method: 'PUT',
    // The grant's headers name the content type the upload was granted for.
    headers: grant.headers,
    body: new Uint8Array(picture),
  })
  if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`)
  const { media } = await api('POST', '/api/media', token, {
    key: grant.key,
    altText: 'Hills under an evening sky',
  })

  const { content } = await api('POST', '/api/contents', token, {
    title: 'The Analytical Engine',
    summary: 'Notes on Menabrea’s memoir, and what the engine might do besides arithmetic.',
    status: 'draft',
    categories: [machines.id],
    tags,
    featuredMediaId: media.id,
    html: [
      '<h2>What the engine does</h2>',
      '<p>The engine <strong>weaves algebraic patterns</strong> just as the Jacquard loom weaves flowers and leaves.</p>',
      '<ul><li>The store holds the numbers</li><li>The mill operates on them</li></ul>',
      '<blockquote><p>It might act upon other things besides number.</p></blockquote>',
      '<h2>Note G</h2>',
      '<p>A method for computing the Bernoulli numbers, step by step, with the variables the engine keeps.</p>',
    ].join(''),
  })
  return { tenantId, contentId: content.id as string }
}

/** A generated picture (no photograph to license): hills under an evening sky. */
function landscape(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <circle cx="840" cy="470" r="90" fill="#fde68a"/>
    <path d="M0 560 Q300 430 600 540 T1200 500 V800 H0Z" fill="#065f46"/>
    <path d="M0 650 Q400 560 800 660 T1200 640 V800 H0Z" fill="#064e3b"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/** Signs in through Studio and photographs the editor once its pictures have loaded. */
async function shoot(tenantId: string, contentId: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      reducedMotion: 'reduce',
    })
    const page = await context.newPage()
    await page.goto(`${base}/admin/t/${tenantId}/contents/${contentId}`)
    await page.getByLabel('E-mail').fill(EMAIL)
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('textbox', { name: 'Body' }).waitFor()
    await page.getByText('What the engine does').waitFor()
    await page.waitForLoadState('networkidle')
    type Images = { document: { images: ArrayLike<{ complete: boolean }> } }
    await page.waitForFunction(() =>
      Array.from((globalThis as unknown as Images).document.images).every((image) => image.complete),
    )
    await page.screenshot({ path: OUTPUT })
  } finally {
    await browser.close()
  }
}
