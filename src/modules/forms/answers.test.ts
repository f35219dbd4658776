import { describe, expect, it } from 'vitest'
import { AppError, type ErrorDetail } from '../../errors.js'
import { translate } from '../../i18n/index.js'
import { checkAnswers } from './answers.js'
import type { Field } from './schemas.js'

describe('answers to text fields', () => {
  it('refuses an answer it cannot check: a version published before RE2 may hold a pattern RE2 lacks', () => {
    const fields = [{ id: 'greek', type: 'text', validation: { pattern: '^\\p{Script=Greek}+$' } }] as Field[]
    let refused: unknown
    try {
      checkAnswers(fields, { greek: 'αβγ' })
    } catch (err) {
      refused = err
    }
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).code).toBe('ValidationFailed')
    const details = (refused as AppError).extra.details as ErrorDetail[]
    expect(details.map((detail) => ({ ...detail, message: translate(detail.message, 'en') }))).toEqual([
      {
        field: 'greek',
        message:
          'cannot be checked: the form\'s pattern ^\\p{Script=Greek}+$ uses "\\p{Script=Greek}", which ' +
          'RE2 (the linear-time engine running patterns) refuses: invalid character class range',
      },
    ])
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
