import fs from 'node:fs';
import path from 'node:path';
import { slugify } from '@vitrine/utils';
import { migrate } from '../../src/db';
import { readMigrations } from '../../src/db/migrate';
import { DEMO_FAQ, DEMO_FAQ_PRODUCTS, seedDemoFaq } from '../../src/seed-audience';
import { DEMO_CATEGORIES } from '../../src/seed-content';
import { BACKENDS, pgliteTestDb, setupApp, type Staff, type TestContext } from '../helpers';
import { createCategory } from '../content-helpers';

const MIGRATION = fs.readFileSync(path.join(__dirname, '../../src/migrations/019-translated-descriptions-and-faq.sql'), 'utf8');
/** The migration's seeding part (its two UPDATEs), run again over rows a test makes. */
const SEEDING = MIGRATION.slice(MIGRATION.indexOf('UPDATE categories'));

type Texts = Record<string, string>;
interface PublicFaq {
  lang?: string;
  products: { slug: string; name: string; entries: { slug: string; product: string; question: string; answer: string }[] }[];
}

/**
 * Category descriptions and the FAQ in five languages (docs/decisions/i18n.md, "Translated content"): pt-BR in the
 * text's column, the four others in a jsonb beside it (migration 019); public reads answer the request's language with
 * the pt-BR fallback, keyed by language in the answer cache; staff save the translations.
 */
