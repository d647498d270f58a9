import { ACCESSES, AUDIT_PAGE_SIZE, AUDIT_RECORD_TYPES, type AuditRecordType, type User } from '@vitrine/contracts';
import { formatDateTime, truncate } from '@vitrine/utils';
import type { AuditEntry, AuditLogInput } from '@vitrine/contracts';
import { isDay } from '../../lib/days';

/* ------------------------------------------------------------------------------------------------
 * The view in the URL
 * ---------------------------------------------------------------------------------------------- */

/** What the audit log shows, read from and written to the URL (newest first, 20 a page, always). */
export interface AuditLogView {
  /** The person who acted (a user id). */
  actor?: number;
  type?: AuditRecordType;
  /** One record of `type` (its id; a setting's key): only with a type. */
  record?: string;
  /** UTC days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  page: number;
}

export type AuditLogFilters = Omit<AuditLogView, 'page'>;

/** The URL's names: `?person=3&type=category&record=12&from=2026-03-01&to=2026-03-31&page=2`. */
const PARAM = {
  actor: 'person',
  type: 'type',
  record: 'record',
  from: 'from',
  to: 'to',
  page: 'page',
} as const satisfies Record<keyof AuditLogView, string>;

/** The API's longest record id. */
const RECORD_MAX = 64;

const positive = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? n : undefined;
};

/**
 * The view the URL describes; anything unknown or malformed is left out (a hand-edited link never breaks
 * the page, nor makes the API answer 400): a record without its type goes, a period given backwards is
 * put the right way round.
 */
export function readAuditLogView(params: URLSearchParams): AuditLogView {
  const type = AUDIT_RECORD_TYPES.find((value) => value === params.get(PARAM.type));
  const record = params.get(PARAM.record)?.trim();
  let from = isDay(params.get(PARAM.from)) ? (params.get(PARAM.from) as string) : undefined;
  let to = isDay(params.get(PARAM.to)) ? (params.get(PARAM.to) as string) : undefined;
  if (from && to && to < from) [from, to] = [to, from];
  return {
    actor: positive(params.get(PARAM.actor)),
    type,
    record: type && record && record.length <= RECORD_MAX ? record : undefined,
    from,
    to,
    page: positive(params.get(PARAM.page)) ?? 1,
  };
}

/**
 * `params` with `change` applied; other parameters stay, the defaults are left out. Any change but the
 * page's goes back to the first page; another record type drops the record.
 */
export function writeAuditLogView(params: URLSearchParams, change: Partial<AuditLogView>): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = readAuditLogView(params);
  const view: AuditLogView = { ...current, ...change };
  if (!('page' in change)) view.page = 1;
  if ('type' in change && !('record' in change) && change.type !== current.type) view.record = undefined;
  const text: Record<keyof AuditLogView, string | undefined> = {
    actor: view.actor === undefined ? undefined : String(view.actor),
    type: view.type,
    record: view.type ? view.record?.trim() || undefined : undefined,
    from: view.from,
    to: view.to,
    page: view.page === 1 ? undefined : String(view.page),
  };
  const keys = Object.keys(PARAM) as (keyof AuditLogView)[];
  // Written again in one order, so the same view always reads the same.
  for (const key of keys) next.delete(PARAM[key]);
  for (const key of keys) {
    const value = text[key];
    if (value !== undefined) next.set(PARAM[key], value);
  }
  return next;
}

/** No filter at all (back to the first page). */
export const CLEARED_FILTERS: Record<keyof AuditLogFilters, undefined> = { actor: undefined, type: undefined, record: undefined, from: undefined, to: undefined };

export const hasFilters = (view: AuditLogView) => (Object.keys(CLEARED_FILTERS) as (keyof AuditLogFilters)[]).some((key) => view[key] !== undefined);

/** The query of GET /audit/audit-log: the filters set, the page and its size. */
export function listInput(view: AuditLogView): AuditLogInput {
  return {
    ...(view.actor !== undefined && { actor_id: view.actor }),
    ...(view.type && { record_type: view.type }),
    ...(view.type && view.record && { record_id: view.record }),
    ...(view.from && { from: view.from }),
    ...(view.to && { to: view.to }),
    page: view.page,
    limit: AUDIT_PAGE_SIZE,
  };
}

