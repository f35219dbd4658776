import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const put = (member: SeededMember, body: unknown) =>
  call(ctx.app, 'PUT', '/api/tenant-settings', { token: member.token, body })
const createContent = (member: SeededMember, body: Record<string, unknown>) =>
  call(ctx.app, 'POST', '/api/contents', { token: member.token, body })
const createMedia = (member: SeededMember, n: number) =>
  call(ctx.app, 'POST', '/api/media/external', {
    token: member.token,
    body: { url: `https://video.example.com/${n}` },
  })
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

describe('limits.entries and limits.media', () => {
  it('refuses the content past limits.entries with 403 LimitExceeded naming it; another tenant is unaffected', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await put(owner, { limits: { entries: 2 } })).statusCode).toBe(200)
    for (const title of ['One', 'Two']) expect((await createContent(owner, { title })).statusCode).toBe(200)
    const third = await createContent(owner, { title: 'Three' })
    expect(third.statusCode).toBe(403)
    expect(third.data).toEqual({
      error: 'LimitExceeded',
      message: expect.stringContaining('"entries" limit (2)'),
      limitName: 'entries',
      limit: 2,
      usage: 2,
    })
    const other = await seedTenant(ctx.db)
    expect((await createContent(other, { title: 'Free' })).statusCode).toBe(200)
    // Raising the limit takes effect at once (the settings cache hears settings.updated).
    expect((await put(owner, { limits: { entries: 3 } })).statusCode).toBe(200)
    expect((await createContent(owner, { title: 'Three' })).statusCode).toBe(200)
    expect((await put(owner, { limits: { entries: null } })).statusCode).toBe(200)
    expect((await createContent(owner, { title: 'Four' })).statusCode).toBe(200)
  })

  it('holds exactly under concurrent creates', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await put(owner, { limits: { entries: 3 } })).statusCode).toBe(200)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => createContent(owner, { title: `Parallel ${n}` })),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3)
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(5)
  })

  it('refuses the media past limits.media; 0 allows none', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await put(owner, { limits: { media: 1 } })).statusCode).toBe(200)
    expect((await createMedia(owner, 1)).statusCode).toBe(200)
    const second = await createMedia(owner, 2)
    expect(second.statusCode).toBe(403)
    expect(second.data).toMatchObject({ error: 'LimitExceeded', limitName: 'media', limit: 1, usage: 1 })
    const none = await seedTenant(ctx.db)
    expect((await put(none, { limits: { media: 0 } })).statusCode).toBe(200)
    expect((await createMedia(none, 1)).statusCode).toBe(403)
  })
})

describe('features.contentScheduling', () => {
  it('is on by default (the catalogue flag), so scheduling works without a setting', async () => {
    const owner = await seedTenant(ctx.db)
    const scheduled = await createContent(owner, {
      title: 'Later',
      status: 'scheduled',
      publishAt: inAnHour(),
    })
    expect(scheduled.statusCode, scheduled.body).toBe(200)
    expect(scheduled.data.content.status).toBe('scheduled')
  })

  it('when switched off, refuses status scheduled and a future publishAt with 403, on create and update', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await put(owner, { features: { contentScheduling: false } })).statusCode).toBe(200)
    for (const body of [
      { title: 'Later', status: 'scheduled', publishAt: inAnHour() },
      { title: 'Draft for later', publishAt: inAnHour() },
    ]) {
      const refused = await createContent(owner, body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(403)
      expect(refused.data.error).toBe('Forbidden')
      expect(refused.data.message).toContain('features.contentScheduling')
    }
    const draft = await createContent(owner, { title: 'Now', status: 'published' })
    expect(draft.statusCode).toBe(200)
    const update = await call(ctx.app, 'PUT', `/api/contents/${draft.data.content.id}`, {
      token: owner.token,
      body: { status: 'scheduled', publishAt: inAnHour() },
    })
    expect(update.statusCode).toBe(403)
    // A past publishAt is no schedule and stays allowed.
    const past = await createContent(owner, { title: 'Back-dated', publishAt: '2020-01-01T00:00:00Z' })
    expect(past.statusCode).toBe(200)
    // Switched back on, it works again.
    expect((await put(owner, { features: { contentScheduling: true } })).statusCode).toBe(200)
    expect(
      (await createContent(owner, { title: 'Later', status: 'scheduled', publishAt: inAnHour() })).statusCode,
    ).toBe(200)
  })
})
