/** Parsing helpers of `loadConfig` (config.ts, config-integrations.ts): problems are collected, not thrown. */

export function parseInteger(
  raw: string,
  name: string,
  min: number,
  max: number,
  problems: string[],
): number {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
    return min
  }
  return value
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
