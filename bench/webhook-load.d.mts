// Types of webhook-load.mjs for the TypeScript that shares it (bench/chaos.ts, the fault tests).

export interface Delivery {
  firstAt: number
  count: number
  committedAt: number
}

export interface Receiver {
  url: string
  deliveries: Map<string, Delivery>
  close(): Promise<void>
}

export interface WebhookTenant {
  tenantId: string
  token: string
}

export interface WriteAnswer {
  at: number
  status: number
  n: number
}

export function startReceiver(): Promise<Receiver>
export function tenantsWithWebhooks(base: string, receivers: readonly Receiver[]): Promise<WebhookTenant[]>
export function steadyWrites(options: {
  targets: readonly { base: string; tenant: WebhookTenant }[]
  perSecond: number
  seconds: number
  onAnswer?: (answer: WriteAnswer) => void
  onProgress?: (progress: { n: number; total: number; acknowledged: number }) => void
}): Promise<{ acknowledged: number; failed: Map<number, number>; started: number; ended: number }>
export function percentile(sorted: readonly number[], p: number): number | null
export function deliverySummary(
  receivers: readonly Receiver[],
  lateAfterMs?: number,
): {
  delivered: number
  duplicates: number
  late: number
  p50: number | null
  p95: number | null
  p99: number | null
  max: number | null
}
export function awaitDeliveries(
  receivers: readonly Receiver[],
  expected: number,
  timeoutMs: number,
): Promise<number>
