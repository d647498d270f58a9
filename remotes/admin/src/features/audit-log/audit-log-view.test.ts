import { formatDateTime } from '@vitrine/utils';
import type { AuditEntry } from '@vitrine/contracts';
import { admin } from '../../locales/pt-BR';
import {
  changeLines,
  describeEntry,
  formatValue,
  hasFilters,
  hasWholeText,
  listInput,
  personOptions,
  readAuditLogView,
  recordOf,
  summaryLines,
  wholeText,
  writeAuditLogView,
  type Translate,
} from './audit-log-view';

const params = (query: string) => new URLSearchParams(query);

/** The pt-BR admin texts, as i18next would say them (nested keys, {{placeholders}}). */
const t: Translate = (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], admin);
  if (typeof text !== 'string') return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: '2026-03-10T14:05:00.000Z',
  actor_id: 2,
  actor_name: 'Ana Admin',
  record_type: 'category',
  record_id: '12',
  action: 'update',
  changes: {},
  ...overrides,
});

describe('the audit log view in the URL', () => {
  it('defaults to the first page of 20, newest first, with no filter', () => {
    const view = readAuditLogView(params(''));
    expect(view).toEqual({ page: 1 });
    expect(listInput(view)).toEqual({ page: 1, limit: 20 });
    expect(hasFilters(view)).toBe(false);
  });

  it('reads every filter and the page', () => {
    const view = readAuditLogView(params('person=3&type=category&record=12&from=2026-03-01&to=2026-03-31&page=2'));
    expect(listInput(view)).toEqual({ actor_id: 3, record_type: 'category', record_id: '12', from: '2026-03-01', to: '2026-03-31', page: 2, limit: 20 });
    expect(hasFilters(view)).toBe(true);
  });

  it('leaves out what a hand-edited link gets wrong, and puts a backwards period the right way round', () => {
    expect(readAuditLogView(params('person=ana&type=planet&record=12&from=2026-02-30&to=31/03/2026&page=-1'))).toEqual({ page: 1 });
    // A record means nothing without its type.
    expect(readAuditLogView(params('record=12')).record).toBeUndefined();
    expect(listInput(readAuditLogView(params('from=2026-03-31&to=2026-03-01')))).toEqual({ from: '2026-03-01', to: '2026-03-31', page: 1, limit: 20 });
  });

  it('writes only what is set, keeps other parameters, goes back to page 1 on a filter change, drops the record with its type', () => {
    const start = params('tab=x&person=3&type=category&record=12&page=4');
    expect(writeAuditLogView(start, { page: 5 }).toString()).toBe('tab=x&person=3&type=category&record=12&page=5');
    expect(writeAuditLogView(start, { from: '2026-03-01' }).toString()).toBe('tab=x&person=3&type=category&record=12&from=2026-03-01');
    expect(writeAuditLogView(start, { type: 'article' }).toString()).toBe('tab=x&person=3&type=article');
    expect(writeAuditLogView(start, { type: undefined }).toString()).toBe('tab=x&person=3');
    expect(writeAuditLogView(params('type=faq'), { type: 'lead', record: '7' }).toString()).toBe('type=lead&record=7');
    expect(writeAuditLogView(start, { actor: undefined, type: undefined, record: undefined, from: undefined, to: undefined }).toString()).toBe('tab=x');
  });

  it('offers the staff as "Name Lastname", A to Z', () => {
    expect(
      personOptions([
        { id: 3, name: 'Carla', last_name: 'Menezes', email: 'carla@vitrine.test' },
        { id: 2, name: 'Ana', last_name: 'Admin', email: 'ana@vitrine.test' },
        { id: 4, name: '', last_name: '', email: 'sem.nome@vitrine.test' },
      ]),
    ).toEqual([
      { value: 2, label: 'Ana Admin' },
      { value: 3, label: 'Carla Menezes' },
      { value: 4, label: 'sem.nome@vitrine.test' },
    ]);
  });

});

