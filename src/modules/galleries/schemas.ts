import { type Static, Type } from 'typebox'
import { DateTime, Id, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'
import { MediaSchema } from '../media/index.js'

export const MAX_GALLERY_ITEMS = 500

export const GallerySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  items: Type.Array(
    Type.Object({
      mediaId: Type.String(),
      title: Type.String(),
      caption: Type.String(),
      order: Type.Integer({ description: 'Position in the gallery, from 0' }),
      media: MediaSchema,
    }),
  ),
  contentIds: Type.Array(Type.String(), { description: 'Contents showing this gallery' }),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type Gallery = Static<typeof GallerySchema>

export const GalleryBody = Type.Object({ gallery: GallerySchema })
export const GalleryPage = Type.Object({ galleries: Type.Array(GallerySchema), pagination: Pagination })
export const GalleryList = Type.Object({ galleries: Type.Array(GallerySchema) })

const Item = Type.Object(
  {
    mediaId: Id,
    title: Type.Optional(Type.String({ maxLength: 500 })),
    caption: Type.Optional(Type.String({ maxLength: 5000 })),
    order: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1_000_000,
        description: 'Sort key; items without one keep their place in the list',
      }),
    ),
  },
  { additionalProperties: false },
)
const Items = Type.Array(Item, {
  maxItems: MAX_GALLERY_ITEMS,
  description: `At most ${MAX_GALLERY_ITEMS}; the media must be this tenant's. Replaces all items.`,
})

/** Gallery create fields (API contract: POST /api/galleries). */
export const CreateGalleryBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 500 }),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    items: Type.Optional(Items),
  },
  {
    additionalProperties: false,
    example: { title: 'Launch photos', items: [{ mediaId: '65f1c0ffee00000000000001', caption: 'Stage' }] },
  },
)
export type CreateGalleryInput = Static<typeof CreateGalleryBody>

export const UpdateGalleryBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    items: Type.Optional(Items),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateGalleryInput = Static<typeof UpdateGalleryBody>

export const ListGalleriesQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Literal part of title or description' }),
    ),
    contentId: Type.Optional(Id),
    ...PageQuery(100, 20),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListGalleriesQuery = Static<typeof ListGalleriesQuery>

export const LinkGalleriesBody = Type.Object(
  {
    galleryIds: Type.Array(Id, {
      maxItems: 100,
      uniqueItems: true,
      description: "The content's galleries in order; [] unlinks all",
    }),
  },
  { additionalProperties: false },
)
