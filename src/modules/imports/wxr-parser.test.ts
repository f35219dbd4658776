import { describe, expect, it } from 'vitest'
import { parseWordPressDate, parseWxr, WxrParseError } from './wxr-parser.js'

const NAMESPACES =
  'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"'

function wxr(channel: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ${NAMESPACES}><channel>${channel}</channel></rss>`
}

const SAMPLE = wxr(`
  <title>My &amp; Site</title>
  <image><title>not the site title</title></image>
  <wp:author><wp:author_login><![CDATA[ann]]></wp:author_login><wp:author_display_name><![CDATA[Ann Author]]></wp:author_display_name></wp:author>
  <wp:category><wp:term_id>3</wp:term_id><wp:category_nicename>parent</wp:category_nicename><wp:category_parent/><wp:cat_name><![CDATA[Parent]]></wp:cat_name></wp:category>
  <wp:category><wp:term_id>4</wp:term_id><wp:category_nicename>child</wp:category_nicename><wp:category_parent>parent</wp:category_parent><wp:cat_name><![CDATA[Child & Co]]></wp:cat_name><wp:category_description><![CDATA[About <b>kids</b>]]></wp:category_description></wp:category>
  <wp:tag><wp:term_id>9</wp:term_id><wp:tag_slug>news</wp:tag_slug><wp:tag_name><![CDATA[News]]></wp:tag_name></wp:tag>
  <item>
    <title>Hello &lt;World&gt;</title>
    <dc:creator><![CDATA[ann]]></dc:creator>
    <content:encoded><![CDATA[<p>Body with ]]]]><![CDATA[> and &nbsp; kept</p>]]></content:encoded>
    <excerpt:encoded><![CDATA[Short]]></excerpt:encoded>
    <wp:post_id>10</wp:post_id>
    <wp:post_date>2020-01-02 03:04:05</wp:post_date>
    <wp:post_date_gmt>2020-01-02 01:04:05</wp:post_date_gmt>
    <wp:post_name>hello-world</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
    <wp:post_password/>
    <category domain="category" nicename="child"><![CDATA[Child & Co]]></category>
    <category domain="post_tag" nicename="news"><![CDATA[News]]></category>
    <category domain="post_tag" nicename="undeclared"><![CDATA[Undeclared Tag]]></category>
    <category domain="post_format" nicename="post-format-aside"><![CDATA[Aside]]></category>
    <wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value><![CDATA[11]]></wp:meta_value></wp:postmeta>
  </item>
  <item>
    <title>photo</title>
    <dc:creator>ghost</dc:creator>
    <wp:post_id>11</wp:post_id>
    <wp:post_date>2019-05-06 07:08:09</wp:post_date>
    <wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt>
    <wp:status>inherit</wp:status>
    <wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>https://cdn.example.com/photo.jpg</wp:attachment_url>
    <wp:postmeta><wp:meta_key>_wp_attachment_image_alt</wp:meta_key><wp:meta_value><![CDATA[A photo]]></wp:meta_value></wp:postmeta>
  </item>
  <item><title>Menu</title><wp:post_id>12</wp:post_id><wp:post_type>nav_menu_item</wp:post_type></item>
  <item><title>Menu 2</title><wp:post_id>13</wp:post_id><wp:post_type><![CDATA[nav_menu_item]]></wp:post_type></item>
