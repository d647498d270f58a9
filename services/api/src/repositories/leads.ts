import type { Queryable } from '../db';

export interface LeadContactFields {
  email: string;
  name: string;
  company: string;
  telephone: string;
  subject: string;
  message: string;
}

/**
 * The contact lead of an email, created or refreshed with what the person wrote last. A lead that staff
 * had deleted comes back active: the person reached out again. Answers the lead's id.
 */
export async function upsertContact(db: Queryable, uniqueKey: string, fields: LeadContactFields): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO leads (unique_key, module, email, name, company, telephone, subject, message)
     VALUES ($1, 'contact', $2, $3, $4, $5, $6, $7)
     ON CONFLICT (module, lower(email)) DO UPDATE SET
       email = EXCLUDED.email, name = EXCLUDED.name, company = EXCLUDED.company, telephone = EXCLUDED.telephone,
       subject = EXCLUDED.subject, message = EXCLUDED.message,
       status = CASE WHEN leads.status = 'deleted' THEN 'active' ELSE leads.status END,
       updated_at = now()
     RETURNING id::text AS id`,
    [uniqueKey, fields.email, fields.name, fields.company, fields.telephone, fields.subject, fields.message],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('lead upsert returned no id');
  return id;
}

/** Is this email blacklisted or erased (never accepted nor mailed again)? */
export async function isSuppressed(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query<{ found: number }>('SELECT 1 AS found FROM email_suppressions WHERE email = lower($1)', [email]);
  return rows.length > 0;
}
