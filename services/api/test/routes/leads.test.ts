import path from 'node:path';
import { LOCALE_CODES, type Locale } from '@vitrine/contracts';
import { LEAD_SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { csvCell, exportFileName } from '../../src/services/leads';
import { addSubscriber } from '../digest-helpers';
import { BACKENDS, setupApp, type Staff, type TestContext } from '../helpers';

const CONTACT = { company: 'Empresa', telephone: '+55 11 90000-0000', subject: 'Assunto', message: 'Mensagem', website: '', elapsed_ms: 9000 };
let address = 0;
const nextAddress = () => `10.99.${(address >> 8) & 255}.${(address += 1) & 255}`;

interface LeadItem {
  id: number;
  unique_key: string;
  email: string;
  module: string;
  status: string;
  classification: string;
  is_lead: boolean;
  converted_at: string | null;
}

/** Parses the semicolon CSV the export writes (quotes, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

/**
 * The leads screen's words in a language: the admin's texts and the interface's common ones, read from their locale
 * files as data (the API never imports the screens' code), to check that the export names things as the screen does.
 */
function screenTexts(locale: Locale): { admin: AdminTexts; common: { actions: { yes: string; no: string } } } {
  const root = path.resolve(__dirname, '../../../..');
  const admin = (jest.requireActual(path.join(root, 'remotes/admin/src/locales', `${locale}.ts`)) as { admin: AdminTexts }).admin;
  const common = (jest.requireActual(path.join(root, 'shared/i18n/src/locales', locale, 'common.ts')) as { common: { actions: { yes: string; no: string } } }).common;
  return { admin, common };
}

type Names = Record<string, string>;
interface AdminTexts {
  leads: { fields: Names; modules: Names; classifications: Names; statuses: Names; newsletterStates: Names };
  newsletter: { reasons: { names: Names } };
}

describe.each(BACKENDS)('leads (%s)', (backend) => {
  let ctx: TestContext;
  let editor: Staff;

  beforeAll(async () => {
    ctx = await setupApp(backend);
    editor = await ctx.staff(['site_editor']);
    const contact = (name: string, email: string, extra: object = {}) =>
      ctx.call('POST', '/api/public/contact', { body: { ...CONTACT, name, email, ...extra }, remoteAddress: nextAddress() });
    await contact('Ana Souza', 'ana@empresa.com.br');
    await contact('Bruno Lima', 'bruno@empresa.com.br', { company: '=HYPERLINK("http://evil.example")', message: 'Linha 1\nLinha "2"; fim' });
    await contact('Çécile Ñúñez', 'cecile@empresa.com.br', { company: 'Ação & Cia' });
    await addSubscriber(ctx, 'leitora@empresa.com.br');
    const gone = await addSubscriber(ctx, 'saiu@empresa.com.br', 'cancelled');
    await ctx.db.query("UPDATE leads SET unsubscribe_reason = 'too-frequent', unsubscribed_at = now() WHERE id = $1", [gone.id]);
  }, 60_000);
  afterAll(() => ctx.close());

  const list = async (body: object = {}) => {
    const res = await ctx.call('POST', '/api/lead/leads-list', { token: editor.token, body });
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: LeadItem[]; total: number; page: number; limit: number };
  };
  const byEmail = async (email: string) => (await list({ search: email, limit: 100 })).items.find((l) => l.email === email) as LeadItem;

  it('lists contacts and subscribers, 10 a page by default, with filters', async () => {
    const all = await list();
    expect(all).toMatchObject({ total: 5, page: 1, limit: 10 });
    expect((await list({ module: 'newsletter' })).items.map((l) => l.email).sort()).toEqual(['leitora@empresa.com.br', 'saiu@empresa.com.br']);
    expect((await list({ newsletter_status: 'cancelled' })).total).toBe(1);
    expect((await list({ search: 'Ação' })).items.map((l) => l.email)).toEqual(['cecile@empresa.com.br']);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    expect((await list({ from: today, to: today })).total).toBe(5);
    expect((await list({ to: '2000-01-01' })).total).toBe(0);
    expect((await list({ sort: 'name', order: 'asc', module: 'contact' })).items.map((l) => l.email)).toEqual(['ana@empresa.com.br', 'bruno@empresa.com.br', 'cecile@empresa.com.br']);
    expect((await list({ limit: 2, page: 3 })).items).toHaveLength(1);
    const bad = await ctx.call('POST', '/api/lead/leads-list', { token: editor.token, body: { classification: 'lukewarm' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].property).toBe('classification');
  });

  it('is for staff whose roles list list-leads', async () => {
    const writer = await ctx.staff(['article_management']);
    expect((await ctx.call('POST', '/api/lead/leads-list', { token: writer.token, body: {} })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/lead/leads-export', { token: writer.token })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/lead/leads-export')).statusCode).toBe(401);
  });

  it('classifies, marks, converts', async () => {
    const ana = await byEmail('ana@empresa.com.br');
    const url = (action: string) => `/api/lead/${action}/${ana.id}/${ana.unique_key}`;
    const warm = await ctx.call('PUT', url('lead-classification'), { token: editor.token, body: { classification: 'warm' } });
    expect(warm.json()).toMatchObject({ data: { classification: 'warm' }, message: LEAD_SUCCESS_MESSAGES.CLASSIFIED });
    expect((await list({ classification: 'warm' })).items.map((l) => l.id)).toEqual([ana.id]);
    expect((await ctx.call('PUT', url('lead-mark'), { token: editor.token, body: { is_lead: true } })).json().data.is_lead).toBe(true);
    expect((await list({ is_lead: true })).total).toBe(1);
    const converted = (await ctx.call('POST', url('lead-convert'), { token: editor.token })).json().data;
    expect(converted).toMatchObject({ is_lead: true, classification: 'hot', converted_at: expect.any(String) });
    expect((await ctx.call('PUT', `/api/lead/lead-mark/${ana.id}/wrong`, { token: editor.token, body: { is_lead: false } })).statusCode).toBe(404);
  });

  it('a blacklisted email can no longer send messages nor subscribe; activating it lifts that', async () => {
    const ana = await byEmail('ana@empresa.com.br');
    const url = `/api/lead/lead-status/${ana.id}/${ana.unique_key}`;
    expect((await ctx.call('PUT', url, { token: editor.token, body: { status: 'blackListed' } })).json().data.status).toBe('blackListed');
    const contact = await ctx.call('POST', '/api/public/contact', { body: { ...CONTACT, name: 'Ana', email: 'ANA@empresa.com.br' }, remoteAddress: nextAddress() });
    expect(contact.statusCode).toBe(403);
    const subscribe = await ctx.call('POST', '/api/public/newsletter', { body: { email: 'ana@empresa.com.br', elapsed_ms: 9000 }, remoteAddress: nextAddress() });
    expect(subscribe.statusCode).toBe(403);
    await ctx.call('PUT', url, { token: editor.token, body: { status: 'active' } });
    const again = await ctx.call('POST', '/api/public/contact', { body: { ...CONTACT, name: 'Ana Souza', email: 'ana@empresa.com.br' }, remoteAddress: nextAddress() });
    expect(again.statusCode).toBe(201);
  });

  it('exports the filtered set as CSV: semicolons, BOM, quoting, accents, formulas neutralised, stamped name', async () => {
    const res = await ctx.call('GET', '/api/lead/leads-export?module=contact&base=contatos', { token: editor.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contatos-\d{6}\.csv"$/);
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(body.slice(1));
    expect(rows[0]?.slice(0, 4)).toEqual(['Nome', 'E-mail', 'Empresa', 'Telefone']);
    expect(rows).toHaveLength(4);
    const bruno = rows.find((r) => r[1] === 'bruno@empresa.com.br') as string[];
    expect(bruno[2]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(bruno[5]).toBe('Linha 1\nLinha "2"; fim');
    expect(rows.find((r) => r[1] === 'cecile@empresa.com.br')?.slice(0, 3)).toEqual(['Çécile Ñúñez', 'cecile@empresa.com.br', 'Ação & Cia']);
    const english = await ctx.call('GET', '/api/lead/leads-export?lang=en-US&module=newsletter', { token: editor.token });
    expect(parseCsv(english.rawPayload.toString('utf8').slice(1))[0]?.[0]).toBe('Name');
  });

  it("exports in the requesting person's language, any of the five: the header row, codes and marks as the leads screen names them, and the unsubscribe reason", async () => {
    // One more of each newsletter state: a subscription not confirmed yet, one cancelled without a reason, one with a reason the screens do not know.
    const extra = [
      await addSubscriber(ctx, 'pendente@empresa.com.br', 'pending'),
      await addSubscriber(ctx, 'sem-motivo@empresa.com.br', 'cancelled'),
      await addSubscriber(ctx, 'outro@empresa.com.br', 'cancelled'),
    ];
    await ctx.db.query("UPDATE leads SET unsubscribe_reason = 'moved-abroad' WHERE id = $1", [extra[2]!.id]);
    try {
      const leads = (await list({ limit: 100 })).items as (LeadItem & { newsletter_status: string | null; confirmed: boolean; unsubscribe_reason: string | null })[];
      for (const locale of LOCALE_CODES) {
        const { admin, common } = screenTexts(locale);
        const res = await ctx.call('GET', `/api/lead/leads-export?lang=${locale}`, { token: editor.token });
        expect(res.statusCode).toBe(200);
        const [header, ...rows] = parseCsv(res.rawPayload.toString('utf8').slice(1));
        const f = admin.leads.fields;
        expect(header).toEqual([f.name, f.email, f.company, f.telephone, f.subject, f.message, f.module, f.classification, f.status, f.newsletter, f.unsubscribeReason, f.lead, f.convertedAt, f.registeredAt, f.updatedAt]);
        expect(rows).toHaveLength(leads.length);
        for (const lead of leads) {
          const row = rows.find((r) => r[1] === lead.email) as string[];
          const state = lead.newsletter_status === 'cancelled' ? 'cancelled' : lead.newsletter_status === 'active' ? (lead.confirmed ? 'active' : 'pending') : lead.module === 'newsletter' && !lead.confirmed ? 'pending' : null;
          const reasons = admin.newsletter.reasons.names;
          const reason = lead.unsubscribe_reason ? (reasons[lead.unsubscribe_reason] ?? lead.unsubscribe_reason) : lead.newsletter_status === 'cancelled' ? reasons.unknown : '';
          expect({ email: lead.email, cells: row.slice(6, 12) }).toEqual({
            email: lead.email,
            cells: [
              admin.leads.modules[lead.module],
              admin.leads.classifications[lead.classification],
              admin.leads.statuses[lead.status],
              state ? admin.leads.newsletterStates[state] : '',
              reason,
              lead.is_lead ? common.actions.yes : common.actions.no,
            ],
          });
        }
        const cell = (email: string, column: number) => rows.find((r) => r[1] === email)?.[column];
        expect(cell('saiu@empresa.com.br', 10)).toBe(admin.newsletter.reasons.names['too-frequent']);
        expect(cell('sem-motivo@empresa.com.br', 10)).toBe(admin.newsletter.reasons.names.unknown);
        expect(cell('outro@empresa.com.br', 10)).toBe('moved-abroad');
        expect(cell('pendente@empresa.com.br', 9)).toBe(admin.leads.newsletterStates.pending);
        expect(cell('bruno@empresa.com.br', 11)).toBe(common.actions.no);
      }
      // A short tag is its language; an unknown one is pt-BR.
      const short = await ctx.call('GET', '/api/lead/leads-export?lang=fr', { token: editor.token });
      expect(parseCsv(short.rawPayload.toString('utf8').slice(1))[0]?.[0]).toBe(screenTexts('fr-FR').admin.leads.fields.name);
      const unknown = await ctx.call('GET', '/api/lead/leads-export?lang=de-DE', { token: editor.token });
      expect(parseCsv(unknown.rawPayload.toString('utf8').slice(1))[0]?.[0]).toBe('Nome');
    } finally {
      await ctx.db.query('DELETE FROM leads WHERE id = ANY($1::int[])', [extra.map((lead) => lead.id)]);
    }
  });

  it('neutralises every formula lead-in and names files base-HHMMSS', () => {
    expect(['=1+1', '+1+1', '-1+2', '@SUM(A1)', '\tx', '\rx'].map((cell) => csvCell(cell))).toEqual(["'=1+1", "'+1+1", "'-1+2", "'@SUM(A1)", "'\tx", `"'\rx"`]);
    // The project's CSV rule (@vitrine/utils): a plain signed number is a number, not a formula.
    expect(['-1', '+55'].map((cell) => csvCell(cell))).toEqual(['-1', '+55']);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell(null)).toBe('');
    expect(exportFileName(undefined, new Date('2026-11-23T20:05:09Z'))).toBe('export-170509.csv');
  });

  it('sums unsubscribe reasons over a period', async () => {
    const res = await ctx.call('GET', '/api/lead/unsubscribe-reasons', { token: editor.token });
    expect(res.json().data).toEqual([{ reason: 'too-frequent', count: 1 }]);
    expect((await ctx.call('GET', '/api/lead/unsubscribe-reasons?to=2000-01-01', { token: editor.token })).json().data).toEqual([]);
  });

  it("exports one person's data and erases it: anonymised, suppressed by hash, recorded", async () => {
    const email = 'cecile@empresa.com.br';
    const exported = await ctx.call('POST', '/api/lead/person-data', { token: editor.token, body: { email: 'Cecile@Empresa.com.br' } });
    expect(exported.statusCode).toBe(200);
    const data = exported.json().data;
    expect(data.leads).toHaveLength(1);
    expect(data.messages[0]).toMatchObject({ name: 'Çécile Ñúñez', company: 'Ação & Cia' });
    expect(JSON.stringify(data)).not.toContain('confirm_token_hash');

    const erased = await ctx.call('POST', '/api/lead/person-erase', { token: editor.token, body: { email } });
    expect(erased.json()).toMatchObject({ data: { leads: 1, messages: 1 }, message: LEAD_SUCCESS_MESSAGES.ERASED });
    expect(await ctx.db.query('SELECT id FROM leads WHERE lower(email) = $1', [email])).toEqual([]);
    expect(await ctx.db.query('SELECT id FROM messages WHERE lower(email) = $1 OR name LIKE $2', [email, '%cile%'])).toEqual([]);
    expect(await ctx.db.query('SELECT email FROM email_suppressions WHERE email = $1', [email])).toEqual([]);
    const actions = await ctx.db.query<{ action: string }>('SELECT action FROM privacy_requests ORDER BY id');
    expect(actions.map((a) => a.action)).toEqual(['export', 'erase']);
    // Never accepted nor mailed again.
    const back = await ctx.call('POST', '/api/public/newsletter', { body: { email, elapsed_ms: 9000 }, remoteAddress: nextAddress() });
    expect(back.statusCode).toBe(403);
  });
});
