import { type Static, Type } from 'typebox'
import { DateTime, FreeObject, Id, Nullable } from '../../http/schemas.js'
import { Email } from '../auth/index.js'

/** Longest tenant slug (80, as the plan slug: docs/decisions/http.md "Limits the contract sets"). */
export const TENANT_SLUG_MAX_LENGTH = 80

export const CreateTenantBody = Type.Object(
  {
    // At least one visible character: a name of only spaces would render as nothing.
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      'x-expect': 'text with a visible character',
    }),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: TENANT_SLUG_MAX_LENGTH })),
    requestedPlanSlug: Type.Optional(
      Type.String({
        pattern: '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$',
        maxLength: 80,
        'x-expect':
          'a plan slug: lowercase letters and digits in dash-separated words, starting with a letter',
      }),
    ),
  },
  { additionalProperties: false, example: { name: 'Ada Blog', slug: 'ada' } },
)
export type CreateTenantBody = Static<typeof CreateTenantBody>

/**
 * Routes under `user` auth take no query members at all (docs/decisions/http.md "Query strings are
 * strict").
 */
export const NoQuery = Type.Object({}, { additionalProperties: false })

export const TenantSchema = Type.Object({
  id: Id,
  name: Type.String(),
  slug: Type.String(),
  plan: Type.String(),
  status: Type.String(),
  createdAt: DateTime,
})
export type Tenant = Static<typeof TenantSchema>

export const RoleMetaSchema = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  level: Type.Integer(),
  permissions: Type.Array(Type.String()),
})
export type RoleMeta = Static<typeof RoleMetaSchema>

export const MembershipSchema = Type.Object({
  id: Id,
  role: Type.String(),
  roleMeta: Nullable(RoleMetaSchema),
  permissions: Type.Array(Type.String()),
  status: Type.String(),
})
export type Membership = Static<typeof MembershipSchema>

export const CreatedTenant = Type.Object({
  tenant: TenantSchema,
  membership: MembershipSchema,
  /** The session's CSRF token (unchanged: creating a tenant keeps the session's token). */
  csrfToken: Type.String(),
})
export type CreatedTenant = Static<typeof CreatedTenant>

export const TenantListItemSchema = Type.Object({
  id: Id,
  tenantId: Id,
  tenant: TenantSchema,
  role: Type.String(),
  roleMeta: Nullable(RoleMetaSchema),
  permissions: Type.Array(Type.String()),
  status: Type.String(),
  ownerCount: Type.Integer(),
})
export type TenantListItem = Static<typeof TenantListItemSchema>

export const TenantList = Type.Object({ tenants: Type.Array(TenantListItemSchema) })

const NullableString = Nullable(Type.String())

export const BrandingSchema = Type.Object({
  name: NullableString,
  siteName: NullableString,
  description: NullableString,
  logo: NullableString,
  logoUrl: NullableString,
  favicon: NullableString,
  faviconUrl: NullableString,
  primaryColor: NullableString,
  secondaryColor: NullableString,
})
export type Branding = Static<typeof BrandingSchema>

export const TenantInfoSchema = Type.Object({
  tenant: Type.Pick(TenantSchema, ['id', 'name', 'slug', 'plan', 'status']),
  branding: Nullable(BrandingSchema),
  metadata: Nullable(FreeObject),
})
export type TenantInfo = Static<typeof TenantInfoSchema>

/**
 * `{id}` of the lifecycle routes: 24 hex characters, either case (API contract:
 * DELETE /api/tenants/{id}).
 */
export const TenantIdParams = Type.Object(
  { id: Type.String({ pattern: '^[a-fA-F0-9]{24}$', 'x-expect': '24 hex characters' }) },
  { additionalProperties: false },
)

export const CreationOptionsSchema = Type.Object({
  defaultPlan: Type.String(),
  plans: Type.Array(
    Type.Object({
      slug: Type.String(),
      name: Type.String(),
      /** null: unlimited. */
      monthlyRequests: Nullable(Type.Integer()),
      isDefault: Type.Boolean(),
    }),
  ),
  name: Type.Object({ minLength: Type.Integer(), maxLength: Type.Integer() }),
  slug: Type.Object({
    maxLength: Type.Integer(),
    pattern: Type.String(),
    normalization: Type.String(),
    unique: Type.Boolean(),
  }),
})
export type CreationOptions = Static<typeof CreationOptionsSchema>

