/**
 * Saving edits on their own, one save at a time (docs/decisions/studio.md "Forms and their rules"): framework-free,
 * so its timing is tested with fake timers; a screen keeps it in a ref and shows `state()`
 * (`useSyncExternalStore` with `subscribe`).
 *
 * Edits are counted: each `change()` is one, and a save holds the edits made before it started.
 * A change made while a save is on its way is left for the next save, so nothing typed during a
 * save is lost and saves never overlap (each builds on the version the one before answered).
 */

/** `dirty`: edits not saved yet; `saving`: a save on its way; `saved`; `error`: the last save failed. */
export type AutosaveStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'error'

/** What a failed save leads to: tried again later, autosaving stopped until `resume()`, or nothing more. */
export type FailureOutcome = 'retry' | 'halt' | 'fail'

/** The kind of a save: `auto` (a pause in the edits, a flush, a retry) or one the screen names. */
export type SaveKindOf<K extends string> = K | 'auto'

export interface AutosaveState {
  status: AutosaveStatus
  /** A save is on its way. */
  busy: boolean
  /** A save that failed is waiting to be tried again. */
  retrying: boolean
}

export interface AutosaveOptions<K extends string> {
  /** How long edits must pause before they save on their own (ms). */
  delayMs: number
  /**
   * Sends a save of `kind`, with `sent` the count of edits it holds; resolves once saved. It may
   * call `markSaved(sent)` itself when part of it succeeded before a later part failed.
   */
  run: (kind: SaveKindOf<K>, sent: number) => Promise<void>
  /** Whether edits save on their own now (default always); a flush needs it too. */
  enabled?: () => boolean
  /** What a failure of a save of `kind` leads to (default `fail`). */
  failed?: (error: unknown, kind: SaveKindOf<K>) => FailureOutcome
  /** The kind a failed save is tried again as (default `auto`). */
  retryAs?: (kind: SaveKindOf<K>) => SaveKindOf<K>
  /** How long to wait before retry `attempt` (0, 1, …), ms (default `backoffMs`). */
  backoff?: (attempt: number) => number
  /** Kinds not sent when every edit is saved (default: `auto` only). */
  needsEdits?: (kind: SaveKindOf<K>) => boolean
}

export interface Autosave<K extends string> {
  /** An edit was made: saved after `delayMs` without another edit, when autosaving is enabled. */
  change(): void
  /** Saves now, or right after the save on its way (a later `auto` never replaces a named kind). */
  save(kind: SaveKindOf<K>): void
  /**
   * Saves what an autosave would have saved, now; resolves whether everything is saved (false when
   * edits cannot save on their own, autosaving is halted, or the save failed).
   */
  flush(): Promise<boolean>
  /** Edits made that no successful save holds yet. */
  unsaved(): boolean
  /** Takes the edits up to `sent` (default: all) as saved. */
  markSaved(sent?: number): void
  /** Drops a waiting autosave (the edits stay unsaved), e.g. when the screen's text is replaced. */
  cancel(): void
  /** Stops autosaving (a conflict waits for the editor's choice): waiting saves are dropped. */
  halt(): void
  /** Autosaves again after `halt()`. */
  resume(): void
  halted(): boolean
  /** The connection is back: a waiting retry goes now. Returns whether one was waiting. */
  retryNow(): boolean
  state(): AutosaveState
  /** Calls `listener` on every change of `state()`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** Clears every timer (the screen unmounts); a save on its way still ends. */
  dispose(): void
}

/** The default pause before retry `attempt` (0, 1, …) of a failed save, ms: 1 s doubling, at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt))
}

/** A new autosave; nothing runs until the first `change()` or `save()`. */
export function createAutosave<K extends string>(options: AutosaveOptions<K>): Autosave<K> {
  const enabled = options.enabled ?? (() => true)
  const failed = options.failed ?? (() => 'fail' as const)
  const retryAs = options.retryAs ?? (() => 'auto' as const)
  const backoff = options.backoff ?? backoffMs
  const needsEdits = options.needsEdits ?? ((kind) => kind === 'auto')
  let edits = 0
  let savedEdits = 0
  let inFlight = false
  let queued: SaveKindOf<K> | undefined
  let isHalted = false
  let attempts = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let retryKind: SaveKindOf<K> = 'auto'
  let current: AutosaveState = { status: 'idle', busy: false, retrying: false }
  const listeners = new Set<() => void>()
  // Who waits for the saves on their way to end (a flush): told whether all is saved.
  const waiters: ((saved: boolean) => void)[] = []

  const unsaved = () => edits !== savedEdits
  const set = (patch: Partial<AutosaveState>) => {
    const next = { ...current, ...patch }
    if (next.status === current.status && next.busy === current.busy && next.retrying === current.retrying) {
      return
    }
    current = next
    for (const listener of listeners) listener()
  }
  const clearTimer = () => {
    clearTimeout(timer)
    timer = undefined
  }
  const clearRetry = () => {
    clearTimeout(retryTimer)
    retryTimer = undefined
    set({ retrying: false })
  }
  const settle = () => {
    const settled = !unsaved() && !isHalted
    for (const waiter of waiters.splice(0)) waiter(settled)
  }

  function retryLater(kind: SaveKindOf<K>) {
    clearTimeout(retryTimer)
    retryKind = kind
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      set({ retrying: false })
      if (unsaved() && !isHalted) save(kind)
    }, backoff(attempts++))
    set({ retrying: true })
  }

  function save(kind: SaveKindOf<K>) {
    clearTimer()
    if (inFlight) {
      queued = kind === 'auto' ? (queued ?? 'auto') : kind
      return
    }
    if (needsEdits(kind) && !unsaved()) {
      set({ status: 'saved' })
      settle()
      return
    }
    inFlight = true
    const sent = edits
    // At once: the status must never still say "saved" while this save is on its way.
    set({ status: 'saving', busy: true })
    options.run(kind, sent).then(
      () => {
        savedEdits = Math.max(savedEdits, sent)
        attempts = 0
        // Edits made while this save was on its way still wait for theirs.
        set({ status: unsaved() ? 'dirty' : 'saved' })
        done()
      },
      (error: unknown) => {
        const outcome = failed(error, kind)
        set({ status: 'error' })
        if (outcome === 'halt') halt()
        else if (outcome === 'retry') retryLater(retryAs(kind))
        done()
      },
    )
  }

  function done() {
    inFlight = false
    set({ busy: false })
    const next = queued
    queued = undefined
    if (next !== undefined) {
      save(next)
      return
    }
    settle()
  }

  function halt() {
    isHalted = true
    clearTimer()
    clearRetry()
    queued = undefined
  }

  return {
    change() {
      edits += 1
      set({ status: 'dirty' })
      if (!enabled() || isHalted) return
      clearTimer()
      timer = setTimeout(() => {
        timer = undefined
        save('auto')
      }, options.delayMs)
    },
    save,
    flush() {
      if (!unsaved()) return Promise.resolve(true)
      if (!enabled() || isHalted) return Promise.resolve(false)
      const settled = new Promise<boolean>((resolve) => waiters.push(resolve))
      save('auto')
      return settled
    },
    unsaved,
    markSaved(sent = edits) {
      savedEdits = Math.max(savedEdits, sent)
    },
    cancel: clearTimer,
    halt,
    resume() {
      isHalted = false
    },
    halted: () => isHalted,
    retryNow() {
      attempts = 0
      if (retryTimer === undefined) return false
      clearRetry()
      if (unsaved() && !isHalted) save(retryKind)
      return true
    },
    state: () => current,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      clearTimer()
      clearRetry()
      listeners.clear()
    },
  }
}
