import { it } from 'vitest'
import { createTestContext } from '/work/main/test/helpers.js'
it('prints hooks', async () => {
  const ctx = await createTestContext()
  const out = ctx.app.printRoutes({ includeHooks: true, commonPrefix: false })
  const lines = out.split('\n')
  const i = lines.findIndex((l) => l.includes('slug/') && l.includes('public'))
  console.log(lines.filter((l,k)=> k>= i-2 && k < i + 40).join('\n'))
  await ctx.close?.()
}, 60000)