export const AcceptedMembershipSchema = Type.Object({
  membership: Type.Object({
    id: Id,
    tenantId: Id,
    role: Type.String(),
    roleMeta: Nullable(RoleMetaSchema),
    permissions: Type.Array(Type.String()),
    status: Type.String(),
    acceptedAt: DateTime,
  }),
  tenant: Type.Pick(TenantSchema, ['id', 'name', 'slug', 'plan', 'status']),
  csrfToken: Type.String(),
  token: Type.String(),
  expiresAt: DateTime,
})
export type AcceptedMembership = Static<typeof AcceptedMembershipSchema>

export const TransferOwnershipBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false, example: { email: 'ada@example.com', password: '••••••' } },
)

export const TransferRequestedSchema = Type.Object({
  message: Type.String(),
  transfer: Type.Object({ id: Id, email: Type.String(), expiresAt: DateTime }),
})
export type TransferRequested = Static<typeof TransferRequestedSchema>

export const OpenTransferSchema = Type.Object({
  /** The open, unexpired offer; null when there is none (never offered, accepted, expired or withdrawn). */
  transfer: Nullable(Type.Object({ id: Id, email: Type.String(), expiresAt: DateTime, createdAt: DateTime })),
})
export type OpenTransfer = Static<typeof OpenTransferSchema>

export const TransferCancelledSchema = Type.Object({
  /** False when there was no open offer to withdraw (a repeated request). */
  cancelled: Type.Boolean(),
})
export type TransferCancelled = Static<typeof TransferCancelledSchema>

export const TransferPreviewQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
)

export const TransferPreviewSchema = Type.Object({
  tenant: Type.Object({ id: Id, name: Type.String(), slug: Type.String() }),
  /** The addressed member's e-mail: accepting needs that account signed in. */
  email: Type.String(),
  expiresAt: DateTime,
  requiresAuthentication: Type.Boolean(),
})
export type TransferPreview = Static<typeof TransferPreviewSchema>

export const AcceptTransferBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
)

export const AcceptTransferResultSchema = Type.Object({
  message: Type.String(),
  membership: MembershipSchema,
  tenant: TenantSchema,
})
export type AcceptTransferResult = Static<typeof AcceptTransferResultSchema>

export const DeletionPreflightSchema = Type.Object({
  canDelete: Type.Boolean(),
  alreadyDeleted: Type.Boolean(),
  tenant: Type.Pick(TenantSchema, ['id', 'name', 'slug', 'status']),
  /** Rows the purge would remove, by kind. */
  impact: Type.Object({
    members: Type.Integer(),
    contents: Type.Integer(),
    media: Type.Integer(),
    categories: Type.Integer(),
    tags: Type.Integer(),
    apiTokens: Type.Integer(),
  }),
  /** The text `confirmation` must equal: the tenant's slug. */
  confirmation: Type.String(),
  graceDays: Type.Number(),
  /** When the purge runs: for a deletion made now, or the pending deletion's. */
  purgeAfter: DateTime,
})
export type DeletionPreflight = Static<typeof DeletionPreflightSchema>

export const DeleteTenantBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    confirmation: Type.String({ minLength: 1, maxLength: 200 }),
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
    cancelAtPeriodEnd: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false, example: { currentPassword: '••••••', confirmation: 'ada-blog' } },
)
export type DeleteTenantBody = Static<typeof DeleteTenantBody>

export const DeletionResultSchema = Type.Object({
  status: Type.String(),
  deletionId: Id,
  deletedAt: DateTime,
  purgeAfter: DateTime,
  cancelAtPeriodEnd: Type.Boolean(),
  /** True when the tenant was already pending deletion (a repeated request). */
  duplicate: Type.Boolean(),
})
export type DeletionResult = Static<typeof DeletionResultSchema>

export const RestoreTenantBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    confirmation: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false, example: { currentPassword: '••••••', confirmation: 'ada-blog' } },
)
export type RestoreTenantBody = Static<typeof RestoreTenantBody>

export const RestoreResultSchema = Type.Object({
  status: Type.String(),
  restoredAt: DateTime,
  tenant: TenantSchema,
})
export type RestoreResult = Static<typeof RestoreResultSchema>

export const DeletedTenantListSchema = Type.Object({
  tenants: Type.Array(
    Type.Object({
      id: Id,
      tenantId: Id,
      name: Type.String(),
      slug: Type.String(),
      status: Type.String(),
      deletedAt: DateTime,
      purgeAfter: DateTime,
      deletionReason: Nullable(Type.String()),
      restoreAvailable: Type.Boolean(),
    }),
  ),
})
export type DeletedTenantList = Static<typeof DeletedTenantListSchema>
