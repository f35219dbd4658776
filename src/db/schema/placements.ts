import {
  char,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { idColumn, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'

/**
 * Personalization placements (docs/decisions/menus-and-placements.md): a slot on a site and the
 * experiences that may fill it. `version` grows with every change to the placement or its
 * experiences; assignment hashes it, so a visitor keeps one experience for as long as the setup
 * does not change.
 */
export const placements = pgTable(
  'placements',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    status: text('status').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    defaultRules: jsonb('default_rules').$type<Record<string, unknown>>().notNull().default({}),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('placements_tenant_slug_key').on(t.tenantId, t.slug),
    index('placements_tenant_status_name_idx').on(t.tenantId, t.status, t.name),
  ],
)

export const placementExperiences = pgTable(
  'placement_experiences',
  {
    tenantId: tenantIdColumn(),
    placementId: char('placement_id', { length: 24 }).notNull(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull(),
    priority: integer('priority').notNull().default(50),
    weight: integer('weight').notNull().default(100),
    contentType: text('content_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    ui: jsonb('ui').$type<Record<string, unknown>>().notNull().default({}),
    trigger: jsonb('trigger').$type<Record<string, unknown>>().notNull().default({}),
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('placement_experiences_tenant_placement_idx').on(t.tenantId, t.placementId),
    foreignKey({
      columns: [t.tenantId, t.placementId],
      foreignColumns: [placements.tenantId, placements.id],
    }).onDelete('cascade'),
  ],
)

/**
 * Events a site reports about a shown experience. The IP is kept only as a keyed hash; sensitive
 * form keys are redacted before storing. Rows go with their placement.
 */
export const placementEvents = pgTable(
  'placement_events',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    placementId: char('placement_id', { length: 24 }).notNull(),
    experienceId: char('experience_id', { length: 24 }).notNull(),
    type: text('type').notNull(),
    sessionId: text('session_id').notNull(),
    userKey: text('user_key'),
    trackingId: text('tracking_id'),
    path: text('path').notNull(),
    device: text('device'),
    ipHash: text('ip_hash').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('placement_events_tenant_placement_created_idx').on(t.tenantId, t.placementId, t.createdAt),
    foreignKey({
      columns: [t.tenantId, t.placementId],
      foreignColumns: [placements.tenantId, placements.id],
    }).onDelete('cascade'),
  ],
)

/** Event counts per placement, experience and UTC day, added to as events are stored. */
export const placementStats = pgTable(
  'placement_stats',
  {
    tenantId: tenantIdColumn(),
    placementId: char('placement_id', { length: 24 }).notNull(),
    experienceId: char('experience_id', { length: 24 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    closes: integer('closes').notNull().default(0),
    dismissals: integer('dismissals').notNull().default(0),
    submits: integer('submits').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.placementId, t.experienceId, t.day] }),
    foreignKey({
      columns: [t.tenantId, t.placementId],
      foreignColumns: [placements.tenantId, placements.id],
    }).onDelete('cascade'),
  ],
)
