import { Type } from 'typebox';
import { SEO_LIMITS } from '../audience';
import { Id, Timestamp, UniqueKey } from './common';

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

/** POST /seo/seo: a name (not blank: the service says so on `name`), the raw markups, on by default. */
export const SeoCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SEO_LIMITS.name }),
    head_markup: Type.String({ maxLength: SEO_LIMITS.markup }),
    body_markup: Type.String({ maxLength: SEO_LIMITS.markup }),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** PUT /seo/seo/{id}/{unique_key} */
export const SeoUpdateBody = Type.Partial(SeoCreateBody, { additionalProperties: false, minProperties: 1 });
