// The read routes the bench measures (six token-authenticated, three public), the paths each
// rotates over, how it authenticates, what a correct answer looks like, and the preflight that
// proves Folio and the reference server answer the same bytes before any timing starts (so the
// reference's hand-written SQL really is Folio's query).

/**
 * Builds the scenarios from the seed result. `auth`: `token` (the read-scoped API token) or
 * `public` (`X-Tenant-ID`, no token; `headersOf`). Targets: see run.mjs / report.mjs (`minRatio`
 * overrides the default ratio to the reference).
 */
export function buildScenarios(seeded) {
  const token = (scenario) => ({ ...scenario, auth: 'token' })
  const open = (scenario) => ({ ...scenario, auth: 'public', minRatio: 0.9 })
  return [...tokenScenarios(seeded).map(token), ...publicScenarios(seeded).map(open)]
}

/**
 * The headers Folio needs for `scenario`: the bench token, or the tenant of a public route (which
 * must carry no token: the public routes read the tenant from `X-Tenant-ID` alone). The reference
 * server serves its one tenant and needs none.
 */
export function headersOf(scenario, seeded) {
  return scenario.auth === 'public'
    ? { 'x-tenant-id': seeded.tenantId }
    : { authorization: `Bearer ${seeded.token}` }
}

/** The public delivery routes, measured with the delivery cache off. */
function publicScenarios(seeded) {
  const list = '/api/public/contents?limit=20'
  return [
    {
      key: 'public-list',
      label: 'public list 20, view=full (default)',
      paths: [list],
      check: listCheck(20, 'full'),
    },
    {
      key: 'public-list-summary',
      label: 'public list 20, view=summary',
      paths: [`${list}&view=summary`],
      check: listCheck(20, 'summary'),
    },
    {
      key: 'public-slug',
      label: 'public get by slug (rotating)',
      paths: seeded.publishedSlugs.map((slug) => `/api/public/contents/slug/${encodeURIComponent(slug)}`),
      check: slugCheck,
    },
  ]
}

/** A content by slug: the slug the path names, with its full html. */
function slugCheck(body, path) {
  const slug = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1))
  if (body?.content?.slug !== slug)
    return `expected content.slug "${slug}", got ${JSON.stringify(body?.content?.slug)}`
  if (typeof body.content.html !== 'string' || body.content.html.length < 1000)
    return 'expected the full html'
}

/** The token-authenticated content reads (the read-scoped API token of the seed). */
function tokenScenarios(seeded) {
  const list = '/api/contents?status=published&limit=20'
  return [
    {
      key: 'list-summary',
      label: 'list 20 published, view=summary',
      paths: [`${list}&view=summary`],
      check: listCheck(20, 'summary'),
      minRps: 2000,
    },
    {
      key: 'list-full',
      label: 'list 20 published, view=full',
      paths: [`${list}&view=full`],
      check: listCheck(20, 'full'),
      minRps: 2000,
    },
    {
      key: 'by-slug',
      label: 'get by slug (rotating)',
      paths: seeded.publishedSlugs.map((slug) => `/api/contents/slug/${encodeURIComponent(slug)}`),
      check: slugCheck,
      minRps: 6500,
    },
    {
      key: 'by-tag',
      label: 'list by tag (rotating)',
      paths: seeded.tagIds.slice(0, 20).map((tagId) => `${list}&tag=${tagId}`),
      check: (body, path) => {
        const problem = listCheck(20, 'full')(body)
        if (problem) return problem
        const tagId = new URL(path, 'http://x').searchParams.get('tag')
        const wrong = body.contents.find(
          (c) => Array.isArray(c.tags) && !c.tags.some((t) => (t?.id ?? t) === tagId),
        )
        if (wrong) return `content ${wrong.id} does not carry tag ${tagId}`
      },
    },
    {
      // How sites filter: by the tag's name, which Folio resolves to ids (cached) and then reads as by id.
      key: 'by-tag-name',
      label: 'list by tagName (rotating)',
      paths: seeded.tagTitles.slice(0, 20).map((title) => `${list}&tagName=${encodeURIComponent(title)}`),
      check: (body, path) => {
        const problem = listCheck(20, 'full')(body)
        if (problem) return problem
        const name = new URL(path, 'http://x').searchParams.get('tagName').toLowerCase()
        const named = new Set(
          seeded.tags.filter((t) => t.title.toLowerCase().includes(name) || t.slug === name).map((t) => t.id),
        )
        const wrong = body.contents.find((c) => !c.tags.some((t) => named.has(t)))
        if (wrong) return `content ${wrong.id} carries no tag named "${name}"`
      },
    },
    {
      key: 'search',
      label: `search "${seeded.searchWord}"`,
      paths: [`${list}&search=${encodeURIComponent(seeded.searchWord)}`],
      check: (body) => {
        const problem = listCheck(20, 'full')(body)
        if (problem) return problem
        const word = seeded.searchWord
        const wrong = body.contents.find((c) => !`${c.title} ${c.summary}`.toLowerCase().includes(word))
        if (wrong) return `content ${wrong.id} ("${wrong.title}") does not match "${word}"`
        const total = body.pagination?.total
        if (total !== seeded.summary.searchHitsPublished) {
          return `pagination.total ${total}, seed has ${seeded.summary.searchHitsPublished} published title hits`
        }
      },
    },
  ]
}