describe('an entry, in words', () => {
  it('says what was done to which record', () => {
    expect(describeEntry(entry(), t)).toBe('Atualizou categoria #12');
    expect(describeEntry(entry({ action: 'create', record_type: 'article', record_id: '5' }), t)).toBe('Criou artigo #5');
    expect(describeEntry(entry({ action: 'delete', record_type: 'faq', record_id: '9' }), t)).toBe('Excluiu pergunta frequente #9');
    expect(describeEntry(entry({ action: 'update', record_type: 'site_settings', record_id: 'contact' }), t)).toBe('Atualizou configuração do site “contact”');
    expect(describeEntry(entry({ action: 'create', record_type: 'user_access', record_id: '5' }), t)).toBe('Concedeu um acesso ao usuário #5');
    expect(describeEntry(entry({ action: 'delete', record_type: 'user_access', record_id: '5' }), t)).toBe('Removeu um acesso do usuário #5');
    expect(describeEntry(entry({ action: 'create', record_type: 'message_reply', record_id: '8' }), t)).toBe('Respondeu à mensagem #8');
    expect(recordOf(entry(), t, 'label')).toBe('Categoria #12');
  });

  it("names an article's translation by its language and its article", () => {
    const translation = (action: AuditEntry['action'], id = '12 en-US') => entry({ action, record_type: 'article_translation', record_id: id });
    expect(describeEntry(translation('create'), t)).toBe('Criou a versão em inglês do artigo #12');
    expect(describeEntry(translation('update', '7 ht-HT'), t)).toBe('Atualizou a versão em crioulo haitiano do artigo #7');
    expect(describeEntry(translation('delete', '3 fr-FR'), t)).toBe('Excluiu a versão em francês do artigo #3');
    expect(recordOf(translation('update', '3 es-ES'), t, 'label')).toBe('Versão em espanhol do artigo #3');
    // A language the texts do not know is named by its code; a record id of another shape as any record.
    expect(describeEntry(translation('update', '3 de-DE'), t)).toBe('Atualizou a versão em de-DE do artigo #3');
    expect(describeEntry(translation('update', 'x'), t)).toBe('Atualizou tradução de artigo #x');
    expect(recordOf(translation('update', 'x'), t, 'label')).toBe('Tradução de artigo #x');
  });

  it('shows values compactly', () => {
    expect(formatValue(null, t)).toBe('—');
    expect(formatValue(undefined, t)).toBe('—');
    expect(formatValue(true, t)).toBe('Sim');
    expect(formatValue(false, t)).toBe('Não');
    expect(formatValue(42, t)).toBe('42');
    expect(formatValue('Tecnologia', t)).toBe('“Tecnologia”');
    expect(formatValue('…', t)).toBe('(alterado)');
    const long = formatValue('a'.repeat(200), t);
    expect(long).toBe(`“${'a'.repeat(80)}…”`);
    expect(formatValue({ phone: '+55 11 99999-0000', show: true }, t)).toBe('{"phone":"+55 11 99999-0000","show":true}');
    expect(formatValue({ text: 'x'.repeat(200) }, t)).toHaveLength(81);
    expect(formatValue('2026-03-10T14:05:00.000Z', t)).toBe(formatDateTime('2026-03-10T14:05:00.000Z'));
    expect(formatValue('user_management', t, 'role_name')).toBe('Gestão de usuários');
    expect(formatValue('user_management', t, 'name')).toBe('“user_management”');
  });

  it('lists an update’s changes as before → after, a long text only as changed', () => {
    const update = entry({ changes: { name: ['Tecnologia', 'Tech'], active: [true, false], description: [null, 'Novo'], content: ['…', '…'] } });
    expect(changeLines(update, t)).toEqual([
      { field: 'name', before: '“Tecnologia”', after: '“Tech”' },
      { field: 'active', before: 'Sim', after: 'Não' },
      { field: 'description', before: '—', after: '“Novo”' },
      { field: 'content', value: '(alterado)' },
    ]);
    expect(summaryLines(update, t)).toEqual(changeLines(update, t));
  });

  it('sums up a created or deleted row by the columns naming it, all of them when opened', () => {
    const created = entry({ action: 'create', changes: { id: 12, name: 'Tecnologia', active: true, description: 'Tudo' } });
    expect(summaryLines(created, t)).toEqual([{ field: 'name', value: '“Tecnologia”' }]);
    expect(changeLines(created, t)).toHaveLength(4);
    const access = entry({ action: 'delete', record_type: 'user_access', record_id: '5', changes: { user_id: 5, role_name: 'settings' } });
    expect(summaryLines(access, t)).toEqual([{ field: 'role_name', value: 'Configurações' }]);
    // Nothing naming it: its first columns.
    const link = entry({ action: 'create', record_type: 'lead', changes: { a: 1, b: 2, c: 3, d: 4 } });
    expect(summaryLines(link, t).map((line) => line.field)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the whole of a text the compact form cuts (an SEO entry’s markup), before and after, for the opened row', () => {
    const before = `<script>${'window.a = 1;'.repeat(20)}</script>`;
    const after = '<meta name="a" content="b">\n<meta name="c" content="d">';
    expect(wholeText(before)).toBe(before);
    expect(wholeText(after)).toBe(after);
    expect(wholeText('curto')).toBeUndefined();
    expect(wholeText('…')).toBeUndefined();
    expect(wholeText(42)).toBeUndefined();

    const update = entry({ record_type: 'seo', changes: { head_markup: [before, after], body_markup: ['', '<noscript>x</noscript>'], name: ['A', 'B'] } });
    const [head, body, name] = changeLines(update, t);
    expect(head).toEqual({ field: 'head_markup', before: `“${before.slice(0, 80)}…”`, after: `“${after.replace(/\s+/g, ' ')}”`, whole: { before, after } });
    expect(body).toEqual({ field: 'body_markup', before: '“”', after: '“<noscript>x</noscript>”' });
    // one side long is enough: the other is shown whole too
    expect(changeLines(entry({ changes: { head_markup: [null, before] } }), t)[0]).toMatchObject({ before: '—', whole: { after: before } });
    expect(changeLines(entry({ changes: { head_markup: ['<meta>', before] } }), t)[0]).toMatchObject({ whole: { before: '<meta>', after: before } });
    expect(name).not.toHaveProperty('whole');
    expect(hasWholeText(update, t)).toBe(true);
    expect(hasWholeText(entry({ changes: { name: ['A', 'B'] } }), t)).toBe(false);

    const created = entry({ action: 'create', record_type: 'seo', changes: { name: 'GTM', head_markup: before, body_markup: '' } });
    expect(changeLines(created, t).find((line) => line.field === 'head_markup')).toMatchObject({ whole: { value: before } });
    // the entries written before the markup was copied still read as changed
    expect(changeLines(entry({ changes: { head_markup: ['…', '…'] } }), t)).toEqual([{ field: 'head_markup', value: '(alterado)' }]);
  });
});
