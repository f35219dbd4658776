import { type Static, Type } from 'typebox'
import { DateTime, FreeObject, Id, Nullable } from '../../http/schemas.js'

/** Longest tenant slug (prior-art.md §7.2 has none; 80 matches the spec's plan-slug limit). */
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

/** Routes under `user` auth take no query members at all (strict queries, decisions.md). */
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
  csrfToken: Type.String(),
  /** The rotated session token (decisions.md: tenant creation rotates the session). */
  token: Type.String(),
  expiresAt: DateTime,
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
