import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { seedTenant, useTestContext } from '../../../test/helpers.js'
import { tenantSettings } from '../../db/schema/index.js'
import { createSecretBox } from '../../lib/secrets.js'
import { smtpPasswordContext, webhookSecretContext } from './reader.js'
import { formatRotation, rotateStoredSecrets } from './rotate.js'

const ctx = useTestContext()

const OLD = 'old-app-secret-old-app-secret-0123456789'
const NEW = 'new-app-secret-new-app-secret-9876543210'

describe('rotateStoredSecrets (npm run secrets:rotate)', () => {
  it('re-encrypts what an earlier APP_SECRET made, skips current values, reports what no key opens', async () => {
    const oldBox = createSecretBox(OLD)
    const newBox = createSecretBox(NEW, [OLD])
    const a = await seedTenant(ctx.db)
    const b = await seedTenant(ctx.db)
    const c = await seedTenant(ctx.db)
    await ctx.db.insert(tenantSettings).values([
      {
        tenantId: a.tenantId,
        smtpPasswordEncrypted: oldBox.encrypt('pass-a', smtpPasswordContext(a.tenantId)),
        webhookSecretEncrypted: oldBox.encrypt('secret-a', webhookSecretContext(a.tenantId)),
      },
      {
        tenantId: b.tenantId,
        webhookSecretEncrypted: newBox.encrypt('secret-b', webhookSecretContext(b.tenantId)),
      },
      // Made under tenant A's context: no key opens it here.
      {
        tenantId: c.tenantId,
        smtpPasswordEncrypted: oldBox.encrypt('pass-c', smtpPasswordContext(a.tenantId)),
      },
    ])
    const progress: string[] = []
    const mine = new Set([a.tenantId, b.tenantId, c.tenantId])
    const summary = await rotateStoredSecrets({
      db: ctx.db,
      secrets: newBox,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    })
    // Other test files' tenants may share a PostgreSQL database: count only ours.
    const ours = summary.failed.filter((failure) => mine.has(failure.tenantId))
    expect(ours).toEqual([{ tenantId: c.tenantId, member: 'smtp.password', reason: expect.any(String) }])
    expect(summary.reencrypted).toBeGreaterThanOrEqual(2)
    expect(progress.at(-1)).toBe(`${summary.tenants}/${summary.tenants}`)
    expect(formatRotation(summary)).toContain(`failed: tenant ${c.tenantId} smtp.password`)

    // Only the new secret is needed now.
    const onlyNew = createSecretBox(NEW)
    const [row] = await ctx.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, a.tenantId))
    expect(onlyNew.decrypt(row?.smtpPasswordEncrypted as string, smtpPasswordContext(a.tenantId))).toBe(
      'pass-a',
    )
    expect(onlyNew.decrypt(row?.webhookSecretEncrypted as string, webhookSecretContext(a.tenantId))).toBe(
      'secret-a',
    )

    const again = await rotateStoredSecrets({ db: ctx.db, secrets: newBox })
    expect(again.reencrypted).toBe(0)
    expect(again.failed.filter((failure) => mine.has(failure.tenantId))).toHaveLength(1)
  })
})
