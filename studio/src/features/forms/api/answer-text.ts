/** An answer as one line of text: lists joined, booleans and numbers as written. */
export function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.map(answerText).join(', ')
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
