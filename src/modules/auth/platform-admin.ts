/** The account facts that decide platform administration. */
export interface PlatformAccount {
  email: string
  /** Proven through Folio's own mail (docs/decisions/accounts.md). */
  emailVerified: boolean
}

/**
 * Whether `account` is a platform administrator: its address is listed in `PLATFORM_ADMIN_EMAILS`
 * (`adminEmails`, lowercased) and verified. An unverified account never is, whatever its address:
 * anyone can register an address before its owner does (docs/decisions/accounts.md).
 */
export function isPlatformAdmin(adminEmails: readonly string[], account: PlatformAccount): boolean {
  return account.emailVerified && adminEmails.includes(account.email.toLowerCase())
}
