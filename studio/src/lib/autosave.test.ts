import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AutosaveOptions, backoffMs, createAutosave, type SaveKindOf } from './autosave'

type Kind = 'save' | 'publish'

/** A save the test ends by hand: `resolve()` or `reject(error)` the call `n` (0-based). */
function controlledRun() {
  const calls: { kind: SaveKindOf<Kind>; sent: number; resolve: () => void; reject: (e: unknown) => void }[] =
    []
  const run = vi.fn(
    (kind: SaveKindOf<Kind>, sent: number) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ kind, sent, resolve, reject })
      }),
  )
  return { run, calls }
}

function autosave(options: Partial<AutosaveOptions<Kind>> & Pick<AutosaveOptions<Kind>, 'run'>) {
  return createAutosave<Kind>({ delayMs: 1500, ...options })
}

/** Lets the promise callbacks of an ended save run. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createAutosave', () => {
  it('saves once edits pause for the delay, one save for many edits', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run })
    saver.change()
    await vi.advanceTimersByTimeAsync(1000)
    saver.change()
    saver.change()
    await vi.advanceTimersByTimeAsync(1499)
    expect(run).not.toHaveBeenCalled()
    expect(saver.state().status).toBe('dirty')
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
    expect(calls[0]).toMatchObject({ kind: 'auto', sent: 3 })
    expect(saver.state()).toMatchObject({ status: 'saving', busy: true })
    calls[0]!.resolve()
    await settle()
    expect(saver.state()).toMatchObject({ status: 'saved', busy: false })
    expect(saver.unsaved()).toBe(false)
  })

  it('keeps one save in flight, and sends edits made during it in the next save', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run })
    saver.change()
    saver.save('save')
    expect(run).toHaveBeenCalledTimes(1)
    // Typed while the save is on its way: autosave and another Save wait for it.
    saver.change()
    await vi.advanceTimersByTimeAsync(1500)
    saver.change()
    await vi.advanceTimersByTimeAsync(1500)
    expect(run).toHaveBeenCalledTimes(1)
    calls[0]!.resolve()
    await settle()
    // The edits typed during the first save go in one second save, as soon as the first ends.
    expect(run).toHaveBeenCalledTimes(2)
    expect(calls[1]).toMatchObject({ kind: 'auto', sent: 3 })
    expect(saver.state().status).toBe('saving')
    calls[1]!.resolve()
    await settle()
    expect(run).toHaveBeenCalledTimes(2)
    expect(saver.state().status).toBe('saved')
  })

  it('lets a named save queued during another replace a queued autosave, never the reverse', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run })
    saver.change()
    saver.save('auto')
    saver.save('auto')
    saver.save('publish')
    saver.save('auto')
    calls[0]!.resolve()
    await settle()
    expect(calls.map((call) => call.kind)).toEqual(['auto', 'publish'])
  })

  it('says dirty after a save when edits came in meanwhile', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run, enabled: () => false })
    saver.change()
    saver.save('save')
    saver.change()
    calls[0]!.resolve()
    await settle()
    expect(saver.state().status).toBe('dirty')
    expect(saver.unsaved()).toBe(true)
  })

  it('does not save on its own while not enabled, nor send an auto save with nothing unsaved', async () => {
    const { run } = controlledRun()
    let enabled = false
    const saver = autosave({ run, enabled: () => enabled })
    saver.change()
    await vi.advanceTimersByTimeAsync(5000)
    expect(run).not.toHaveBeenCalled()
    expect(await saver.flush()).toBe(false)
    enabled = true
    saver.markSaved()
    saver.save('auto')
    expect(run).not.toHaveBeenCalled()
    expect(saver.state().status).toBe('saved')
  })

  it('retries a save that could not reach the server with a growing pause, then reports saved', async () => {
    const { run, calls } = controlledRun()
    const failed = vi.fn(() => 'retry' as const)
    const saver = autosave({ run, failed, retryAs: (kind) => (kind === 'save' ? 'save' : 'auto') })
    saver.change()
    saver.save('save')
    calls[0]!.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(failed).toHaveBeenCalledWith(new TypeError('Failed to fetch'), 'save')
    expect(saver.state()).toMatchObject({ status: 'error', busy: false, retrying: true })
    await vi.advanceTimersByTimeAsync(999)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls[1]).toMatchObject({ kind: 'save', sent: 1 })
    calls[1]!.reject(new TypeError('Failed to fetch'))
    await settle()
    await vi.advanceTimersByTimeAsync(1999)
    expect(run).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(3)
    calls[2]!.resolve()
    await settle()
    expect(saver.state()).toEqual({ status: 'saved', busy: false, retrying: false })
  })

  it('retries at once when the connection is back, starting the pauses again', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run, failed: () => 'retry' })
    expect(saver.retryNow()).toBe(false)
    saver.change()
    saver.save('auto')
    calls[0]!.reject(new TypeError('offline'))
    await settle()
    expect(saver.retryNow()).toBe(true)
    expect(run).toHaveBeenCalledTimes(2)
    calls[1]!.reject(new TypeError('offline'))
    await settle()
    // The first pause again, not the second.
    await vi.advanceTimersByTimeAsync(1000)
    expect(run).toHaveBeenCalledTimes(3)
  })

  it('does not retry a failure the screen must show, and stays unsaved', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run })
    saver.change()
    saver.save('auto')
    calls[0]!.reject(new Error('title is required'))
    await settle()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(run).toHaveBeenCalledTimes(1)
    expect(saver.state().status).toBe('error')
    expect(saver.unsaved()).toBe(true)
  })

  it('halts on a conflict: the queued save and the waiting autosave are dropped until resumed', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run, failed: () => 'halt' })
    saver.change()
    saver.save('auto')
    saver.change()
    saver.save('publish')
    calls[0]!.reject(new Error('VersionConflict'))
    await settle()
    expect(saver.halted()).toBe(true)
    saver.change()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(run).toHaveBeenCalledTimes(1)
    expect(await saver.flush()).toBe(false)
    saver.resume()
    saver.save('save')
    expect(calls[1]).toMatchObject({ kind: 'save', sent: 3 })
  })

  it('flushes on leaving: saves at once and tells whether everything is saved', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run })
    expect(await saver.flush()).toBe(true)
    saver.change()
    const flushed = saver.flush()
    expect(run).toHaveBeenCalledTimes(1)
    calls[0]!.resolve()
    expect(await flushed).toBe(true)
    // No second save from the autosave timer the change had started.
    await vi.advanceTimersByTimeAsync(5000)
    expect(run).toHaveBeenCalledTimes(1)

    saver.change()
    const failing = saver.flush()
    calls[1]!.reject(new Error('refused'))
    expect(await failing).toBe(false)
  })

  it('a flush during a save waits for it and for the save of what came after', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run })
    saver.change()
    saver.save('save')
    saver.change()
    const flushed = saver.flush()
    calls[0]!.resolve()
    await settle()
    expect(calls[1]).toMatchObject({ kind: 'auto', sent: 2 })
    calls[1]!.resolve()
    expect(await flushed).toBe(true)
  })

  it('keeps what part of a failed save saved (markSaved from run)', async () => {
    const saver = createAutosave<Kind>({
      delayMs: 1500,
      run: async (_kind, sent) => {
        saver.markSaved(sent)
        throw new Error('publishing failed')
      },
    })
    saver.change()
    saver.save('publish')
    await settle()
    expect(saver.unsaved()).toBe(false)
  })

  it('cancels a waiting autosave, and stops every timer when disposed', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run, failed: () => 'retry' })
    saver.change()
    saver.cancel()
    await vi.advanceTimersByTimeAsync(5000)
    expect(run).not.toHaveBeenCalled()
    saver.save('auto')
    calls[0]!.reject(new TypeError('offline'))
    await settle()
    saver.change()
    saver.dispose()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('tells subscribers of every change of state', async () => {
    const { run, calls } = controlledRun()
    const saver = autosave({ run })
    const seen: string[] = []
    const unsubscribe = saver.subscribe(() => seen.push(saver.state().status))
    saver.change()
    saver.save('save')
    calls[0]!.resolve()
    await settle()
    unsubscribe()
    saver.change()
    expect(seen).toEqual(['dirty', 'saving', 'saved', 'saved'])
  })
})

describe('backoffMs', () => {
  it('waits 1 s, then twice as long each time, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ])
  })
})
