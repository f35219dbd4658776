import { configSection, int } from '../../config-variables.js'
import { declareFamily } from '../../declare.js'

/** The configuration of change streams and presence (`Config` members; docs/decisions/live.md). */
export interface LiveConfig {
  live: {
    /** Open change streams (public and authenticated) per tenant on one instance. */
    streamsPerTenant: number
    /** Open change streams per client network (IPv4 address, IPv6 /64) on one instance. */
    streamsPerNetwork: number
    /** Interval of the heartbeat comment on every stream (ms). */
    heartbeatMs: number
    /** How old the last event a client saw may be for a resume to replay what followed (seconds). */
    replayWindowSeconds: number
    /** How many events of the tenant a resume replays at most; past it the client gets `reset`. */
    replayMaxEvents: number
    /** An editor's presence lapses this long after its last heartbeat (ms). */
    presenceLapseMs: number
  }
}

/** The live family's configuration (it declares no event and no permission of its own). */
export const declarations = declareFamily({
  config: configSection<LiveConfig>()((to) => ({
    LIVE_STREAMS_PER_TENANT: to(
      'live.streamsPerTenant',
      int(1, 1_000_000, 2000, 'open change streams per tenant on one instance'),
    ),
    LIVE_STREAMS_PER_NETWORK: to(
      'live.streamsPerNetwork',
      int(1, 1_000_000, 20, 'open change streams per client network on one instance'),
    ),
    LIVE_HEARTBEAT_MS: to(
      'live.heartbeatMs',
      int(100, 600_000, 25_000, 'heartbeat interval of change streams'),
    ),
    LIVE_REPLAY_WINDOW_SECONDS: to(
      'live.replayWindowSeconds',
      int(1, 86_400, 3600, 'how far back a resumed change stream replays'),
    ),
    LIVE_REPLAY_MAX_EVENTS: to(
      'live.replayMaxEvents',
      int(1, 100_000, 1000, 'events a resumed change stream replays at most'),
    ),
    LIVE_PRESENCE_LAPSE_MS: to(
      'live.presenceLapseMs',
      int(200, 3_600_000, 40_000, 'an editor’s presence lapses this long after its last heartbeat'),
    ),
  })),
})