/** The person filter's choices: "Name Lastname", A to Z. */
export function personOptions(users: readonly Pick<User, 'id' | 'name' | 'last_name' | 'email'>[]): { value: number; label: string }[] {
  return users
    .map((user) => ({ value: user.id, label: `${user.name} ${user.last_name}`.trim() || user.email }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR', { sensitivity: 'base' }));
}

/* ------------------------------------------------------------------------------------------------
 * An entry, in words
 * ---------------------------------------------------------------------------------------------- */

/** i18next's `t`, as these helpers use it (the admin namespace). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** What the database writes for a long text it records as changed but does not copy. */
export const NOT_COPIED = '…';
/** How much of a text value a line shows. */
export const VALUE_MAX = 80;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Entries whose record is another record's link (an access, a category of an article, a reply): said their own way. */
const OWN_SENTENCE = new Set(['user_access_create', 'user_access_delete', 'article_category_create', 'article_category_delete', 'message_reply_create', 'message_reply_delete']);

/** An article's translation is recorded as '<article id> <locale>' ('12 en-US'): its article and language, when it reads so. */
export function translationRecord(recordId: string): { articleId: string; locale: string } | null {
  const match = /^(\d+) ([a-z]{2}-[A-Z]{2})$/.exec(recordId.trim());
  return match ? { articleId: match[1]!, locale: match[2]! } : null;
}

/** A language as a sentence names it ('inglês'), the code itself for one the texts do not know. */
function languageInText(locale: string, t: Translate): string {
  const key = `articles.translations.languagesInText.${locale}`;
  const name = t(key);
  return name === key ? locale : name;
}

/**
 * The record an entry names, in words: as a sentence has it ("categoria #12", "la catégorie #12"), or as a
 * label ("Categoria #12"); a setting by its key ("configuração do site “contact”"); an article's translation by
 * its language and article ("Versão em inglês do artigo #12").
 */
export function recordOf(entry: Pick<AuditEntry, 'record_type' | 'record_id'>, t: Translate, form: 'sentence' | 'label' = 'sentence'): string {
  const translation = entry.record_type === 'article_translation' ? translationRecord(entry.record_id) : null;
  if (translation) return t('auditLog.translationReference', { language: languageInText(translation.locale, t), id: translation.articleId });
  const record = t(`auditLog.${form === 'sentence' ? 'records' : 'types'}.${entry.record_type}`);
  return t(entry.record_type === 'site_settings' ? 'auditLog.referenceKey' : 'auditLog.reference', { record, id: entry.record_id });
}

/**
 * The "What" column: "Atualizou categoria #12", "Concedeu acesso ao usuário #5", "Criou a versão em inglês do
 * artigo #12".
 */
export function describeEntry(entry: Pick<AuditEntry, 'record_type' | 'record_id' | 'action'>, t: Translate): string {
  const translation = entry.record_type === 'article_translation' ? translationRecord(entry.record_id) : null;
  if (translation) return t(`auditLog.what.article_translation_${entry.action}`, { language: languageInText(translation.locale, t), id: translation.articleId });
  const own = `${entry.record_type}_${entry.action}`;
  if (OWN_SENTENCE.has(own)) return t(`auditLog.what.${own}`, { id: entry.record_id });
  return t(`auditLog.what.${entry.action}`, { record: recordOf(entry, t) });
}

const isAccess = (value: unknown): value is (typeof ACCESSES)[number] => typeof value === 'string' && (ACCESSES as readonly string[]).includes(value);

/**
 * One value, compactly: text quoted and cut at `VALUE_MAX` characters, a moment as a date and time,
 * nothing as an em dash, yes/no in the language, a list or an object as JSON (cut too); a long text
 * recorded as changed says so. An access (user_access's role_name) by its name.
 */
export function formatValue(value: unknown, t: Translate, field?: string, locale?: string): string {
  if (value === null || value === undefined) return '—';
  if (value === NOT_COPIED) return t('auditLog.values.notCopied');
  if (typeof value === 'boolean') return t(value ? 'auditLog.values.yes' : 'auditLog.values.no');
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') {
    if (field === 'role_name' && isAccess(value)) return t(`users.accesses.${value}`);
    if (TIMESTAMP.test(value) && formatDateTime(value)) return formatDateTime(value, locale);
    return t('auditLog.values.text', { text: truncate(value.replace(/\s+/g, ' '), VALUE_MAX) });
  }
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = String(value);
  }
  return truncate(json, VALUE_MAX);
}

