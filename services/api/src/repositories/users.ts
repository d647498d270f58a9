import type { Locale } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { VISIBLE } from './articles';

export interface UserRow extends NewUser {
  id: number;
  created_at: Date;
  updated_at: Date;
  /** When they last chose their own password; null while they never have (first access). */
  password_chosen_at: Date | null;
  /** The language they last signed in with: their mails' (null until they first sign in). */
  locale: string | null;
  accesses: string[];
}

const SELECT_USER = `
  SELECT u.*, COALESCE((SELECT array_agg(ur.role_name ORDER BY ur.role_name) FROM user_roles ur WHERE ur.user_id = u.id), '{}') AS accesses
  FROM users u`;

export interface NewUser {
  unique_key: string;
  name: string;
  last_name: string;
  email: string;
  password_hash: string;
  position: string;
  type: string;
  status: string;
  gender: string;
  phone: string | null;
  tax_id: string | null;
  biography: string | null;
  photo: string | null;
  created_by: number | null;
  verified_at: Date | null;
}

export type UserChanges = Partial<
  Pick<NewUser, 'name' | 'last_name' | 'email' | 'position' | 'type' | 'gender' | 'phone' | 'tax_id' | 'biography' | 'photo'>
>;

const UPDATABLE = ['name', 'last_name', 'email', 'position', 'type', 'gender', 'phone', 'tax_id', 'biography', 'photo'] as const;

export async function findById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1`, [id]);
  return rows[0];
}

export async function findByIdAndKey(db: Queryable, id: number, key: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1 AND u.unique_key = $2`, [id, key]);
  return rows[0];
}

export async function findByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`${SELECT_USER} WHERE lower(u.email) = lower($1)`, [email]);
  return rows[0];
}

export async function emailTaken(db: Queryable, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1) AND id <> $2', [
    email,
    exceptId ?? 0,
  ]);
  return rows.length > 0;
}

export async function countUsers(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0]?.n ?? 0;
}

export async function insert(db: Queryable, user: NewUser): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (unique_key, name, last_name, email, password_hash, position, type, status, gender, phone, tax_id, biography, photo, created_by, verified_at, password_chosen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, CASE WHEN $8 = 'first-access' THEN NULL ELSE now() END) RETURNING id`,
    [
      user.unique_key,
      user.name,
      user.last_name,
      user.email,
      user.password_hash,
      user.position,
      user.type,
      user.status,
      user.gender,
      user.phone,
      user.tax_id,
      user.biography,
      user.photo,
      user.created_by,
      user.verified_at,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into users returned no id');
  return id;
}

export async function update(db: Queryable, id: number, changes: UserChanges): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const column of UPDATABLE) {
    if (changes[column] === undefined) continue;
    params.push(changes[column]);
    sets.push(`${column} = $${params.length}`);
  }
  params.push(id);
  await db.query(`UPDATE users SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length}`, params);
}

export async function setRoles(db: Queryable, userId: number, roles: readonly string[]): Promise<void> {
  await db.query('DELETE FROM user_roles WHERE user_id = $1', [userId]);
  if (roles.length > 0) {
    await db.query('INSERT INTO user_roles (user_id, role_name) SELECT $1, unnest($2::text[])', [userId, [...roles]]);
  }
}

export async function setStatus(db: Queryable, id: number, status: string): Promise<void> {
  await db.query('UPDATE users SET status = $1, updated_at = now() WHERE id = $2', [status, id]);
}

export async function setPassword(db: Queryable, id: number, passwordHash: string, status?: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1, status = COALESCE($2, status), password_chosen_at = now(), updated_at = now() WHERE id = $3', [
    passwordHash,
    status ?? null,
    id,
  ]);
}

/** Remembers the language a user signed in with (their mails follow it); nothing is written when it is the same. */
export async function setLocale(db: Queryable, id: number, locale: Locale): Promise<void> {
  await db.query('UPDATE users SET locale = $2 WHERE id = $1 AND locale IS DISTINCT FROM $2', [id, locale]);
}

export async function markVerified(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE users SET verified_at = COALESCE(verified_at, now()) WHERE id = $1', [id]);
}

/** A new address is not proven yet: a user still in first access verifies it again with a mailed code. */
export async function markUnverified(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE users SET verified_at = NULL WHERE id = $1', [id]);
}

export async function remove(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}

export interface ListFilter {
  limit: number;
  page: number;
  search?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  sort: 'created_at' | 'name' | 'email';
  order: 'asc' | 'desc';
}

/** The ORDER BY of each sort; the id breaks ties so paging never repeats or skips a row. */
const ORDER_BY: Record<ListFilter['sort'], (dir: 'ASC' | 'DESC') => string> = {
  created_at: (dir) => `u.created_at ${dir}, u.id ${dir}`,
  name: (dir) => `lower(u.name) ${dir}, lower(u.last_name) ${dir}, u.id ${dir}`,
  email: (dir) => `lower(u.email) ${dir}, u.id ${dir}`,
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function list(db: Queryable, filter: ListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const search = filter.search?.trim();
  if (search) {
    params.push(`%${escapeLike(search)}%`);
    const p = `$${params.length}`;
    where.push(`(u.name ILIKE ${p} OR u.last_name ILIKE ${p} OR u.email ILIKE ${p} OR u.position ILIKE ${p} OR (u.name || ' ' || u.last_name) ILIKE ${p})`);
  }
  if (filter.status) {
    params.push(filter.status);
    where.push(`u.status = $${params.length}`);
  }
  if (filter.type) {
    params.push(filter.type);
    where.push(`u.type = $${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const totalRows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${clause}`, params);
  const rows = await db.query<UserRow>(
    `${SELECT_USER} ${clause} ORDER BY ${ORDER_BY[filter.sort](filter.order === 'asc' ? 'ASC' : 'DESC')} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.limit, (filter.page - 1) * filter.limit],
  );
  return { rows, total: totalRows[0]?.n ?? 0 };
}

/**
 * Public authors: active users with at least one published article whose publish time has come (the
 * public reads' own rule, `VISIBLE`: a scheduled article does not make its author public yet), most
 * recently updated first. Holding the writers' access is not enough: staff who never published, the
 * admin included, stay off the public list. The EXISTS is one probe of articles_author_idx (author, listed_at) per user.
 */
export async function recentAuthors(db: Queryable, limit: number): Promise<UserRow[]> {
  return db.query<UserRow>(
    `${SELECT_USER} WHERE u.status = 'active' AND EXISTS (SELECT 1 FROM articles a WHERE a.author_id = u.id AND ${VISIBLE})
     ORDER BY u.updated_at DESC, u.id DESC LIMIT $1`,
    [limit],
  );
}
