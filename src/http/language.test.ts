import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../test/helpers.js'
import { users } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'
import { negotiateLanguage } from './language.js'

const ctx = useTestContext()

/** An owner of a new tenant whose account's language is `language` (null: not chosen). */
async function ownerSpeaking(language: string | null): Promise<SeededMember> {
  const owner = await seedTenant(ctx.db)
  await ctx.db.update(users).set({ language }).where(eq(users.id, owner.userId))
  return owner
}

const missingContent = (owner: SeededMember, headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', `/api/contents/${newId()}`, { token: owner.token, headers })

const tagWithoutTitle = (owner: SeededMember, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/tags', { token: owner.token, body: { slug: 'x' }, headers })

const tag = (owner: SeededMember, slug: string, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/tags', { token: owner.token, body: { title: 'Kitap', slug }, headers })

const wrongPassword = (owner: SeededMember, headers: Record<string, string> = {}) =>
  call(ctx.app, 'PUT', '/api/users/me/password', {
    token: owner.token,
    body: { currentPassword: 'not the password', newPassword: 'a new password' },
    headers,
  })

const TR = { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.5' }

describe('error messages in the request’s language', () => {
  it('answers a 404, a 400 with details, a 401 and a 409 in Turkish for Accept-Language: tr', async () => {
    const owner = await ownerSpeaking(null)
    expect((await missingContent(owner, TR)).data).toEqual({
      error: 'NotFound',
      message: 'İçerik bulunamadı.',
    })

    const invalid = await tagWithoutTitle(owner, TR)
    expect(invalid.statusCode).toBe(400)
    expect(invalid.data).toEqual({
      error: 'ValidationFailed',
      message: '"title" alanı zorunludur.',
      details: [{ path: 'body', member: 'title', message: '"title" alanı zorunludur.' }],
    })

    const anonymous = await call(ctx.app, 'GET', '/api/users/me', { headers: TR })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.data).toEqual({ error: 'Unauthorized', message: 'Kimlik doğrulaması gerekiyor.' })

    expect((await tag(owner, 'kitap', TR)).statusCode).toBe(200)
    const taken = await tag(owner, 'kitap', TR)
    expect(taken.statusCode).toBe(409)
    expect(taken.data).toEqual({ error: 'SlugConflict', message: '"kitap" kısa adı zaten kullanılıyor.' })
  })

  it('answers a Turkish account in Turkish without the header, whatever the browser asks', async () => {
    const owner = await ownerSpeaking('tr')
    expect((await missingContent(owner)).data).toEqual({ error: 'NotFound', message: 'İçerik bulunamadı.' })
    expect((await missingContent(owner, { 'accept-language': 'en' })).data.message).toBe('İçerik bulunamadı.')

    const invalid = await tagWithoutTitle(owner)
    expect(invalid.data.details).toEqual([
      { path: 'body', member: 'title', message: '"title" alanı zorunludur.' },
    ])

    const refused = await wrongPassword(owner)
    expect(refused.statusCode).toBe(401)
    expect(refused.data).toEqual({
      error: 'InvalidCredentials',
      message: 'E-posta adresi ya da parola yanlış.',
    })

    expect((await tag(owner, 'roman')).statusCode).toBe(200)
    expect((await tag(owner, 'roman')).data).toEqual({
      error: 'SlugConflict',
      message: '"roman" kısa adı zaten kullanılıyor.',
    })
  })

  it('answers in English without a header, for another language, and for an English account', async () => {
    const owner = await ownerSpeaking(null)
    expect((await missingContent(owner)).data).toEqual({ error: 'NotFound', message: 'Content not found.' })
    expect((await missingContent(owner, { 'accept-language': 'de-DE,fr;q=0.8' })).data.message).toBe(
      'Content not found.',
    )
    expect((await tagWithoutTitle(owner)).data).toEqual({
      error: 'ValidationFailed',
      message: 'The title is required.',
      details: [{ path: 'body', member: 'title', message: 'The title is required.' }],
    })
    expect((await wrongPassword(owner)).data).toEqual({
      error: 'InvalidCredentials',
      message: 'Invalid e-mail or password.',
    })
    expect((await tag(owner, 'novel')).statusCode).toBe(200)
    expect((await tag(owner, 'novel')).data.message).toBe('The slug "novel" is already in use.')

    const english = await ownerSpeaking('en')
    expect((await missingContent(english, TR)).data.message).toBe('Content not found.')
  })

  it('says Folio’s own answers outside the routes in the header’s language too', async () => {
    const unknown = await call(ctx.app, 'GET', '/api/nowhere?x=1', { headers: { 'accept-language': 'tr' } })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.data).toEqual({ error: 'NotFound', message: 'GET /api/nowhere diye bir uç nokta yok.' })
    const malformed = await call(ctx.app, 'GET', '/api/contents/%E0%A4%A', { headers: TR })
    expect(malformed.data).toEqual({
      error: 'BadRequest',
      message: 'URL geçerli değil (bozuk bir yüzde kodlaması içeriyor).',
    })
  })
})

describe('negotiateLanguage', () => {
  it('picks Folio’s language the header asks for most, English otherwise', () => {
    expect(negotiateLanguage('tr')).toBe('tr')
    expect(negotiateLanguage('tr-TR')).toBe('tr')
    expect(negotiateLanguage('de, tr;q=0.5, en;q=0.4')).toBe('tr')
    expect(negotiateLanguage('en-GB, tr;q=0.9')).toBe('en')
    expect(negotiateLanguage('de')).toBe('en')
    expect(negotiateLanguage('*')).toBe('en')
    expect(negotiateLanguage(undefined)).toBe('en')
  })
})