describe.each(BACKENDS)('translated descriptions and FAQ (%s)', (backend) => {
  let ctx: TestContext;
  let editor: Staff;

  beforeAll(async () => {
    ctx = await setupApp(backend);
    editor = await ctx.staff(['site_editor']);
  }, 60_000);
  afterAll(() => ctx.close());

  describe('category descriptions', () => {
    let sales: { id: number; unique_key: string };
    let plain: { id: number; unique_key: string };
    const descriptions = async (id: number) => (await ctx.db.query<{ descriptions: Texts }>('SELECT descriptions FROM categories WHERE id = $1', [id]))[0]?.descriptions;
    const chips = async (url: string, headers: Record<string, string> = {}) => {
      const res = await ctx.call('GET', url, { headers });
      const items = res.json().data as { id: number; name: string; description: string }[];
      return { res, byId: Object.fromEntries(items.filter((c) => c.id === sales.id || c.id === plain.id).map((c) => [c.id, c.description])) };
    };

    beforeAll(async () => {
      sales = await createCategory(ctx, {
        name: 'Vendas',
        description: 'Tudo sobre vendas no varejo.',
        names: { 'en-US': 'Sales' },
        descriptions: { 'en-US': ' All about retail sales. ', 'es-ES': 'Todo sobre ventas al por menor.', 'fr-FR': '', 'ht-HT': '  ' },
      });
      plain = await createCategory(ctx, { name: 'Zeladoria', description: 'Cuidado com o prédio.' });
    });

    it('are saved trimmed (blank ones left out), returned to staff, kept by an update without them and replaced by one with them', async () => {
      expect(await descriptions(sales.id)).toEqual({ 'en-US': 'All about retail sales.', 'es-ES': 'Todo sobre ventas al por menor.' });
      const got = await ctx.call('GET', `/api/category/category/${sales.id}/${sales.unique_key}`, { token: ctx.admin.token });
      expect(got.json().data).toMatchObject({ description: 'Tudo sobre vendas no varejo.', descriptions: { 'en-US': 'All about retail sales.', 'es-ES': 'Todo sobre ventas al por menor.' } });
      expect((await ctx.call('GET', `/api/category/category/${plain.id}/${plain.unique_key}`, { token: ctx.admin.token })).json().data.descriptions).toEqual({});

      const keep = await ctx.call('PUT', `/api/category/category/${sales.id}/${sales.unique_key}`, { token: ctx.admin.token, body: { text_color: '#ffffff' } });
      expect(keep.json().data.descriptions).toEqual({ 'en-US': 'All about retail sales.', 'es-ES': 'Todo sobre ventas al por menor.' });
      const replace = await ctx.call('PUT', `/api/category/category/${sales.id}/${sales.unique_key}`, {
        token: ctx.admin.token,
        body: { descriptions: { 'en-US': 'All about retail sales.', 'fr-FR': 'Tout sur la vente au détail.' } },
      });
      expect(replace.statusCode).toBe(200);
      expect(replace.json().data.descriptions).toEqual({ 'en-US': 'All about retail sales.', 'fr-FR': 'Tout sur la vente au détail.' });
      // The staff list's search finds a category by a translated description too.
      const list = (await ctx.call('POST', '/api/category/categories-list', { token: ctx.admin.token, body: { search: 'vente au détail' } })).json().data;
      expect(list.items.map((c: { id: number }) => c.id)).toEqual([sales.id]);
    });

    it('refuse an unknown language, pt-BR and a text over the limit (400 VALIDATION_ERROR naming descriptions.<code>), changing nothing', async () => {
      const body = (values: unknown) => ({ token: ctx.admin.token, body: { name: 'Qualquer', description: 'x', text_color: '#fff', background_color: '#000', descriptions: values } });
      const unknown = await ctx.call('POST', '/api/category/category', body({ 'de-DE': 'Verkauf' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'descriptions.de-DE' }] });
      const ptBR = await ctx.call('POST', '/api/category/category', body({ 'pt-BR': 'Qualquer' }));
      expect(ptBR.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'descriptions.pt-BR' }] });
      const long = await ctx.call('PUT', `/api/category/category/${sales.id}/${sales.unique_key}`, { token: ctx.admin.token, body: { descriptions: { 'ht-HT': 'x'.repeat(501) } } });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'descriptions.ht-HT', message: { maxLength: expect.any(String) } }] });
      expect(await descriptions(sales.id)).toEqual({ 'en-US': 'All about retail sales.', 'fr-FR': 'Tout sur la vente au détail.' });
    });

    it('public categories describe each category in ?lang=, else the vt_lang cookie, else pt-BR; one without a translation in pt-BR', async () => {
      expect((await chips('/api/public/categories')).byId).toEqual({ [sales.id]: 'Tudo sobre vendas no varejo.', [plain.id]: 'Cuidado com o prédio.' });
      expect((await chips('/api/public/categories?lang=en-US')).byId).toEqual({ [sales.id]: 'All about retail sales.', [plain.id]: 'Cuidado com o prédio.' });
      expect((await chips('/api/public/categories?lang=fr')).byId).toEqual({ [sales.id]: 'Tout sur la vente au détail.', [plain.id]: 'Cuidado com o prédio.' });
      expect((await chips('/api/public/categories', { cookie: 'vt_lang=fr-FR' })).byId[sales.id]).toBe('Tout sur la vente au détail.');
      // es-ES lost its translation in the update above: pt-BR, not English.
      expect((await chips('/api/public/categories?lang=es-ES')).byId[sales.id]).toBe('Tudo sobre vendas no varejo.');
      expect((await chips('/api/public/categories?lang=xx-YY')).byId[sales.id]).toBe('Tudo sobre vendas no varejo.');
    });

    it('are cached per language, and a change reaches every language at once', async () => {
      const en = await chips('/api/public/categories?lang=en-US');
      const pt = await chips('/api/public/categories');
      const enAgain = await chips('/api/public/categories?lang=en-US');
      expect(enAgain.res.headers.etag).toBe(en.res.headers.etag);
      expect(en.res.headers.etag).not.toBe(pt.res.headers.etag);
      expect(String(en.res.headers.vary)).toContain('cookie');
      expect(enAgain.byId[sales.id]).toBe('All about retail sales.');

      await ctx.call('PUT', `/api/category/category/${sales.id}/${sales.unique_key}`, { token: ctx.admin.token, body: { descriptions: { 'en-US': 'Retail, in practice.' } } });
      expect((await chips('/api/public/categories?lang=en-US')).byId[sales.id]).toBe('Retail, in practice.');
      expect((await chips('/api/public/categories?lang=fr-FR')).byId[sales.id]).toBe('Tudo sobre vendas no varejo.');
      expect((await chips('/api/public/categories')).byId[sales.id]).toBe('Tudo sobre vendas no varejo.');
    });
  });

  describe('the FAQ', () => {
    const faq = async (query = '', headers: Record<string, string> = {}) => {
      const res = await ctx.call('GET', `/api/public/faq${query}`, { headers });
      return { res, data: res.json().data as PublicFaq };
    };
    const create = (body: object) => ctx.call('POST', '/api/faq/entry', { token: editor.token, body });
    const update = (id: number, body: object) => ctx.call('PUT', `/api/faq/entry/${id}`, { token: editor.token, body });
    const stored = async (id: number) =>
      (await ctx.db.query<{ product_names: Texts; questions: Texts; answers: Texts }>('SELECT product_names, questions, answers FROM faq_entries WHERE id = $1', [id]))[0];
    let price: number;
    let install: number;
    let weekly: number;

    beforeAll(async () => {
      price = (
        await create({
          product: 'Sistema de Gestão',
          question: 'Quanto custa?',
          answer: 'Planos mensais por usuário.',
          position: 0,
          product_names: { 'en-US': ' Management System ', 'fr-FR': 'Logiciel de gestion', 'es-ES': '' },
          questions: { 'en-US': 'How much does it cost?', 'fr-FR': 'Combien ça coûte ?', 'ht-HT': '  ' },
          answers: { 'en-US': 'Monthly plans per user.', 'fr-FR': 'Des formules mensuelles par utilisateur.', 'ht-HT': '' },
        })
      ).json().data.id;
      install = (await create({ product: 'Sistema de Gestão', question: 'Preciso instalar algo?', answer: 'Não: roda no navegador.', position: 1 })).json().data.id;
      weekly = (await create({ product: 'Newsletter', question: 'Quando chega?', answer: 'Toda segunda-feira.', position: 2 })).json().data.id;
    });

    it('staff save the translations trimmed (blank ones left out) and read them back; a new entry takes its product’s names', async () => {
      expect(await stored(price)).toEqual({
        product_names: { 'en-US': 'Management System', 'fr-FR': 'Logiciel de gestion' },
        questions: { 'en-US': 'How much does it cost?', 'fr-FR': 'Combien ça coûte ?' },
        answers: { 'en-US': 'Monthly plans per user.', 'fr-FR': 'Des formules mensuelles par utilisateur.' },
      });
      // Created without product names: its product's.
      expect(await stored(install)).toEqual({ product_names: { 'en-US': 'Management System', 'fr-FR': 'Logiciel de gestion' }, questions: {}, answers: {} });
      expect(await stored(weekly)).toEqual({ product_names: {}, questions: {}, answers: {} });
      const list = (await ctx.call('GET', '/api/faq/entries', { token: editor.token })).json().data as { id: number; questions: Texts; product_names: Texts }[];
      expect(list.find((e) => e.id === price)).toMatchObject({ question: 'Quanto custa?', questions: { 'en-US': 'How much does it cost?' }, product_names: { 'en-US': 'Management System' } });
    });

    it('answers the request’s language with the pt-BR fallback per text; slugs stay the pt-BR ones', async () => {
      const pt = (await faq()).data;
      expect(pt.lang).toBe('pt-BR');
      expect(pt.products.map((p) => [p.slug, p.name, p.entries.map((e) => e.question)])).toEqual([
        ['sistema-de-gestao', 'Sistema de Gestão', ['Quanto custa?', 'Preciso instalar algo?']],
        ['newsletter', 'Newsletter', ['Quando chega?']],
      ]);
      const en = (await faq('?lang=en-US')).data;
      expect(en.lang).toBe('en-US');
      expect(en.products.map((p) => [p.slug, p.name])).toEqual([
        ['sistema-de-gestao', 'Management System'],
        ['newsletter', 'Newsletter'],
      ]);
      expect(en.products[0]?.entries).toEqual([
        expect.objectContaining({ slug: 'quanto-custa', product: 'Management System', question: 'How much does it cost?', answer: 'Monthly plans per user.' }),
        // Not translated: pt-BR.
        expect.objectContaining({ slug: 'preciso-instalar-algo', product: 'Management System', question: 'Preciso instalar algo?', answer: 'Não: roda no navegador.' }),
      ]);
      const fr = (await faq('', { cookie: 'vt_lang=fr-FR' })).data;
      expect(fr.products[0]?.name).toBe('Logiciel de gestion');
      expect(fr.products[0]?.entries[0]).toMatchObject({ question: 'Combien ça coûte ?', answer: 'Des formules mensuelles par utilisateur.' });
      // Nothing in Spanish or Creole: every text in pt-BR (not in English).
      for (const lang of ['es-ES', 'ht']) {
        const page = (await faq(`?lang=${lang}`)).data;
        expect(page.products.map((p) => p.name)).toEqual(['Sistema de Gestão', 'Newsletter']);
        expect(page.products[0]?.entries[0]).toMatchObject({ question: 'Quanto custa?', answer: 'Planos mensais por usuário.' });
      }
    });

    it('is cached per language (its own ETag, Vary: cookie), and an edit reaches every language at once', async () => {
      const en = await faq('?lang=en-US');
      const pt = await faq();
      const enAgain = await faq('?lang=en-US');
      const cookie = await faq('', { cookie: 'vt_lang=en-US' });
      expect(enAgain.res.headers.etag).toBe(en.res.headers.etag);
      expect(en.res.headers.etag).not.toBe(pt.res.headers.etag);
      expect(String(en.res.headers.vary)).toContain('cookie');
      expect(cookie.data.products[0]?.name).toBe('Management System');
      expect((await faq()).data.products[0]?.name).toBe('Sistema de Gestão');

      expect((await update(install, { questions: { 'en-US': 'Do I need to install anything?' }, answers: { 'en-US': 'No: it runs in the browser.' } })).statusCode).toBe(200);
      expect((await faq('?lang=en-US')).data.products[0]?.entries[1]).toMatchObject({ question: 'Do I need to install anything?', answer: 'No: it runs in the browser.' });
      expect((await faq()).data.products[0]?.entries[1]).toMatchObject({ question: 'Preciso instalar algo?' });
    });

    it('a product’s names are the product’s: changed on one entry, changed on all; an entry moved to another product takes that one’s', async () => {
      const res = await update(install, { product_names: { 'en-US': 'Management software', 'es-ES': 'Sistema de gestión' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.product_names).toEqual({ 'en-US': 'Management software', 'es-ES': 'Sistema de gestión' });
      expect((await stored(price))?.product_names).toEqual({ 'en-US': 'Management software', 'es-ES': 'Sistema de gestión' });
      expect((await stored(weekly))?.product_names).toEqual({});
      expect((await faq('?lang=es-ES')).data.products[0]?.name).toBe('Sistema de gestión');

      await update(weekly, { product_names: { 'es-ES': 'Boletín' } });
      const moved = await update(install, { product: 'Newsletter' });
      expect(moved.json().data.product_names).toEqual({ 'es-ES': 'Boletín' });
      expect((await stored(price))?.product_names).toEqual({ 'en-US': 'Management software', 'es-ES': 'Sistema de gestión' });
      await update(install, { product: 'Sistema de Gestão' });
      expect((await stored(install))?.product_names).toEqual({ 'en-US': 'Management software', 'es-ES': 'Sistema de gestión' });
    });

    it('refuses a question translated without its answer (and the reverse), an unknown language, pt-BR and texts over the limits: 400 naming the field', async () => {
      const base = { product: 'Newsletter', question: 'Posso cancelar?', answer: 'Sim.' };
      const half = await create({ ...base, questions: { 'fr-FR': 'Puis-je me désabonner ?' }, answers: { 'en-US': 'Yes.' } });
      expect(half.statusCode).toBe(400);
      expect(half.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(half.json().errors).toEqual(
        expect.arrayContaining([
          { property: 'answers.fr-FR', message: { isNotEmpty: expect.any(String) } },
          { property: 'questions.en-US', message: { isNotEmpty: expect.any(String) } },
        ]),
      );
      // On an edit, against what is stored: the Spanish question alone is refused.
      const editHalf = await update(price, { questions: { 'en-US': 'How much does it cost?', 'fr-FR': 'Combien ça coûte ?', 'es-ES': '¿Cuánto cuesta?' } });
      expect(editHalf.statusCode).toBe(400);
      expect(editHalf.json().errors).toEqual([{ property: 'answers.es-ES', message: { isNotEmpty: expect.any(String) } }]);
      const blankAnswer = await update(price, { answers: { 'en-US': ' ', 'fr-FR': 'Des formules mensuelles par utilisateur.' } });
      expect(blankAnswer.json().errors).toEqual([{ property: 'answers.en-US', message: { isNotEmpty: expect.any(String) } }]);

      const unknown = await create({ ...base, questions: { 'de-DE': 'Kann ich kündigen?' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'questions.de-DE' }] });
      expect((await create({ ...base, product_names: { 'pt-BR': 'Newsletter' } })).json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'product_names.pt-BR' }] });
      const long = await update(price, { answers: { 'en-US': 'x'.repeat(4001) } });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'answers.en-US', message: { maxLength: expect.any(String) } }] });
      const longName = await update(price, { product_names: { 'ht-HT': 'x'.repeat(61) } });
      expect(longName.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'product_names.ht-HT', message: { maxLength: expect.any(String) } }] });

      expect(await stored(price)).toMatchObject({
        questions: { 'en-US': 'How much does it cost?', 'fr-FR': 'Combien ça coûte ?' },
        answers: { 'en-US': 'Monthly plans per user.', 'fr-FR': 'Des formules mensuelles par utilisateur.' },
      });
      expect((await ctx.db.query('SELECT 1 FROM faq_entries WHERE question = $1', ['Posso cancelar?'])).length).toBe(0);
    });

    it('the audit log records a translation change like any column', async () => {
      await update(weekly, { questions: { 'ht-HT': 'Kilè li rive?' }, answers: { 'ht-HT': 'Chak lendi.' } });
      const audit = await ctx.db.query<{ changes: Record<string, unknown> }>(
        "SELECT changes FROM audit_log WHERE record_type = 'faq' AND record_id = $1 AND action = 'update' ORDER BY id DESC LIMIT 1",
        [String(weekly)],
      );
      expect(audit[0]?.changes).toMatchObject({ questions: [{}, { 'ht-HT': 'Kilè li rive?' }], answers: [{}, { 'ht-HT': 'Chak lendi.' }] });
    });
  });

  describe('migration 019 and the seed', () => {
    const insertCategory = async (key: string, description: string, descriptions = '{}') =>
      (
        await ctx.db.query<{ id: number }>(
          `INSERT INTO categories (unique_key, name, description, descriptions, text_color, background_color) VALUES ($1, $2, $3, $4::jsonb, '#fff', '#000') RETURNING id`,
          [key, `Migração ${key}`, description, descriptions],
        )
      )[0]!.id;
    const insertFaq = async (entry: { product: string; slug: string; question: string; answer: string }, questions = '{}') =>
      (
        await ctx.db.query<{ id: number }>(
          `INSERT INTO faq_entries (product, slug, question, answer, questions) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`,
          [entry.product, entry.slug, entry.question, entry.answer, questions],
        )
      )[0]!.id;
    const translationsOf = async (table: 'categories' | 'faq_entries', ids: number[]) =>
      ctx.db.query<{ id: number; descriptions?: Texts; product_names?: Texts; questions?: Texts; answers?: Texts }>(
        `SELECT * FROM ${table} WHERE id = ANY($1::int[]) ORDER BY id`,
        [ids],
      );

    beforeEach(async () => {
      await ctx.db.query('DELETE FROM faq_entries');
      await ctx.db.query('DELETE FROM categories WHERE unique_key = ANY($1::text[])', [DEMO_CATEGORIES.map((c) => slugify(c.name))]);
    });

    it('writes, over rows still as seeded, exactly what the seed writes on a fresh install', async () => {
      const categoryIds = [];
      for (const c of DEMO_CATEGORIES) categoryIds.push(await insertCategory(slugify(c.name), c.description));
      const faqIds = [];
      for (const entry of DEMO_FAQ) faqIds.push(await insertFaq(entry));
      await ctx.db.exec(SEEDING);

      const categories = await translationsOf('categories', categoryIds);
      expect(categories.map((c) => c.descriptions)).toEqual(DEMO_CATEGORIES.map((c) => c.descriptions));
      const entries = await translationsOf('faq_entries', faqIds);
      expect(entries.map(({ product_names, questions, answers }) => ({ product_names, questions, answers }))).toEqual(
        DEMO_FAQ.map((e) => ({ product_names: DEMO_FAQ_PRODUCTS[e.product], questions: e.questions, answers: e.answers })),
      );
      // Every seeded text is translated in the four languages (the product RC Sistem I is a brand: its name stays).
      for (const e of DEMO_FAQ) {
        expect(Object.keys(e.questions).sort()).toEqual(['en-US', 'es-ES', 'fr-FR', 'ht-HT']);
        expect(Object.keys(e.answers).sort()).toEqual(['en-US', 'es-ES', 'fr-FR', 'ht-HT']);
        expect(e.answers['en-US']?.split('\n\n').length).toBe(e.answer.split('\n\n').length);
      }
    });

    it('leaves alone a row staff changed or already translated', async () => {
      const tech = DEMO_CATEGORIES[0];
      const design = DEMO_CATEGORIES[1];
      const marketing = DEMO_CATEGORIES[2];
      const untouched = await insertCategory(slugify(tech.name), tech.description);
      const rewritten = await insertCategory(slugify(design.name), 'Uma descrição nossa.');
      const translated = await insertCategory(slugify(marketing.name), marketing.description, '{"en-US": "Our own words."}');
      const [first, second, third, fourth] = DEMO_FAQ;
      const asSeeded = await insertFaq(first!);
      const newAnswer = await insertFaq({ ...second!, answer: `${second!.answer} Atualizado.` });
      const newProduct = await insertFaq({ ...third!, product: 'RC Sistem II' });
      const ownTranslation = await insertFaq(fourth!, '{"en-US": "What does it cost?"}');
      await ctx.db.exec(SEEDING);

      const categories = await translationsOf('categories', [untouched, rewritten, translated]);
      expect(categories.map((c) => c.descriptions)).toEqual([tech.descriptions, {}, { 'en-US': 'Our own words.' }]);
      const entries = await translationsOf('faq_entries', [asSeeded, newAnswer, newProduct, ownTranslation]);
      expect(entries[0]).toMatchObject({ questions: first!.questions, answers: first!.answers });
      for (const changed of entries.slice(1, 3)) expect(changed).toMatchObject({ product_names: {}, questions: {}, answers: {} });
      expect(entries[3]).toMatchObject({ product_names: {}, questions: { 'en-US': 'What does it cost?' }, answers: {} });
      // The pt-BR texts are never touched.
      expect((await ctx.db.query<{ answer: string }>('SELECT answer FROM faq_entries WHERE id = $1', [newAnswer]))[0]?.answer).toBe(`${second!.answer} Atualizado.`);
    });

    it('a fresh install’s FAQ reads in the visitor’s language, product names included', async () => {
      await seedDemoFaq(ctx.db);
      ctx.app.answerCache.clear();
      const read = async (lang: string) => (await ctx.call('GET', `/api/public/faq?lang=${lang}`)).json().data as PublicFaq;
      const ht = await read('ht-HT');
      expect(ht.products.map((p) => [p.slug, p.name])).toEqual([
        ['rc-sistem-i', 'RC Sistem I'],
        ['sites-e-blog', 'Sit entènèt ak blog'],
        ['newsletter', 'Bilten'],
      ]);
      expect(ht.products[2]?.entries.map((e) => e.question)).toEqual(['Chak konbyen tan bilten an rive?', 'Kijan pou m dezabone?']);
      const es = await read('es-ES');
      expect(es.products[0]?.entries[0]).toMatchObject({ slug: 'o-que-e-o-rc-sistem-i', question: '¿Qué es RC Sistem I?' });
      const pt = await read('pt-BR');
      expect(pt.products[1]?.name).toBe('Sites e blog');
    });
  });
});

