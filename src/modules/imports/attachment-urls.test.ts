import { describe, expect, it } from 'vitest'
import { createAttachmentUrls } from './attachment-urls.js'

const PHOTO = 'https://cdn.folio.test/media/t/2024/01/a/photo.jpg'
const SCALED = 'https://cdn.folio.test/media/t/2024/01/b/big.jpg'

function urls() {
  const map = createAttachmentUrls()
  map.add('https://old.example/wp-content/uploads/2020/01/photo.jpg', PHOTO)
  map.add('https://old.example/wp-content/uploads/2020/02/big-scaled.jpg', SCALED)
  return map
}

describe('rewriting attachment addresses in imported html', () => {
  it('replaces the file, its size variants and every scheme spelling, and keeps what follows', () => {
    const html =
      '<img src="http://OLD.example/wp-content/uploads/2020/01/photo-300x200.jpg" ' +
      'srcset="https://old.example/wp-content/uploads/2020/01/photo-1024x683.jpg 1024w, //old.example/wp-content/uploads/2020/01/photo.jpg 2048w">' +
      '<a href="https://old.example/wp-content/uploads/2020/01/photo.jpg?ver=2#top">see https://old.example/wp-content/uploads/2020/01/photo.jpg.</a>'
    expect(urls().rewrite(html)).toBe(
      `<img src="${PHOTO}" srcset="${PHOTO} 1024w, ${PHOTO} 2048w">` + `<a href="${PHOTO}">see ${PHOTO}.</a>`,
    )
  })

  it('maps the original and the size variants of a "-scaled" image to its copy', () => {
    const html =
      '<img src="https://old.example/wp-content/uploads/2020/02/big.jpg">' +
      '<img src="https://old.example/wp-content/uploads/2020/02/big-768x512.jpg">' +
      '<img src="https://old.example/wp-content/uploads/2020/02/big-scaled.jpg">'
    expect(urls().rewrite(html)).toBe(`<img src="${SCALED}"><img src="${SCALED}"><img src="${SCALED}">`)
  })

  it('leaves other files, other hosts, other folders and relative paths as they were', () => {
    const html =
      '<img src="https://old.example/wp-content/uploads/2020/01/other.jpg">' +
      '<img src="https://elsewhere.example/wp-content/uploads/2020/01/photo.jpg">' +
      '<img src="https://old.example/wp-content/uploads/2021/01/photo.jpg">' +
      '<img src="/wp-content/uploads/2020/01/photo.jpg">' +
      '<img src="https://old.example/wp-content/uploads/2020/01/photo-300x200.png">'
    expect(urls().rewrite(html)).toBe(html)
    expect(createAttachmentUrls().rewrite(html)).toBe(html)
  })
})
