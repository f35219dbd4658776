import { describe, expect, it } from 'vitest'
import { isBlockContent, shortcodeUnautop, wordpressContentHtml, wpautop } from './wpautop.js'

// Expected values are what WordPress's PHP `wpautop()` (and `shortcode_unautop()`) answer for the
// same text: each rule below is one of its steps.

describe('wpautop', () => {
  it('makes paragraphs of text separated by blank lines, and <br /> of single newlines', () => {
    expect(wpautop('First line\nsecond line\n\nNext paragraph')).toBe(
      '<p>First line<br />\nsecond line</p>\n<p>Next paragraph</p>\n',
    )
    // Windows and old Mac line ends count as newlines; three blank lines are one paragraph break.
    expect(wpautop('One\r\nTwo\r\n\r\n\r\n\r\nThree')).toBe('<p>One<br />\nTwo</p>\n<p>Three</p>\n')
    expect(wpautop('One\rTwo')).toBe('<p>One<br />\nTwo</p>\n')
  })

  it('answers nothing for blank text', () => {
    expect(wpautop('')).toBe('')
    expect(wpautop(' \n\t\n')).toBe('')
  })

  it('keeps block elements out of paragraphs and ends a paragraph at one', () => {
    expect(wpautop('Before the list:\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\nAfter the list')).toBe(
      '<p>Before the list:</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p>After the list</p>\n',
    )
    expect(wpautop('<h2>Title</h2>\nText under it')).toBe('<h2>Title</h2>\n<p>Text under it</p>\n')
    expect(wpautop('<table><tr><td>cell</td></tr></table>')).toBe(
      '<table>\n<tr>\n<td>cell</td>\n</tr>\n</table>\n',
    )
    // Text inside a div keeps its line break and gets no paragraph of its own.
    expect(wpautop('<div>text in a div\nwith a break</div>')).toBe(
      '<div>text in a div<br />\nwith a break</div>\n',
    )
  })

  it('ends the paragraph at an <hr>, text after it on the same line included', () => {
    expect(wpautop('Text<hr />More text')).toBe('<p>Text</p>\n<hr />\n<p>More text</p>\n')
  })

  it('puts the paragraphs of a blockquote inside it', () => {
    expect(wpautop('<blockquote>Quote\n\nTwo</blockquote>')).toBe(
      '<blockquote><p>Quote</p>\n<p>Two</p></blockquote>\n',
    )
  })

  it('leaves <pre> elements exactly as they are, blank lines and manual breaks included', () => {
    expect(wpautop('Look at this code\n\n<pre>a = 1\n\nb = 2<br>\n</pre>\n\nCool, huh?')).toBe(
      '<p>Look at this code</p>\n<pre>a = 1\n\nb = 2<br>\n</pre>\n<p>Cool, huh?</p>\n',
    )
    expect(wpautop('<pre>one</pre>\n<pre>two\n\nthree</pre>')).toBe(
      '<pre>one</pre>\n<pre>two\n\nthree</pre>\n',
    )
  })

  it('keeps newlines inside tags and comments, and inside script, style, svg and math', () => {
    expect(wpautop('<a href="/x"\ntitle="y">link</a> text\nmore')).toBe(
      '<p><a href="/x"\ntitle="y">link</a> text<br />\nmore</p>\n',
    )
    expect(wpautop('Before\n<script>\nvar a = 1;\n</script>\nAfter')).toBe(
      '<p>Before<br />\n<script>\nvar a = 1;\n</script><br />\nAfter</p>\n',
    )
    expect(wpautop('Text <!-- a\ncomment --> end')).toBe('<p>Text <!-- a\ncomment --> end</p>\n')
  })

  it('turns two <br>s into a paragraph break and writes every <br> as <br />', () => {
    expect(wpautop('Hello<br><br>World')).toBe('<p>Hello</p>\n<p>World</p>\n')
    expect(wpautop('Hello<br/>World')).toBe('<p>Hello<br />World</p>\n')
    // A newline after a <br /> adds no second one.
    expect(wpautop('Hello<br />\nWorld')).toBe('<p>Hello<br />\nWorld</p>\n')
  })

  it('adds no breaks between options, inside objects, or around sources and tracks', () => {
    expect(wpautop('Pick: <select>\n<option>a</option>\n<option>b</option>\n</select>')).toBe(
      '<p>Pick: <select><option>a</option><option>b</option></select></p>\n',
    )
    expect(wpautop('<video controls>\n  <source src="a.mp4" />\n  <track src="a.vtt" />\n</video>')).toBe(
      '<p><video controls><source src="a.mp4" /><track src="a.vtt" /></video></p>\n',
    )
    expect(wpautop('<object data="a.swf">\n  <param name="q" value="1" />\n</object>')).toBe(
      '<p><object data="a.swf"><param name="q" value="1" /></object></p>\n',
    )
  })

  it('collapses the space around every figcaption', () => {
    expect(
      wpautop(
        '<figure><img src="a.jpg"><figcaption>A</figcaption></figure>\n<figure><img src="b.jpg">\n<figcaption>B</figcaption>\n</figure>',
      ),
    ).toBe(
      '<figure><img src="a.jpg"><figcaption>A</figcaption></figure>\n<figure><img src="b.jpg"><figcaption>B</figcaption></figure>\n',
    )
  })

  it('takes only ASCII white space for white space, as PHP does', () => {
    expect(wpautop('a\u00a0\nb')).toBe('<p>a\u00a0<br />\nb</p>\n')
  })

  it('adds no <br /> when asked not to', () => {
    expect(wpautop('One\nTwo\n\nThree', false)).toBe('<p>One\nTwo</p>\n<p>Three</p>\n')
  })
})

