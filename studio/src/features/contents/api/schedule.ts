/**
 * Mantine's date-time picker speaks local `YYYY-MM-DD HH:mm:ss` strings; the API speaks RFC 3339
 * instants. `toPickerValue` shows an instant in the browser's time zone; `fromPickerValue` reads
 * the picked local time back as an instant (null when nothing is picked).
 */
export function toPickerValue(instant: string | null): string | null {
  if (instant === null) return null
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) return null
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

export function fromPickerValue(value: string | null): string | null {
  if (value === null || value.trim() === '') return null
  const date = new Date(value.trim().replace(' ', 'T'))
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
