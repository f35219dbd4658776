import { describe, expect, it } from 'vitest'
import { checkAnswers } from './answers.js'
import type { Field } from './schemas.js'

describe('answers to text fields', () => {
  it('refuses an answer it cannot check: a version published before RE2 may hold a pattern RE2 lacks', () => {
    const fields = [{ id: 'greek', type: 'text', validation: { pattern: '^\\p{Script=Greek}+$' } }] as Field[]
    expect(() => checkAnswers(fields, { greek: 'αβγ' })).toThrow(
      expect.objectContaining({
        code: 'ValidationFailed',
        extra: {
          details: [
            {
              field: 'greek',
              message:
                'cannot be checked: the form\'s pattern ^\\p{Script=Greek}+$ uses "\\p{Script=Greek}", which ' +
                'RE2 (the linear-time engine running patterns) refuses: invalid character class range',
            },
          ],
        },
      }),
    )
  })

  it('checks e-mail answers up to 254 characters (RFC 5321), so the e-mail expression stays cheap', () => {
    const fields = Array.from({ length: 20 }, (_, n) => ({ id: `e${n}`, type: 'email' })) as Field[]
    // Each dot makes the built-in expression retry the rest of the answer: quadratic on 10,000 characters.
    const dots = `a@${'a.'.repeat(4_998)}@`
    const data = Object.fromEntries(fields.map((field) => [field.id, dots]))
    const cpu = process.cpuUsage()
    expect(() => checkAnswers(fields, data)).toThrow('e0 must be an e-mail address')
    const used = process.cpuUsage(cpu)
    expect((used.user + used.system) / 1000).toBeLessThan(100)
    const longest = `${'a'.repeat(242)}@example.com`
    expect(checkAnswers([fields[0]!], { e0: longest })).toEqual({ e0: longest })
    expect(() => checkAnswers([fields[0]!], { e0: `a${longest}` })).toThrow('e0 must be an e-mail address')
  })
})
