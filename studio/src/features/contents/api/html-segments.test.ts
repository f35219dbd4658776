import { describe, expect, it } from 'vitest'
import { segmentsOf, tagsOf } from './html-segments'

const editable = (html: string) => ({ kind: 'editable', html })
const block = (html: string) => ({ kind: 'block', html })

describe('segmentsOf', () => {
  it('wraps loose text and inline elements at the top in a paragraph', () => {
    expect(segmentsOf('Just a sentence.')).toEqual([editable('<p>Just a sentence.</p>')])
    expect(segmentsOf('\n  Some <b>bold</b> and <a href="https://a.example/">a link</a><br>\n')).toEqual([
      editable('<p>Some <b>bold</b> and <a href="https://a.example/">a link</a><br></p>'),
    ])
    expect(segmentsOf('<em>only inline</em>')).toEqual([editable('<p><em>only inline</em></p>')])
  })

  it('keeps what the editor represents as one editable segment', () => {
    const html =
      '<p>Wrapped sentence.</p><h2>Title</h2><ul><li>one</li><li>two<ol start="3"><li>deep</li></ol></li></ul>' +
      '<blockquote>Said <i>so</i>.</blockquote><img src="https://m.example/a.jpg" alt="A">'
    expect(segmentsOf(html)).toEqual([editable(html)])
  })

  it('cuts text mixed with headings into paragraphs around them', () => {
    expect(segmentsOf('Intro text\n<h2>Part</h2>\nMore text')).toEqual([
      editable('<p>Intro text</p><h2>Part</h2><p>More text</p>'),
    ])
  })

  it('keeps blocks the editor has no node for exactly as written', () => {
    const table = '<table><tr><td>a &amp; b</td></tr></table>'
    const figure =
      '<figure><img src="https://m.example/b.jpg" alt=""><figcaption>Caption</figcaption></figure>'
    const quote = '<blockquote><p>Quoted</p><cite>Someone</cite></blockquote>'
    const pre = '<pre><code class="language-js">let a = 1\n\nlet b</code></pre>'
    const div = '<div><div><p>Nested</p></div></div>'
    expect(segmentsOf(`<p>Before</p>\n${table}\n\n${figure}${quote}${pre}<hr>${div}<p>After</p>`)).toEqual([
      editable('<p>Before</p>'),
      block(table),
      block(figure),
      block(quote),
      block(pre),
      block('<hr>'),
      block(div),
      editable('<p>After</p>'),
    ])
  })

  it('keeps a block whose inline markup the editor cannot represent', () => {
    expect(segmentsOf('<p>The <abbr title="HyperText">HTML</abbr> way</p>')).toEqual([
      block('<p>The <abbr title="HyperText">HTML</abbr> way</p>'),
    ])
    expect(segmentsOf('<p>x<img src="https://m.example/c.jpg" alt="c"></p>')).toEqual([
      block('<p>x<img src="https://m.example/c.jpg" alt="c"></p>'),
    ])
    expect(segmentsOf('<p><code class="language-sh">ls</code></p>')).toEqual([
      block('<p><code class="language-sh">ls</code></p>'),
    ])
    expect(segmentsOf('<ol reversed><li>b</li><li>a</li></ol>')).toEqual([
      block('<ol reversed><li>b</li><li>a</li></ol>'),
    ])
    expect(segmentsOf('<ul><li><p>loose item</p></li></ul>')).toEqual([
      block('<ul><li><p>loose item</p></li></ul>'),
    ])
    const nested = '<p><a href="https://a.example/"><b><a href="https://b.example/">x</a></b></a></p>'
    expect(segmentsOf(nested)).toEqual([block(nested)])
  })

  it('keeps a top-level run of inline content the editor cannot represent as one block', () => {
    const embed = '<iframe src="https://www.youtube.com/embed/x" width="560" height="315"></iframe>'
    expect(segmentsOf(`<p>Watch:</p>\n${embed}\n<p>Done.</p>`)).toEqual([
      editable('<p>Watch:</p>'),
      block(embed),
      editable('<p>Done.</p>'),
    ])
    expect(segmentsOf('Loose <del>old</del> new')).toEqual([block('Loose <del>old</del> new')])
    const sized = '<img src="https://m.example/d.jpg" alt="" width="300" height="200">'
    expect(segmentsOf(sized)).toEqual([block(sized)])
  })

  it('keeps entities as written and leaves out comments and whitespace between blocks', () => {
    expect(
      segmentsOf('<!-- wp:paragraph -->\n<p>Caf&eacute; &amp; bar&nbsp;</p>\n<!-- /wp:paragraph -->'),
    ).toEqual([editable('<p>Caf&eacute; &amp; bar&nbsp;</p>')])
    expect(segmentsOf('Tom &amp; Jerry')).toEqual([editable('<p>Tom &amp; Jerry</p>')])
    expect(segmentsOf('')).toEqual([])
    expect(segmentsOf('  \n <!-- nothing --> ')).toEqual([])
  })

  it('cuts an element closed by the next one where that one begins', () => {
    expect(segmentsOf('<p>a<div>b</div>')).toEqual([editable('<p>a'), block('<div>b</div>')])
  })

  it('keeps what a sanitizer leaves of removed elements', () => {
    // `<details><summary>Open</summary>Hidden</details>` and a script, once sanitized.
    expect(segmentsOf('OpenHidden')).toEqual([editable('<p>OpenHidden</p>')])
    expect(segmentsOf('<p>Kept</p><script>alert(1)</script>')).toEqual([editable('<p>Kept</p>')])
  })
})

describe('tagsOf', () => {
  it('names the top-level elements once each, in order', () => {
    expect(tagsOf('<figure><img src="a.jpg"></figure>')).toBe('figure')
    expect(tagsOf('<p>a</p>\n<table></table><p>b</p>')).toBe('p, table')
    expect(tagsOf('Loose <del>old</del> new')).toBe('del')
    expect(tagsOf('just text')).toBe('')
  })
})