/**
 * The whole of a text value the compact form cuts (longer than `VALUE_MAX`, or on several lines: an SEO entry's
 * markup, recorded in full), for the opened row to show; undefined for any other value.
 */
export function wholeText(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === NOT_COPIED || TIMESTAMP.test(value)) return undefined;
  return value.length > VALUE_MAX || /[\r\n]/.test(value) ? value : undefined;
}

/** A text value as it is (a long text not copied is none). */
const plainText = (value: unknown): string | undefined => (typeof value === 'string' && value !== NOT_COPIED ? value : undefined);

/** The whole texts of a line's values, where the compact form cuts them. */
export type WholeTexts = Partial<Record<'before' | 'after' | 'value', string>>;

/**
 * A line of the changes: a field changed from → to, or a field and its value (a created or deleted row); `whole`
 * holds the values the compact form cuts, as they are.
 */
export type ChangeLine = ({ field: string; before: string; after: string } | { field: string; value: string }) & { whole?: WholeTexts };

/** `texts` without its empty places; undefined when none is left. */
function wholeOf(texts: WholeTexts): { whole?: WholeTexts } {
  const kept = Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== undefined)) as WholeTexts;
  return Object.keys(kept).length > 0 ? { whole: kept } : {};
}

/** An update's changed columns, each "before → after"; a long text not copied only as changed. */
function updateLines(changes: Record<string, unknown>, t: Translate, locale?: string): ChangeLine[] {
  return Object.entries(changes).map(([field, pair]) => {
    if (!Array.isArray(pair) || pair.length !== 2) return { field, value: formatValue(pair, t, field, locale), ...wholeOf({ value: wholeText(pair) }) };
    const [before, after] = pair as [unknown, unknown];
    if (before === NOT_COPIED && after === NOT_COPIED) return { field, value: t('auditLog.values.notCopied') };
    const formatted = { field, before: formatValue(before, t, field, locale), after: formatValue(after, t, field, locale) };
    if (wholeText(before) === undefined && wholeText(after) === undefined) return formatted;
    // One side cut: both shown whole, side by side (the short one as it is, not quoted).
    return { ...formatted, ...wholeOf({ before: plainText(before), after: plainText(after) }) };
  });
}

/** Every line of an entry: an update's changes, or a created / deleted row's columns (moments in `locale`, an Intl tag). */
export function changeLines(entry: Pick<AuditEntry, 'action' | 'changes'>, t: Translate, locale?: string): ChangeLine[] {
  if (entry.action === 'update') return updateLines(entry.changes, t, locale);
  return Object.entries(entry.changes).map(([field, value]) => ({ field, value: formatValue(value, t, field, locale), ...wholeOf({ value: wholeText(value) }) }));
}

/** Whether an entry holds a text the compact form cuts (its opened row shows it whole). */
export const hasWholeText = (entry: Pick<AuditEntry, 'action' | 'changes'>, t: Translate): boolean => changeLines(entry, t).some((line) => line.whole !== undefined);

/** The columns that say which row a created or deleted one was, in the order shown. */
export const SUMMARY_FIELDS = ['title', 'question', 'name', 'last_name', 'email', 'role_name', 'category_id', 'key'] as const;
/** A row with none of those shows its first few columns. */
const SUMMARY_FALLBACK = 3;

/** The table's changes cell: an update's every change; a created / deleted row's naming columns only. */
export function summaryLines(entry: Pick<AuditEntry, 'action' | 'changes'>, t: Translate, locale?: string): ChangeLine[] {
  const lines = changeLines(entry, t, locale);
  if (entry.action === 'update') return lines;
  const naming = SUMMARY_FIELDS.flatMap((field) => lines.filter((line) => line.field === field));
  return naming.length > 0 ? naming : lines.slice(0, SUMMARY_FALLBACK);
}