describe('migration 019 over an install made before it', () => {
  it('adds the columns without losing a row, and translates the demo rows still as seeded', async () => {
    const db = await pgliteTestDb({ migrated: false });
    try {
      await migrate(db, readMigrations().filter((m) => m.name < '019'));
      // The demo data as the seed wrote it then (pt-BR only), one FAQ answer and one description since changed by staff.
      for (const [i, c] of DEMO_CATEGORIES.entries()) {
        await db.query(`INSERT INTO categories (unique_key, name, description, text_color, background_color) VALUES ($1, $2, $3, '#fff', '#000')`, [
          slugify(c.name),
          c.name,
          i === 1 ? 'Descrição reescrita pela equipe.' : c.description,
        ]);
      }
      for (const [position, e] of DEMO_FAQ.entries()) {
        await db.query('INSERT INTO faq_entries (product, slug, question, answer, position) VALUES ($1, $2, $3, $4, $5)', [
          e.product,
          e.slug,
          e.question,
          position === 3 ? 'Resposta reescrita.' : e.answer,
          position,
        ]);
      }
      expect(await migrate(db)).toEqual(readMigrations().filter((m) => m.name >= '019').map((m) => m.name));

      const categories = await db.query<{ name: string; description: string; descriptions: Texts }>('SELECT name, description, descriptions FROM categories ORDER BY id');
      expect(categories.map((c) => c.name)).toEqual(DEMO_CATEGORIES.map((c) => c.name));
      expect(categories[0]).toMatchObject({ description: DEMO_CATEGORIES[0].description, descriptions: DEMO_CATEGORIES[0].descriptions });
      expect(categories[1]).toMatchObject({ description: 'Descrição reescrita pela equipe.', descriptions: {} });
      const entries = await db.query<{ slug: string; answer: string; questions: Texts; answers: Texts; product_names: Texts }>(
        'SELECT slug, answer, questions, answers, product_names FROM faq_entries ORDER BY position',
      );
      expect(entries.map((e) => e.slug)).toEqual(DEMO_FAQ.map((e) => e.slug));
      expect(entries[3]).toMatchObject({ answer: 'Resposta reescrita.', questions: {}, answers: {}, product_names: {} });
      expect(entries[7]).toMatchObject({ answer: DEMO_FAQ[7]!.answer, questions: DEMO_FAQ[7]!.questions, answers: DEMO_FAQ[7]!.answers, product_names: DEMO_FAQ_PRODUCTS.Newsletter });
      // The answer of two paragraphs (an escape string in the migration) matched as seeded.
      expect(DEMO_FAQ[2]!.answer).toContain('\n\n');
      expect(entries[2]).toMatchObject({ answer: DEMO_FAQ[2]!.answer, answers: DEMO_FAQ[2]!.answers });
      await expect(db.query("UPDATE faq_entries SET questions = '[]'::jsonb WHERE slug = 'quanto-custa'")).rejects.toThrow();
    } finally {
      await db.close();
    }
  }, 60_000);
});
