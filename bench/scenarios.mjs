// The six read routes the bench measures, the paths each rotates over, what a correct answer looks
// like, and the preflight that proves Folio and the reference server return the same rows before any
// timing starts (so the reference's hand-written SQL really is Folio's query).

/** Builds the scenarios from the seed result. Targets: see run.mjs / report.mjs. */
export function buildScenarios(seeded) {
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
      check: (body, path) => {
        const slug = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1))
        if (body?.content?.slug !== slug)
          return `expected content.slug "${slug}", got ${JSON.stringify(body?.content?.slug)}`
        if (typeof body.content.html !== 'string' || body.content.html.length < 1000)
          return 'expected the full html'
      },
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
  return { status: res.status, body, bytes: Buffer.byteLength(text) }
}

/** The row identity of an answer: ids in order and the total, for comparing two servers. */
function fingerprint(body) {
  if (Array.isArray(body?.contents))
    return JSON.stringify([body.contents.map((c) => c.id), body.pagination?.total])
  return JSON.stringify(body?.content?.id)
}

/**
 * Calls up to `samples` paths of every scenario on both servers: each must answer 200, pass its
 * check, and both must return the same rows. Throws one error listing every problem.
 * `referenceHeaders`: what the second server needs (a second Folio takes the same token).
 * @returns per scenario key: { folioBytes, referenceBytes } of the first sampled path.
 */
export async function preflight(scenarios, folio, reference, headers, samples = 20, referenceHeaders = {}) {
  const problems = []
  const sizes = {}
  for (const scenario of scenarios) {
    const step = Math.max(1, Math.floor(scenario.paths.length / samples))
    for (let i = 0; i < scenario.paths.length && i / step < samples; i += step) {
      const path = scenario.paths[i]
      const [ours, ref] = await Promise.all([
        getJson(folio.url + path, headers),
        getJson(reference.url + path, referenceHeaders),
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
      if (ours.status === 200 && ref.status === 200 && fingerprint(ours.body) !== fingerprint(ref.body)) {
        problems.push(`${scenario.key} ${path}: Folio and reference return different rows`)
      }
    }
  }
  if (problems.length > 0) throw new Error(`Preflight failed:\n  ${problems.slice(0, 30).join('\n  ')}`)
  return sizes
}
