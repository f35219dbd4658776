/**
 * E-mail addresses are stored and compared trimmed and lowercase: the unique index `users_email_key`
 * is on `lower(email)`, and login, registration and re-sends must agree on one spelling.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
