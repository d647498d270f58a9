import { Readable } from 'node:stream';
import type { Lead, LeadClassification, LeadsExportInput, LeadsListInput, LeadStatusAction, LeadWithBounce, ListPage } from '@vitrine/contracts';
import { UNSUBSCRIBE_REASONS } from '@vitrine/contracts';
import { CSV_BOM, CSV_LINE_BREAK, CSV_SEPARATOR, csvFileName, escapeCsvCell } from '@vitrine/utils';
import { NotFoundError } from '../errors';
import { sha256 } from '../lib/security';
import * as admin from '../repositories/leads-admin';
import type { LeadRow } from '../repositories/leads-admin';
import type { Queryable } from '../db';
import type { JobEngine } from '../jobs/engine';
import type { Principal, ServiceDeps } from './context';
import { EXPORT_COLUMNS, exportLocale, LEAD_EXPORT_TEXTS, type ExportColumn, type LeadExportTexts, type NewsletterState, type ReasonName } from './leads-export-texts';
import { emitWebhook, wakeWebhooks } from './webhooks';

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    unique_key: row.unique_key,
    module: row.module,
    name: row.name,
    email: row.email,
    company: row.company,
    telephone: row.telephone,
    subject: row.subject,
    message: row.message,
    classification: row.classification,
    status: row.status,
    newsletter_status: row.newsletter_status,
    confirmed: row.confirmed_at !== null,
    is_lead: row.is_lead,
    converted_at: row.converted_at?.toISOString() ?? null,
    unsubscribe_reason: row.unsubscribe_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A lead as the staff's screens get it: with its address's bounce (when and the server's answer; null: none). */
function toStaffLead(row: LeadRow): LeadWithBounce {
  return { ...toLead(row), bounced_at: row.bounced_at?.toISOString() ?? null, bounce_reason: row.bounce_reason };
}

const stamp = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * One CSV cell: dates in the company's time (DD/MM/YYYY HH:mm, São Paulo), marks as yes/no in the export's language
 * (pt-BR unless given), then the project's CSV rules (@vitrine/utils escapeCsvCell: quoting, formulas neutralised).
 */
export function csvCell(value: unknown, texts: LeadExportTexts = LEAD_EXPORT_TEXTS['pt-BR']): string {
  const text = value === null || value === undefined ? '' : value instanceof Date ? stamp.format(value).replace(',', '') : typeof value === 'boolean' ? (value ? texts.yes : texts.no) : String(value);
  return escapeCsvCell(text);
}

/** Where a lead stands with the newsletter, as the leads screen tags it: subscribed, cancelled, pending (not confirmed yet), or nothing. */
function newsletterState(row: LeadRow): NewsletterState | null {
  if (row.newsletter_status === 'cancelled') return 'cancelled';
  if (row.newsletter_status === 'active') return row.confirmed_at ? 'active' : 'pending';
  return row.module === 'newsletter' && !row.confirmed_at ? 'pending' : null;
}

const KNOWN_REASONS: readonly string[] = [...UNSUBSCRIBE_REASONS, 'one-click'];

/**
 * A lead's value in an export column, in the export's language as the leads screen shows it: codes by their names
 * (source, classification, status, the newsletter state), the unsubscribe reason by its name (one it does not know as
 * recorded; a cancelled subscription without one as "no reason given"), marks as yes/no, the rest as stored.
 */
export function exportValue(row: LeadRow, column: ExportColumn, texts: LeadExportTexts): unknown {
  switch (column) {
    case 'module':
      return texts.modules[row.module] ?? row.module;
    case 'classification':
      return texts.classifications[row.classification] ?? row.classification;
    case 'status':
      return texts.statuses[row.status] ?? row.status;
    case 'newsletter_status': {
      const state = newsletterState(row);
      return state ? texts.newsletter[state] : null;
    }
    case 'unsubscribe_reason': {
      const reason = row.unsubscribe_reason;
      if (reason === null || reason === '') return row.newsletter_status === 'cancelled' ? texts.reasons.unknown : null;
      return KNOWN_REASONS.includes(reason) ? texts.reasons[reason as ReasonName] : reason;
    }
    default:
      return row[column];
  }
}

/** The export's file name: base name plus the hour-minute-second stamp in São Paulo (the company's time zone), e.g. leads-173012.csv. */
export function exportFileName(base: string | undefined, now = new Date()): string {
  return csvFileName(base, true, now, 'America/Sao_Paulo');
}

/** A lead's event for webhooks, with the lead as staff see it now (in `tx`, after the change). */
export async function emitLeadEvent(tx: Queryable, jobs: JobEngine, event: 'lead.created' | 'lead.updated' | 'subscriber.confirmed' | 'subscriber.cancelled', leadId: number): Promise<void> {
  await emitWebhook(tx, jobs, event, `lead:${leadId}`, async () => {
    const row = await admin.findById(tx, leadId);
    return row ? toLead(row) : null;
  });
}

/** Leads as staff work them (route list-leads): filters, classification, status, lead mark, conversion, export, privacy. */
export class LeadsService {
  constructor(private readonly deps: ServiceDeps) {}

  async list(input: LeadsListInput): Promise<ListPage<LeadWithBounce>> {
    const { rows, total } = await admin.list(this.deps.db, input);
    return { items: rows.map(toStaffLead), total, page: input.page ?? 1, limit: input.limit ?? 10 };
  }

  private async one(id: number, key: string): Promise<LeadWithBounce> {
    const row = await admin.find(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    return toStaffLead(row);
  }

  /** A change staff make to a lead, with its lead.updated event in the same transaction. */
  private async change(id: number, key: string, set: string, values: unknown[]): Promise<LeadWithBounce> {
    const { db, jobs } = this.deps;
    await db.transaction(async (tx) => {
      if (!(await admin.update(tx, id, key, set, values))) throw new NotFoundError();
      await emitLeadEvent(tx, jobs, 'lead.updated', id);
    });
    wakeWebhooks(jobs);
    return this.one(id, key);
  }

  async classify(id: number, key: string, classification: LeadClassification): Promise<LeadWithBounce> {
    return this.change(id, key, 'classification = $3', [classification]);
  }

  /**
   * Blacklisting refuses the email everywhere (contact form, newsletter) until it is activated again; deleting
   * hides the lead from the list (status deleted) and keeps its messages.
   */
  async setStatus(id: number, key: string, status: LeadStatusAction): Promise<LeadWithBounce> {
    await this.deps.db.transaction(async (tx) => {
      const row = await admin.find(tx, id, key);
      if (!row) throw new NotFoundError();
      await admin.update(tx, id, key, 'status = $3', [status]);
      if (status === 'blackListed') await admin.blacklist(tx, row.email);
      else if (row.status === 'blackListed') await admin.unsuppress(tx, row.email);
      await emitLeadEvent(tx, this.deps.jobs, 'lead.updated', id);
    });
    wakeWebhooks(this.deps.jobs);
    return this.one(id, key);
  }

  /**
   * Staff clear the bounce of the lead's address (docs/decisions/audience.md, "Bounced addresses"): the mark leaves
   * the address's leads; a subscriber gets mail again only once they confirm a new sign-up (nothing is sent now).
   * Clearing an address that is not bounced changes nothing. Recorded in the audit log like any staff change.
   */
  async clearBounce(id: number, key: string): Promise<LeadWithBounce> {
    const { db, jobs } = this.deps;
    const changed = await db.transaction(async (tx) => {
      const row = await admin.find(tx, id, key);
      if (!row) throw new NotFoundError();
      if (!row.bounced_at) return false;
      await admin.clearBounce(tx, row.email);
      await emitLeadEvent(tx, jobs, 'lead.updated', id);
      return true;
    });
    if (changed) wakeWebhooks(jobs);
    return this.one(id, key);
  }

  async mark(id: number, key: string, isLead: boolean): Promise<LeadWithBounce> {
    return this.change(id, key, 'is_lead = $3', [isLead]);
  }

  /** Conversion: the lead became a customer (docs/decisions/audience.md). Marked as lead, classified hot, when and by whom kept. */
  async convert(id: number, key: string, principal: Principal): Promise<LeadWithBounce> {
    return this.change(id, key, "is_lead = true, classification = 'hot', converted_at = COALESCE(converted_at, now()), converted_by = COALESCE(converted_by, $3)", [principal.user.id]);
  }

  /**
   * The filtered set as CSV, streamed a thousand rows at a time (UTF-8 with a BOM, so spreadsheets show accents), in
   * the language asked for (`lang`, any of the five; pt-BR otherwise): the header row and the values as the leads
   * screen names them.
   */
  exportCsv(input: LeadsExportInput): Readable {
    const { base: _base, lang, ...filters } = input;
    const texts = LEAD_EXPORT_TEXTS[exportLocale(lang)];
    const db = this.deps.db;
    async function* lines(): AsyncGenerator<string> {
      yield `${CSV_BOM}${EXPORT_COLUMNS.map((c) => csvCell(texts.headers[c], texts)).join(CSV_SEPARATOR)}${CSV_LINE_BREAK}`;
      for await (const rows of admin.exportRows(db, filters)) {
        yield rows.map((row) => `${EXPORT_COLUMNS.map((c) => csvCell(exportValue(row, c, texts), texts)).join(CSV_SEPARATOR)}${CSV_LINE_BREAK}`).join('');
      }
    }
    return Readable.from(lines());
  }

  unsubscribeReasons(from?: string, to?: string): Promise<{ reason: string; count: number }[]> {
    return admin.unsubscribeReasons(this.deps.db, from, to);
  }

  /** Everything stored about one email: leads, messages with replies, newsletter deliveries. The request is recorded. */
  async personData(email: string, principal: Principal): Promise<Record<string, unknown>> {
    const { db } = this.deps;
    const address = email.trim().toLowerCase();
    const [leadRows, messages, replies, deliveries] = await Promise.all([
      db.query('SELECT * FROM leads WHERE lower(email) = $1 ORDER BY id', [address]),
      db.query('SELECT id, name, email, company, telephone, subject, body, locale, read_at, archived_at, created_at FROM messages WHERE lower(email) = $1 ORDER BY id', [address]),
      db.query('SELECT r.message_id, r.body, r.created_at FROM message_replies r JOIN messages m ON m.id = r.message_id WHERE lower(m.email) = $1 ORDER BY r.id', [address]),
      db.query('SELECT d.send_id, s.week, d.status, d.sent_at FROM digest_deliveries d JOIN digest_sends s ON s.id = d.send_id WHERE lower(d.email) = $1 ORDER BY d.id', [address]),
    ]);
    const data = {
      email: address,
      exported_at: new Date().toISOString(),
      // Secrets are not personal data to hand out: the confirmation token's hash is left out.
      leads: (leadRows as Record<string, unknown>[]).map(({ confirm_token_hash: _t, ...rest }) => rest),
      messages,
      replies,
      newsletter_deliveries: deliveries,
    };
    await db.query("INSERT INTO privacy_requests (email_hash, action, user_id, summary) VALUES ($1, 'export', $2, $3)", [
      sha256(address),
      principal.user.id,
      JSON.stringify({ leads: leadRows.length, messages: messages.length, deliveries: deliveries.length }),
    ]);
    return data;
  }

  /**
   * Erases one person: their messages' texts and contact details and their leads are anonymised, their
   * deliveries forget the address, and only a hash of it stays in the suppressions, so they are never mailed
   * again. One transaction; recorded.
   */
  async erase(email: string, principal: Principal): Promise<{ leads: number; messages: number }> {
    const address = email.trim().toLowerCase();
    return this.deps.db.transaction(async (tx) => {
      const leads = await tx.query(
        `UPDATE leads SET email = 'erased-' || id || '@erased.invalid', name = '', company = '', telephone = '', subject = '', message = '',
           status = 'deleted', newsletter_status = CASE WHEN newsletter_status IS NULL THEN NULL ELSE 'cancelled' END,
           confirm_token_hash = NULL, unsubscribe_details = NULL, bounce_reason = NULL, updated_at = now()
         WHERE lower(email) = $1 RETURNING 1`,
        [address],
      );
      const messages = await tx.query(
        `UPDATE messages SET name = '[apagado]', email = 'erased-' || id || '@erased.invalid', company = '', telephone = '', subject = '[apagado]', body = '[apagado]'
         WHERE lower(email) = $1 RETURNING id`,
        [address],
      );
      if (messages.length) {
        await tx.query("UPDATE message_replies SET body = '[apagado]' WHERE message_id = ANY($1::bigint[])", [(messages as { id: string }[]).map((m) => m.id)]);
      }
      // The SMTP server's answers may name the address.
      await tx.query("UPDATE digest_deliveries SET email = 'erased@erased.invalid', last_error = NULL WHERE lower(email) = $1", [address]);
      await tx.query("UPDATE outbox SET to_address = 'erased@erased.invalid', text_body = '[apagado]', html_body = '[apagado]' WHERE lower(to_address) = $1", [address]);
      await admin.suppressErased(tx, address);
      const summary = { leads: leads.length, messages: messages.length };
      await tx.query("INSERT INTO privacy_requests (email_hash, action, user_id, summary) VALUES ($1, 'erase', $2, $3)", [sha256(address), principal.user.id, JSON.stringify(summary)]);
      return summary;
    });
  }
}
