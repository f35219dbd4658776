import { and, eq, isNotNull, or } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { tenantSettings } from '../../db/schema/index.js'
import type { SecretBox } from '../../lib/secrets.js'
import { smtpPasswordContext, webhookSecretContext } from './reader.js'

/** The encrypted columns of `tenant_settings` and the context (AAD) each is bound to. */
const SECRET_COLUMNS = [
  { member: 'smtp.password', key: 'smtpPasswordEncrypted', context: smtpPasswordContext },
  { member: 'webhook.secret', key: 'webhookSecretEncrypted', context: webhookSecretContext },
] as const

export interface RotationSummary {
  /** Tenants with at least one stored secret. */
  tenants: number
  /** Secrets found (each tenant has up to two). */
  secrets: number
  reencrypted: number
  alreadyCurrent: number
  /** Secrets no configured key could decrypt (or that were altered): left as they are. */
  failed: { tenantId: string; member: string; reason: string }[]
}

/**
 * Re-encrypts every stored tenant secret with the current `APP_SECRET` (README "Rotating
 * APP_SECRET"). `secrets` must know the previous keys (`APP_SECRET_PREVIOUS`). Each value is
 * replaced only if it is still the one that was read (compare-and-set), so a settings write made by
 * a running server meanwhile is never overwritten; run it again to pick such a value up. Values
 * that no key decrypts are reported and left alone. Safe to repeat: current values are skipped.
 */
export async function rotateStoredSecrets(deps: {
  db: Db
  secrets: SecretBox
  onProgress?: (done: number, total: number) => void
}): Promise<RotationSummary> {
  const { db, secrets } = deps
  const rows = await db
    .select({
      tenantId: tenantSettings.tenantId,
      smtpPasswordEncrypted: tenantSettings.smtpPasswordEncrypted,
      webhookSecretEncrypted: tenantSettings.webhookSecretEncrypted,
    })
    .from(tenantSettings)
    .where(
      or(isNotNull(tenantSettings.smtpPasswordEncrypted), isNotNull(tenantSettings.webhookSecretEncrypted)),
    )
    .orderBy(tenantSettings.tenantId)
  const summary: RotationSummary = {
    tenants: rows.length,
    secrets: 0,
    reencrypted: 0,
    alreadyCurrent: 0,
    failed: [],
  }
  for (const [index, row] of rows.entries()) {
    for (const secret of SECRET_COLUMNS) {
      const stored = row[secret.key]
      if (stored === null) continue
      summary.secrets++
      if (secrets.isCurrent(stored)) {
        summary.alreadyCurrent++
        continue
      }
      let plaintext: string
      try {
        plaintext = secrets.decrypt(stored, secret.context(row.tenantId))
      } catch (err) {
        summary.failed.push({ tenantId: row.tenantId, member: secret.member, reason: (err as Error).message })
        continue
      }
      const updated = await db
        .update(tenantSettings)
        .set({ [secret.key]: secrets.encrypt(plaintext, secret.context(row.tenantId)) })
        .where(and(eq(tenantSettings.tenantId, row.tenantId), eq(tenantSettings[secret.key], stored)))
        .returning({ tenantId: tenantSettings.tenantId })
      if (updated.length > 0) summary.reencrypted++
    }
    deps.onProgress?.(index + 1, rows.length)
  }
  return summary
}

/** The summary as printed: counts, then each secret that could not be re-encrypted. */
export function formatRotation(summary: RotationSummary): string {
  const lines = [
    `Tenants with secrets: ${summary.tenants}`,
    `Secrets: ${summary.secrets} (re-encrypted ${summary.reencrypted}, already current ${summary.alreadyCurrent}, failed ${summary.failed.length})`,
    ...summary.failed.map(
      (failure) => `  failed: tenant ${failure.tenantId} ${failure.member}: ${failure.reason}`,
    ),
  ]
  const pending = summary.secrets - summary.reencrypted - summary.alreadyCurrent - summary.failed.length
  if (pending > 0) lines.push(`Changed meanwhile by a server (run again): ${pending}`)
  return `${lines.join('\n')}\n`
}