/** A list page of exactly `count` published items, publishedAt descending, in `view` (default full). */
function listCheck(count, view) {
  return (body) => {
    if (!Array.isArray(body?.contents)) return 'expected a "contents" array'
    if (body.contents.length !== count) return `expected ${count} items, got ${body.contents.length}`
    if (typeof body.pagination?.total !== 'number') return 'expected pagination.total'
    for (let i = 0; i < body.contents.length; i++) {
      const item = body.contents[i]
      if (item.status !== undefined && item.status !== 'published')
        return `item ${item.id} has status ${item.status}`
      const prev = body.contents[i - 1]
      if (prev && Date.parse(prev.publishedAt) < Date.parse(item.publishedAt))
        return 'items are not publishedAt desc'
    }
    const hasHtml = typeof body.contents[0].html === 'string' && body.contents[0].html.length > 0
    if (view === 'full' && !hasHtml) return 'view=full must include html'
    if (view === 'summary' && 'html' in body.contents[0]) return 'view=summary must omit html'
  }
}

async function getJson(url, headers) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  let body
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: res.status, body, text, bytes: Buffer.byteLength(text) }
}

/** Where two answers' texts first differ, with a little of each around it; undefined when equal. */
function difference(ours, theirs) {
  if (ours === theirs) return undefined
  let at = 0
  while (ours[at] === theirs[at]) at++
  const around = (text) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 60))
  return `at character ${at}: Folio ${around(ours)}, other ${around(theirs)}`
}

/**
 * Calls up to `samples` paths of every scenario on both servers: each must answer 200, pass its
 * check, and both must answer the same text (same rows, same members in the same order, so the
 * same SQL rendered them). Throws one error listing every problem.
 * `folioHeaders(scenario)` / `referenceHeaders(scenario)`: what each server needs (`headersOf`;
 * the reference none, a second Folio the same).
 * @returns per scenario key: { folioBytes, referenceBytes } of the first sampled path.
 */
export async function preflight(
  scenarios,
  folio,
  reference,
  folioHeaders,
  samples = 20,
  referenceHeaders = () => ({}),
) {
  const problems = []
  const sizes = {}
  for (const scenario of scenarios) {
    const step = Math.max(1, Math.floor(scenario.paths.length / samples))
    for (let i = 0; i < scenario.paths.length && i / step < samples; i += step) {
      const path = scenario.paths[i]
      const [ours, ref] = await Promise.all([
        getJson(folio.url + path, folioHeaders(scenario)),
        getJson(reference.url + path, referenceHeaders(scenario)),
      ])
      sizes[scenario.key] ??= { folioBytes: ours.bytes, referenceBytes: ref.bytes }
      for (const [who, answer] of [
        ['Folio', ours],
        ['reference', ref],
      ]) {
        if (answer.status !== 200) {
          problems.push(
            `${scenario.key} ${who} ${path}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
          )
          continue
        }
        const problem = scenario.check(answer.body, path)
        if (problem) problems.push(`${scenario.key} ${who} ${path}: ${problem}`)
      }
      const differs = ours.status === 200 && ref.status === 200 && difference(ours.text, ref.text)
      if (differs) problems.push(`${scenario.key} ${path}: the answers differ ${differs}`)
    }
  }
  if (problems.length > 0) throw new Error(`Preflight failed:\n  ${problems.slice(0, 30).join('\n  ')}`)
  return sizes
}