`)

describe('parseWxr', () => {
  it('extracts the site, authors, terms and items with CDATA and predefined entities decoded', async () => {
    const document = await parseWxr([SAMPLE])
    expect(document.siteTitle).toBe('My & Site')
    expect([...document.authors]).toEqual([['ann', 'Ann Author']])
    expect(document.categories).toEqual([
      { termId: '3', slug: 'parent', parentSlug: '', name: 'Parent', description: '' },
      {
        termId: '4',
        slug: 'child',
        parentSlug: 'parent',
        name: 'Child & Co',
        description: 'About <b>kids</b>',
      },
    ])
    expect(document.tags).toEqual([
      { slug: 'news', name: 'News', description: '' },
      { slug: 'undeclared', name: 'Undeclared Tag', description: '' },
    ])
    expect(document.items).toHaveLength(2)
    expect(document.items[0]).toEqual({
      key: '10',
      postId: '10',
      link: '',
      type: 'post',
      title: 'Hello <World>',
      slug: 'hello-world',
      summary: 'Short',
      html: '<p>Body with ]]> and &nbsp; kept</p>',
      authorName: 'Ann Author',
      status: 'publish',
      date: new Date('2020-01-02T01:04:05Z'),
      password: '',
      categories: ['child'],
      tags: ['news', 'undeclared'],
      thumbnailId: '11',
      attachmentUrl: '',
      altText: '',
      parentPostId: '',
      menuOrder: 0,
      language: '',
      translationGroup: '',
    })
    // Menu items that name no menu are shown nowhere by WordPress.
    expect(document.skippedTypes).toEqual({ 'nav_menu_item without a menu': 2 })
    expect(document.menuItems).toEqual([])
  })

  it('reads attachments and falls back to the local date when the GMT date is zero', async () => {
    const { items } = await parseWxr([SAMPLE])
    expect(items[1]).toMatchObject({
      postId: '11',
      type: 'attachment',
      authorName: 'ghost',
      status: 'inherit',
      date: new Date('2019-05-06T07:08:09Z'),
      attachmentUrl: 'https://cdn.example.com/photo.jpg',
      altText: 'A photo',
    })
  })

  it('gives the same result however the stream is chunked', async () => {
    const chunks = SAMPLE.match(/[\s\S]{1,7}/g) ?? []
    expect(await parseWxr(chunks)).toEqual(await parseWxr([SAMPLE]))
  })

  it('matches namespaces by URI, not by the prefix the file binds', async () => {
    const renamed = SAMPLE.replaceAll('wp:', 'wordpress:').replace('xmlns:wp=', 'xmlns:wordpress=')
    const document = await parseWxr([renamed])
    expect(document.items.map((item) => item.postId)).toEqual(['10', '11'])
    expect(document.categories).toHaveLength(2)
  })
})

describe('parseWxr refuses hostile or broken input', () => {
  async function rejection(xml: string): Promise<WxrParseError> {
    const error = await parseWxr([xml]).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(WxrParseError)
    return error as WxrParseError
  }

  it('rejects an external-entity (XXE) payload without reading the file', async () => {
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rss ${NAMESPACES}><channel><title>&xxe;</title></channel></rss>`
    const error = await rejection(xml)
    expect(error.message).toMatch(/DOCTYPE/)
    expect(error.message).not.toMatch(/root:/)
  })

  it('rejects a billion-laughs payload before expanding anything', async () => {
    const entities = ['<!ENTITY lol "lol">']
    for (let level = 1; level <= 9; level++) {
      entities.push(`<!ENTITY lol${level} "${`&lol${level === 1 ? '' : level - 1};`.repeat(10)}">`)
    }
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE lolz [${entities.join('')}]>\n<rss ${NAMESPACES}><channel><title>&lol9;</title></channel></rss>`
    const started = Date.now()
    const error = await rejection(xml)
    expect(error.message).toMatch(/entity/)
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('rejects an entity reference that no DTD declares instead of expanding it', async () => {
    const error = await rejection(wxr('<title>&xxe;</title>'))
    expect(error.message).toMatch(/not well-formed XML/)
  })

  it('rejects a truncated file', async () => {
    const error = await rejection(SAMPLE.slice(0, Math.floor(SAMPLE.length / 2)))
    expect(error.message).toMatch(/not well-formed XML/)
  })

  it('rejects mismatched tags', async () => {
    await rejection(wxr('<item><title>x</item></title>'))
  })

  it('rejects XML that is not a WordPress export', async () => {
    expect((await rejection('<html><body/></html>')).message).toMatch(/root element is <html>/)
    expect((await rejection('<rss version="2.0"/>')).message).toMatch(/no <channel>/)
  })

  it('rejects a declared encoding other than UTF-8', async () => {
    const error = await rejection(SAMPLE.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'))
    expect(error.message).toMatch(/only UTF-8/)
  })

  it('rejects elements nested past 64 levels, naming the line, and reads 64', async () => {
    // rss and channel are 2 levels: 62 more reach the bound, 63 pass it.
    const nested = (levels: number) =>
      `<item>\n${'<x>'.repeat(levels - 1)}${'</x>'.repeat(levels - 1)}</item>`
    await expect(parseWxr([wxr(nested(62))])).resolves.toMatchObject({ siteTitle: '' })
    const error = await rejection(wxr(nested(63)))
    expect(error.message).toBe(
      'The export nests elements deeper than 64 levels (line 3); a WordPress export nests 6 at most.',
    )
  })
})

describe('parseWordPressDate', () => {
  it('reads WordPress timestamps as UTC and treats the zero date as none', () => {
    expect(parseWordPressDate('2030-01-01 19:00:18')).toEqual(new Date('2030-01-01T19:00:18Z'))
    expect(parseWordPressDate('0000-00-00 00:00:00')).toBeUndefined()
    expect(parseWordPressDate('')).toBeUndefined()
    expect(parseWordPressDate('2020-13-45 99:00:00')).toBeUndefined()
  })
})

/** Shapes seen in real exports other than WordPress's current one (older versions, other generators). */
describe('parseWxr on exports of other shapes', () => {
  const bare = (fields: string) =>
    `<item>${fields}<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`

  it('keys items without wp:post_id by guid, then link, then a hash, and never lets two share a key', async () => {
    const document = await parseWxr([
      wxr(
        bare('<title>By id</title><wp:post_id>5</wp:post_id><guid>https://a.example/?p=5</guid>') +
          bare('<title>By guid</title><guid isPermaLink="false">https://a.example/?p=6</guid>') +
          bare('<title>By link</title><link>https://a.example/by-link/</link>') +
          bare('<title>By hash</title><wp:post_date>2020-01-01 00:00:00</wp:post_date>') +
          bare('<title>Other hash</title><wp:post_date>2020-01-01 00:00:00</wp:post_date>') +
          bare('<title>Same guid</title><guid>https://a.example/?p=6</guid>') +
          bare('<title>Same guid</title><guid>https://a.example/?p=6</guid>') +
          bare('<title>Same id</title><wp:post_id>5</wp:post_id>'),
      ),
    ])
    const keys = document.items.map((item) => item.key)
    expect(keys.slice(0, 3)).toEqual(['5', 'guid:https://a.example/?p=6', 'link:https://a.example/by-link/'])
    expect(keys[3]).toMatch(/^hash:[0-9a-f]{16}$/)
    expect(keys[4]).toMatch(/^hash:[0-9a-f]{16}$/)
    expect(keys[5]).toMatch(/^guid:https:\/\/a\.example\/\?p=6#[0-9a-f]{16}$/)
    expect(keys[6]).toBe('guid:https://a.example/?p=6#2')
    expect(keys[7]).toMatch(/^5#[0-9a-f]{16}$/)
    expect(new Set(keys).size).toBe(8)
    expect(document.items.map((item) => item.postId)).toEqual(['5', '', '', '', '', '', '', '5'])
    expect(document.items[2]?.link).toBe('https://a.example/by-link/')
  })

  it('gives the same keys on every parse of the same export', async () => {
    const xml = wxr(bare('<title>A</title>') + bare('<title>A</title>') + bare('<title>B</title>'))
    const first = (await parseWxr([xml])).items.map((item) => item.key)
    const second = (await parseWxr([xml])).items.map((item) => item.key)
    expect(second).toEqual(first)
    expect(new Set(first).size).toBe(3)
  })

  it('hashes a very long guid into a bounded key', async () => {
    const guid = `https://a.example/${'x'.repeat(500)}`
    const [item] = (await parseWxr([wxr(bare(`<title>Long</title><guid>${guid}</guid>`))])).items
    expect(item?.key).toMatch(/^guid:sha256:[0-9a-f]{64}$/)
  })

  it('drops the whitespace around CDATA sections in every field, content included', async () => {
    const [item] = (
      await parseWxr([
        wxr(`<item>
          <title>
            <![CDATA[Spaced title]]>
          </title>
          <content:encoded>
            <![CDATA[<p>Spaced body</p>]]>
          </content:encoded>
          <wp:post_id>
            <![CDATA[42]]>
          </wp:post_id>
          <wp:post_name>
            <![CDATA[spaced]]>
          </wp:post_name>
          <wp:status>
            <![CDATA[publish]]>
          </wp:status>
          <wp:post_type>
            <![CDATA[page]]>
          </wp:post_type>
          <category domain="category" nicename="news">
            <![CDATA[News]]>
          </category>
        </item>`),
      ])
    ).items
    expect(item).toMatchObject({
      key: '42',
      title: 'Spaced title',
      html: '<p>Spaced body</p>',
      slug: 'spaced',
      status: 'publish',
      type: 'page',
      categories: ['news'],
    })
  })

  it('reads RSS 2.0 categories (a name, no domain or nicename) and creates terms only items name', async () => {
    const document = await parseWxr([
      wxr(`
        <wp:category><wp:term_id>1</wp:term_id><wp:category_nicename>local-news</wp:category_nicename><wp:cat_name>Local News</wp:cat_name></wp:category>
        ${bare('<title>One</title><wp:post_id>1</wp:post_id><category>Local news</category><category><![CDATA[Sports & Games]]></category><category domain="category">Weather</category><category domain="post_tag" nicename="rain">Rain</category><category domain="post_tag">Big Sun</category><category domain="post_format" nicename="post-format-aside">Aside</category><category>  </category>')}
        ${bare('<title>Two</title><wp:post_id>2</wp:post_id><category>sports &amp; games</category><category>Weather</category>')}
      `),
    ])
    expect(document.categories.map((category) => [category.slug, category.name])).toEqual([
      ['local-news', 'Local News'],
      ['sports-and-games', 'Sports & Games'],
      ['weather', 'Weather'],
    ])
    expect(document.tags.map((tag) => [tag.slug, tag.name])).toEqual([
      ['rain', 'Rain'],
      ['big-sun', 'Big Sun'],
    ])
    expect(document.items.map((item) => [item.categories, item.tags])).toEqual([
      [
        ['local-news', 'sports-and-games', 'weather'],
        ['rain', 'big-sun'],
      ],
      [['sports-and-games', 'weather'], []],
    ])
  })

  it('matches a category named inline to a declared one by its decoded slug', async () => {
    const document = await parseWxr([
      wxr(`
        <wp:category><wp:term_id>7</wp:term_id><wp:category_nicename>%ce%b5%cf%80%ce%af%cf%80%ce%b5%ce%b4%ce%bf</wp:category_nicename><wp:cat_name>Level</wp:cat_name></wp:category>
        ${bare('<title>Greek</title><wp:post_id>1</wp:post_id><category>Επίπεδο</category>')}
      `),
    ])
    expect(document.categories).toHaveLength(1)
    expect(document.items[0]?.categories).toEqual(['%ce%b5%cf%80%ce%af%cf%80%ce%b5%ce%b4%ce%bf'])
  })

  it('falls back to the RSS pubDate when the export has no WordPress dates', async () => {
    const [item] = (
      await parseWxr([wxr(bare('<title>Dated</title><pubDate>Tue, 05 Oct 2010 07:27:25 +0000</pubDate>'))])
    ).items
    expect(item?.date).toEqual(new Date('2010-10-05T07:27:25Z'))
  })
})