describe('shortcodeUnautop', () => {
  it('unwraps a paragraph holding only a core shortcode, with or without content', () => {
    expect(shortcodeUnautop('<p>[gallery ids="1,2"]</p>\n')).toBe('[gallery ids="1,2"]\n')
    expect(shortcodeUnautop('<p> [embed]https://example.com/v[/embed]&nbsp;</p>')).toBe(
      '[embed]https://example.com/v[/embed]',
    )
    expect(shortcodeUnautop('<p>[audio src="a.mp3" /]</p>')).toBe('[audio src="a.mp3" /]')
  })

  it('tries each paragraph, and follows a shortcode whose content runs over two, as PHP does', () => {
    expect(shortcodeUnautop('<p>[caption id="x"]</table>\n<p>[video]</p>\n')).toBe(
      '<p>[caption id="x"]</table>\n[video]\n',
    )
    expect(shortcodeUnautop('<p>[caption]a</p>\n<p>b[/caption]</p>')).toBe('[caption]a</p>\n<p>b[/caption]')
    // Text after the closing tag keeps the paragraph.
    expect(shortcodeUnautop('<p>[embed]x[/embed] and more</p>')).toBe('<p>[embed]x[/embed] and more</p>')
  })

  it('leaves shortcodes within text, unknown names and look-alikes in their paragraphs', () => {
    for (const html of [
      '<p>Text [gallery] inline</p>',
      "<p>[Editor's note]</p>",
      '<p>[gallery-of-mine]</p>',
      '<p>[contact-form id="1"]</p>',
    ]) {
      expect(shortcodeUnautop(html)).toBe(html)
    }
  })
})

describe('wordpressContentHtml', () => {
  it('formats classic text with its standalone shortcodes left alone', () => {
    expect(
      wordpressContentHtml(
        'Intro\n\n[caption id="c1" width="300"]<img src="a.jpg" /> A caption[/caption]\n\nOutro',
      ),
    ).toBe(
      '<p>Intro</p>\n[caption id="c1" width="300"]<img src="a.jpg" /> A caption[/caption]\n<p>Outro</p>\n',
    )
  })

  it('leaves block-editor content and blank text as they are', () => {
    const blocks = '<!-- wp:paragraph -->\n<p>Hi\nthere</p>\n<!-- /wp:paragraph -->'
    expect(isBlockContent(blocks)).toBe(true)
    expect(wordpressContentHtml(blocks)).toBe(blocks)
    expect(isBlockContent('<p>Hi</p>')).toBe(false)
    expect(wordpressContentHtml('  ')).toBe('  ')
  })
})
