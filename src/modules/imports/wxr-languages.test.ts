import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseWxr } from './wxr-parser.js'
import { openWxrFile } from './wxr-source.js'

const POLYLANG_EXPORT = fileURLToPath(
  new URL('../../../test/fixtures/wordpress/polylang.wordpress.xml', import.meta.url),
)

const NAMESPACES =
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"'

function wxr(channel: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ${NAMESPACES}><channel>${channel}</channel></rss>`
}

function term(taxonomy: string, slug: string, name: string, description = ''): string {
  return `<wp:term><wp:term_taxonomy><![CDATA[${taxonomy}]]></wp:term_taxonomy><wp:term_slug><![CDATA[${slug}]]></wp:term_slug><wp:term_name><![CDATA[${name}]]></wp:term_name><wp:term_description><![CDATA[${description}]]></wp:term_description></wp:term>`
}

function item(postId: string, type: string, categories = ''): string {
  return `<item><title>Item ${postId}</title><wp:post_id>${postId}</wp:post_id><wp:status>publish</wp:status><wp:post_type>${type}</wp:post_type>${categories}</item>`
}

const language = (slug: string, name: string) =>
  `<category domain="language" nicename="${slug}"><![CDATA[${name}]]></category>`
const group = (slug: string) =>
  `<category domain="post_translations" nicename="${slug}"><![CDATA[${slug}]]></category>`

describe('Polylang languages in an export', () => {
  it("reads the language terms (the WordPress locale of each description) and each item's language and group", async () => {
    const document = await parseWxr([
      wxr(
        term(
          'language',
          'en',
          'English',
          'a:3:{s:6:"locale";s:5:"en_US";s:3:"rtl";i:0;s:9:"flag_code";s:2:"us";}',
        ) +
          term('language', 'pt-br', 'Português', 'a:1:{s:6:"locale";s:5:"pt_BR";}') +
          term('language', 'xx', 'Broken', 'not serialized') +
          term('post_translations', 'pll_1', 'pll_1', 'a:2:{s:2:"en";i:1;s:5:"pt-br";i:2;}') +
          term('term_language', 'pll_en', 'English') +
          item('1', 'post', language('en', 'English') + group('pll_1')) +
          item('2', 'page', language('pt-br', 'Português') + group('pll_1')) +
          item('3', 'post', language('en', 'English')) +
          item('4', 'attachment', language('en', 'English')) +
          item('5', 'post'),
      ),
    ])
    expect(document.languages).toEqual([
      { slug: 'en', name: 'English', wordpressLocale: 'en_US', contents: 2 },
      { slug: 'pt-br', name: 'Português', wordpressLocale: 'pt_BR', contents: 1 },
      { slug: 'xx', name: 'Broken', wordpressLocale: '', contents: 0 },
    ])
    expect(
      document.items.map(({ postId, language, translationGroup }) => [postId, language, translationGroup]),
    ).toEqual([
      ['1', 'en', 'pll_1'],
      ['2', 'pt-br', 'pll_1'],
      ['3', 'en', ''],
      ['4', 'en', ''],
      ['5', '', ''],
    ])
    // Polylang's taxonomies are not categories or tags.
    expect(document.categories).toEqual([])
    expect(document.tags).toEqual([])
  })

  it("places an item without its own <category> elements by its group's description, and declares a language only items name", async () => {
    const document = await parseWxr([
      wxr(
        item('7', 'post', language('fr', 'Français')) +
          term('post_translations', 'pll_2', 'pll_2', 'a:3:{s:2:"fr";i:7;s:2:"it";i:8;s:4:"sync";a:0:{}}') +
          item('8', 'post') +
          item('9', 'post', group('pll_2')),
      ),
    ])
    expect(document.languages).toEqual([{ slug: 'fr', name: 'Français', wordpressLocale: '', contents: 1 }])
    expect(
      document.items.map(({ postId, language, translationGroup }) => [postId, language, translationGroup]),
    ).toEqual([
      ['7', 'fr', 'pll_2'],
      // `it` is listed by the group but no term declares it: the item keeps its group, no language.
      ['8', '', 'pll_2'],
      ['9', '', 'pll_2'],
    ])
  })

  it('an export without Polylang has no languages, and no item has one', async () => {
    const document = await parseWxr([wxr(item('1', 'post') + item('2', 'page'))])
    expect(document.languages).toEqual([])
    expect(document.items.map((one) => [one.language, one.translationGroup])).toEqual([
      ['', ''],
      ['', ''],
    ])
  })

  it('reads the Polylang fixture file by file passes as the importer does', async () => {
    const source = await openWxrFile(POLYLANG_EXPORT)
    expect(source.outline.languages).toEqual([
      { slug: 'tr', name: 'Türkçe', wordpressLocale: 'tr_TR', contents: 2 },
      { slug: 'en', name: 'English', wordpressLocale: 'en_US', contents: 3 },
      { slug: 'de', name: 'Deutsch', wordpressLocale: 'de_DE', contents: 1 },
      { slug: 'pt-br', name: 'Português do Brasil', wordpressLocale: 'pt_BR', contents: 1 },
    ])
    expect(source.outline.categories.map((category) => category.slug)).toEqual(['news', 'haberler'])
    const contents = []
    for await (const one of source.items('contents')) {
      contents.push([one.postId, one.slug, one.language, one.translationGroup])
    }
    expect(contents).toEqual([
      ['10', 'a-weekend-in-istanbul', 'en', 'pll_665d8a2b9d1f4'],
      ['11', 'istanbulda-bir-hafta-sonu', 'tr', 'pll_665d8a2b9d1f4'],
      ['13', 'packing-for-the-alps', 'en', ''],
      ['12', 'um-domingo-em-lisboa', 'pt-br', ''],
      ['20', 'about', 'en', 'pll_665d8a3e0a6b2'],
      ['21', 'about', 'tr', 'pll_665d8a3e0a6b2'],
      ['22', 'ueber-uns', 'de', 'pll_665d8a3e0a6b2'],
    ])
    const attachments = []
    for await (const one of source.items('attachments')) attachments.push([one.postId, one.language])
    expect(attachments).toEqual([['30', 'en']])
  })
})
