// Deterministic text for the bench seed: titles, summaries and ~3 KB HTML bodies built from a fixed
// vocabulary with a seeded PRNG, so every run measures the same data. The search word appears only in
// titles (never in summaries or bodies), so a title-substring search has a known, bounded hit count.

/** The word the search scenario looks for; `titleFor` puts it into about `SEARCH_RATE` of titles. */
export const SEARCH_WORD = 'lighthouse'
export const SEARCH_RATE = 0.03

const TITLE_WORDS =
  `quiet river garden morning winter summer harbor market village city mountain valley forest
  island bridge station library kitchen orchard meadow canyon desert coast journey letter story season
  evening autumn spring north south east west stone silver golden hidden ancient modern simple practical
  complete short long small great little early late open secret lost found new old last first second`.split(
    /\s+/,
  )

const BODY_WORDS = `the a of and to in is was for on that with as by at from this it be are were which
  have has had not but or an they their there we our can will would should could about into over after
  before between through during without under again further then once here when where why how all any
  both each few more most other some such only own same so than too very just now data system process
  people project design team build release editor content article reader writer publish draft review
  schedule archive category network server client request response update change improve measure plan
  result report detail example question answer problem solution method approach value feature support
  history culture travel weather river harbor market village garden kitchen recipe season local region`.split(
  /\s+/,
)

const AUTHORS = ['Ada Byron', 'Grace Hopper', 'Alan Kay', 'Barbara Liskov', 'Ken Thompson', 'Radia Perlman']

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function createRandom(seed) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min, max) => min + Math.floor(next() * (max - min + 1))
  const pick = (list) => list[Math.floor(next() * list.length)]
  const hex = (length) => {
    let out = ''
    while (out.length < length)
      out += Math.floor(next() * 0x100000000)
        .toString(16)
        .padStart(8, '0')
    return out.slice(0, length)
  }
  return { next, int, pick, hex }
}

const capitalize = (word) => word[0].toUpperCase() + word.slice(1)

/** A 3–7 word title; with probability SEARCH_RATE one word is the search word. */
export function titleFor(random) {
  const words = Array.from({ length: random.int(3, 7) }, () => capitalize(random.pick(TITLE_WORDS)))
  if (random.next() < SEARCH_RATE) words[random.int(0, words.length - 1)] = capitalize(SEARCH_WORD)
  return words.join(' ')
}

/** Lowercase, hyphenated, ASCII: the same shape Folio's `toSlug` produces for these titles. */
export function slugFor(title, index) {
  return `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${index}`
}

function sentence(random) {
  const words = Array.from({ length: random.int(8, 20) }, () => random.pick(BODY_WORDS))
  words[0] = capitalize(words[0])
  return `${words.join(' ')}.`
}

/** One or two sentences, about 150 characters. */
export function summaryFor(random) {
  return random.next() < 0.5 ? sentence(random) : `${sentence(random)} ${sentence(random)}`
}

/** Realistic article HTML of about `targetBytes` characters: headings, paragraphs, links, emphasis. */
export function htmlFor(random, targetBytes = 3000) {
  const parts = []
  let size = 0
  while (size < targetBytes) {
    let block
    if (parts.length > 0 && random.next() < 0.15) {
      block = `<h2>${capitalize(random.pick(TITLE_WORDS))} ${random.pick(BODY_WORDS)} ${random.pick(TITLE_WORDS)}</h2>`
    } else {
      const sentences = Array.from({ length: random.int(3, 6) }, () => sentence(random))
      if (random.next() < 0.4) {
        const i = random.int(0, sentences.length - 1)
        sentences[i] =
          `<a href="https://example.com/${random.pick(TITLE_WORDS)}/${random.hex(6)}">${sentences[i]}</a>`
      }
      if (random.next() < 0.4) sentences[0] = `<strong>${sentences[0]}</strong>`
      block = `<p>${sentences.join(' ')}</p>`
    }
    parts.push(block)
    size += block.length + 1
  }
  return parts.join('\n')
}

export function authorFor(random) {
  return random.pick(AUTHORS)
}

export { TITLE_WORDS }
