const mods = process.argv.slice(2)
globalThis.gc(); const base = process.memoryUsage().heapUsed
let prev = base
for (const m of mods) {
  try { await import(m) } catch (e) { console.log(m, 'ERR', e.message.slice(0, 80)); continue }
  globalThis.gc(); const now = process.memoryUsage().heapUsed
  console.log(((now - prev) / 1048576).toFixed(2).padStart(6), 'MB', m); prev = now
}
console.log('total', ((prev - base) / 1048576).toFixed(1))
