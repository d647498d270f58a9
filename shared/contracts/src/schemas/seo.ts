import { Type } from 'typebox';
import { Id, Timestamp, UniqueKey } from './common';

export const SEO_MARKUP_MAX = 20000;

export const SeoEntrySchema = Type.Object(
  {
    id: Id,
    unique_key: UniqueKey,
    name: Type.String(),
    head_markup: Type.String(),
    body_markup: Type.String(),
    active: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'SeoEntry' },
);

export const PublicSeoSchema = Type.Object({ head_markup: Type.String(), body_markup: Type.String() });

/** POST /seo/seo */
export const SeoCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    head_markup: Type.String({ maxLength: SEO_MARKUP_MAX }),
    body_markup: Type.String({ maxLength: SEO_MARKUP_MAX }),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** PUT /seo/seo/{id}/{unique_key} */
export const SeoUpdateBody = Type.Partial(SeoCreateBody, { additionalProperties: false, minProperties: 1 });
