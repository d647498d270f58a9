import { ACCESSES, type Access, type Gender, type UserStatus, type UserType } from '@vitrine/contracts';
import type { PublicUser, SeoEntry, User } from '@vitrine/contracts';
import type { SeoRow } from '../repositories/seo';
import type { UserRow } from '../repositories/users';

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function sortedAccesses(accesses: readonly string[]): Access[] {
  return ACCESSES.filter((access) => accesses.includes(access));
}

/** A user as the API answers it: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    unique_key: row.unique_key,
    name: row.name,
    last_name: row.last_name,
    email: row.email,
    position: row.position,
    type: row.type as UserType,
    status: row.status as UserStatus,
    accesses: sortedAccesses(row.accesses),
    gender: row.gender as Gender,
    phone: row.phone,
    tax_id: row.tax_id,
    biography: row.biography,
    photo: row.photo,
    verified_at: row.verified_at ? iso(row.verified_at) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    unique_key: row.unique_key,
    name: row.name,
    last_name: row.last_name,
    position: row.position,
    gender: row.gender as Gender,
    biography: row.biography,
    photo: row.photo,
    updated_at: iso(row.updated_at),
  };
}

export function toSeoEntry(row: SeoRow): SeoEntry {
  return {
    id: row.id,
    unique_key: row.unique_key,
    name: row.name,
    head_markup: row.head_markup,
    body_markup: row.body_markup,
    active: row.active,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
