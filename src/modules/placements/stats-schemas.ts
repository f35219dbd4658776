import { Type } from 'typebox'
import { Id, TenantQuery } from '../../http/schemas.js'

/** Query and answer of `GET /api/placements/{id}/stats`. */
export const StatsQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date', description: 'First UTC day, default 30 days ago' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'Last UTC day, default today' })),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
const Counters = {
  impressions: Type.Integer(),
  views: Type.Integer(),
  clicks: Type.Integer(),
  conversions: Type.Integer(),
  closes: Type.Integer(),
  dismissals: Type.Integer(),
  submits: Type.Integer(),
  errors: Type.Integer(),
}
export const StatsBody = Type.Object({
  from: Type.String(),
  to: Type.String(),
  totals: Type.Object(Counters),
  experiences: Type.Array(
    Type.Object({
      experienceId: Id,
      totals: Type.Object(Counters),
      days: Type.Array(Type.Object({ day: Type.String(), ...Counters })),
    }),
  ),
})
