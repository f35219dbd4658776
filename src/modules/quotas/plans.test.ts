import { describe, expect, it } from 'vitest'
import { effectiveRequestLimit, PLANS, planOf } from './plans.js'

const none = { apiCalls: null, publicApiCalls: null, adminApiCalls: null }

describe('effectiveRequestLimit', () => {
  it('takes the smallest of the plan, apiCalls and the budget’s own limit, for that budget only', () => {
    const settings = { apiCalls: 40_000, publicApiCalls: 30_000, adminApiCalls: null }
    expect(effectiveRequestLimit(PLANS.pro, settings, 'public')).toBe(30_000)
    expect(effectiveRequestLimit(PLANS.pro, settings, 'admin')).toBe(40_000)
    expect(effectiveRequestLimit(PLANS.free, settings, 'public')).toBe(1_000)
    expect(effectiveRequestLimit(PLANS.pro, { ...none, adminApiCalls: 0 }, 'admin')).toBe(0)
    expect(effectiveRequestLimit(PLANS.pro, { ...none, adminApiCalls: 0 }, 'public')).toBe(50_000)
  })

  it('is null (unlimited) only when neither the plan nor any setting has a value', () => {
    expect(effectiveRequestLimit(PLANS.enterprise, none, 'public')).toBeNull()
    expect(effectiveRequestLimit(PLANS.enterprise, none, 'admin')).toBeNull()
    expect(effectiveRequestLimit(PLANS.enterprise, { ...none, publicApiCalls: 5 }, 'admin')).toBeNull()
    expect(effectiveRequestLimit(planOf('gold'), none, 'public')).toBe(1_000)
  })
})
