import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { freshIp, mailArriving, subjectOf } from '../../../test/auth-fixtures.js'
import { call, seedUser, TEST_PASSWORD, uniqueEmail, useTestContext } from '../../../test/helpers.js'
import { users } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'
import { hashPassword } from '../../lib/password.js'

const ctx = useTestContext()

/** An active, unverified account of `language` (its first verification mail never sent). */
async function unverifiedAccount(language: string | null): Promise<string> {
  const email = uniqueEmail('unverified')
  await ctx.db.insert(users).values({
    id: newId(),
    email,
    passwordHash: await hashPassword(TEST_PASSWORD),
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    language,
  })
  return email
}

describe('account mails in the account’s language', () => {
  it('sends a Turkish account its verification link in Turkish, and an account without a language in English', async () => {
    const turkish = await unverifiedAccount('tr')
    const english = await unverifiedAccount(null)
    for (const email of [turkish, english]) {
      const asked = await call(ctx.app, 'POST', '/api/auth/resend-verification', {
        body: { email },
        remoteAddress: freshIp(),
        headers: { 'accept-language': 'tr' },
      })
      expect(asked.statusCode).toBe(200)
    }
    const inTurkish = await mailArriving(ctx.dataDir, turkish, () => true, 15_000)
    expect(subjectOf(inTurkish)).toBe('E-posta adresinizi doğrulayın')
    expect(inTurkish).toContain(
      'Folio hesabınızın bu e-posta adresini, aşağıdaki bağlantıyı açarak onaylayın:',
    )
    expect(inTurkish).toContain('Ya da aşağıdaki sayfayı açıp doğrulama kodunu yapıştırın:')
    expect(inTurkish).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{20,}/)
    // The account has no language: the mail is English, whatever the request's header said.
    const inEnglish = await mailArriving(ctx.dataDir, english, () => true, 15_000)
    expect(subjectOf(inEnglish)).toBe('Verify your e-mail address')
    expect(inEnglish).toContain('Or open the page below and paste the verification code:')
  })

  it('sends a Turkish account its password reset link in Turkish', async () => {
    const account = await seedUser(ctx.db)
    await ctx.db.update(users).set({ language: 'tr' }).where(eq(users.id, account.userId))
    const asked = await call(ctx.app, 'POST', '/api/auth/forgot-password', {
      body: { email: account.email },
      remoteAddress: freshIp(),
    })
    expect(asked.statusCode).toBe(200)
    const mail = await mailArriving(ctx.dataDir, account.email, () => true, 15_000)
    expect(subjectOf(mail)).toBe('Folio parolanızı sıfırlayın')
    expect(mail).toContain('Birisi Folio hesabınızın parolasının sıfırlanmasını istedi.')
    expect(mail).toContain('Bağlantı yalnızca bir kez çalışır ve 1 saat sonra geçerliliğini yitirir.')
    expect(mail).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{20,}/)
  })

  it('tells a Turkish account in Turkish that someone tried to register with its address', async () => {
    const account = await seedUser(ctx.db)
    await ctx.db.update(users).set({ language: 'tr' }).where(eq(users.id, account.userId))
    const registered = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email: account.email, password: 'another password', firstName: 'A', lastName: 'B' },
      remoteAddress: freshIp(),
    })
    expect(registered.statusCode).toBe(201)
    const mail = await mailArriving(ctx.dataDir, account.email, () => true, 15_000)
    expect(subjectOf(mail)).toBe('Birisi e-posta adresinizle kayıt olmaya çalıştı')
    expect(mail).toContain('Siz değilseniz bu e-postayı dikkate almayabilirsiniz; hiçbir şey değişmedi.')
  })
})
