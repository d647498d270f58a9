import * as reads from '../../src/repositories/reads';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, setupApp, withClockAhead, type TestContext } from '../helpers';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(Date.now() + offset * DAY).toISOString();

/** The dashboard's reports (route dashboard). */
describe.each(BACKENDS)('the dashboard reports (%s)', (backend) => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await setupApp(backend);
    const image = await imageId(ctx);
    const category = await createCategory(ctx);
    await createCategory(ctx); // active, no article
    const base = { image_id: image, category_ids: [category.id] };
    const writer = await ctx.staff(['dashboard', 'article_management']);
    ids.popular = (await createArticle(ctx, base, { title: 'O mais lido da semana', status: 'published' })).id;
    ids.second = (await createArticle(ctx, base, { title: 'O segundo mais lido', status: 'published' }, writer.token)).id;
    ids.unread = (await createArticle(ctx, base, { title: 'Publicado e nunca lido', status: 'published' })).id;
    ids.draft = (await createArticle(ctx, base, { title: 'Ainda um rascunho' }, writer.token)).id;
    // The last seven days and the seven before.
    await reads.addRead(ctx.db, ids.popular as number, 5, day(0));
    await reads.addRead(ctx.db, ids.popular as number, 3, day(-1));
    await reads.addRead(ctx.db, ids.popular as number, 4, day(-8));
    await reads.addRead(ctx.db, ids.second as number, 2, day(-6));
    await reads.addRead(ctx.db, ids.unread as number, 9, day(-7));
    const lead = (module: string, email: string, created: string, confirmed: string | null) =>
      ctx.db.query('INSERT INTO leads (unique_key, module, email, created_at, confirmed_at) VALUES ($1, $2, $3, $4, $5)', [
        `k${Math.random().toString(36).slice(2)}`,
        module,
        email,
        created,
        confirmed,
      ]);
    await lead('contact', 'hoje@empresa.com.br', at(0), null);
    await lead('contact', 'antes@empresa.com.br', at(-10), null);
    await lead('newsletter', 'leitor@empresa.com.br', at(-2), at(-1));
    await lead('newsletter', 'pendente@empresa.com.br', at(-2), null);
  }, 60_000);
  afterAll(() => ctx.close());

  const get = (query: string, token = ctx.admin.token) => ctx.call('GET', `/api/reports/dashboard?${query}`, { token });

  it('sums the period against the one before, per day, with the most read articles and the authors', async () => {
    const res = await get(`from=${day(-6)}&to=${day(0)}`);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.totals).toEqual({
      reads: { current: 10, previous: 13 },
      created: { current: 4, previous: 0 },
      unread: 1,
      published: 3,
      publishers: { current: 2, previous: 0 },
      categories: { active: 2, in_use: 1 },
      leads: { current: 1, previous: 1 },
      subscribers: { current: 1, previous: 0 },
    });
    expect(report.days.map((d: { day: string }) => d.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(day));
    expect(report.days.at(-1)).toEqual({ day: day(0), reads: 5, created: 4, leads: 1, subscribers: 0 });
    expect(report.days.at(-2)).toMatchObject({ reads: 3, subscribers: 1 });
    expect(report.top_articles.map((a: { title: string }) => a.title)).toEqual(['O mais lido da semana', 'O segundo mais lido']);
    expect(report.top_articles[0]).toMatchObject({ id: ids.popular, reads: 8, previous_reads: 4, daily: [0, 0, 0, 0, 0, 3, 5] });
    expect(report.top_articles[1]).toMatchObject({ reads: 2, previous_reads: 0, daily: [2, 0, 0, 0, 0, 0, 0] });
    expect(report.authors).toHaveLength(2);
    expect(report.authors[0]).toMatchObject({ id: ctx.admin.id, created: 2, published: 2 });
    expect(report.authors[1]).toMatchObject({ created: 2, published: 1 });
  });

  it('a custom range that ends today reads the same figures from the per-day rows', async () => {
    const report = (await get(`from=${day(-7)}&to=${day(0)}`)).json().data;
    expect(report.days).toHaveLength(8);
    expect(report.totals.reads).toEqual({ current: 19, previous: 4 });
    expect(report.totals.unread).toBe(0);
    expect(report.top_articles.map((a: { id: number; reads: number }) => [a.id, a.reads])).toEqual([
      [ids.unread, 9],
      [ids.popular, 8],
      [ids.second, 2],
    ]);
  });

  it('a new day rolls yesterday up: the periods move on, a read of the day before counts once', async () => {
    // The first request of the next UTC day makes that day's rollups (the nightly job does it at 00:05).
    // (The service itself: a session does not outlive the day the clock skips.)
    const report = await withClockAhead(DAY, () => ctx.app.services.reports.dashboard(day(-6), day(0)));
    expect(report.totals.reads).toEqual({ current: 8, previous: 15 });
    expect(report.totals.unread).toBe(2);
    expect(report.top_articles).toEqual([expect.objectContaining({ id: ids.popular, reads: 8, previous_reads: 4 })]);
    expect(report.days.at(-2)).toMatchObject({ reads: 5, created: 4, leads: 1 });
    expect(report.days.at(-1)).toMatchObject({ reads: 0, created: 0 });
    expect(await ctx.count('dashboard_days')).toBeGreaterThan(0);
  });

  it('a period with nothing in it is all zeros, every day listed', async () => {
    const report = (await get(`from=${day(-400)}&to=${day(-371)}`)).json().data;
    expect(report.days).toHaveLength(30);
    expect(report.days.every((d: { reads: number; leads: number }) => d.reads === 0 && d.leads === 0)).toBe(true);
    expect(report.top_articles).toEqual([]);
    expect(report.authors).toEqual([]);
    expect(report.totals.reads).toEqual({ current: 0, previous: 0 });
    // Nothing was published then: no category was in use, whatever is published now.
    expect(report.totals.categories).toEqual({ active: 2, in_use: 0 });
  });

  it('refuses a range backwards, too long or not a date, with the field in error', async () => {
    for (const query of [`from=${day(0)}&to=${day(-1)}`, `from=${day(-400)}&to=${day(0)}`, 'from=2026-02-30&to=2026-03-01', `from=${day(0)}`]) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const backwards = (await get(`from=${day(0)}&to=${day(-1)}`)).json();
    expect(backwards.errors[0].property).toBe('to');
  });

  it('counts the categories in use over the period, like the other figures: active ones with an article published in it', async () => {
    const image = await imageId(ctx);
    const older = await createCategory(ctx);
    const hidden = await createCategory(ctx);
    const back = (await createArticle(ctx, { image_id: image, category_ids: [older.id] }, { title: 'Publicado há quarenta dias', status: 'published' })).id;
    const inactive = (await createArticle(ctx, { image_id: image, category_ids: [hidden.id] }, { title: 'Numa categoria desativada', status: 'published' })).id;
    await createArticle(ctx, { image_id: image, category_ids: [hidden.id] }, { title: 'Rascunho antigo' });
    await ctx.db.query('UPDATE articles SET published_at = $1, publish_at = NULL WHERE id = ANY($2::int[])', [at(-40), [back, inactive]]);
    await ctx.db.query('UPDATE categories SET active = false WHERE id = $1', [hidden.id]);
    const categories = async (from: number, to: number) => (await get(`from=${day(from)}&to=${day(to)}`)).json().data.totals.categories;
    // The last seven and thirty days (the presets): the first category's articles, published today.
    expect(await categories(-6, 0)).toEqual({ active: 3, in_use: 1 });
    expect(await categories(-29, 0)).toEqual({ active: 3, in_use: 1 });
    // Forty days back: only the category of the article published then (the inactive one's does not count).
    expect(await categories(-45, -35)).toEqual({ active: 3, in_use: 1 });
    expect(await categories(-45, 0)).toEqual({ active: 3, in_use: 2 });
    expect(await categories(-30, -8)).toEqual({ active: 3, in_use: 0 });
  });

  it('is for those who may open the dashboard', async () => {
    expect((await ctx.call('GET', `/api/reports/dashboard?from=${day(-6)}&to=${day(0)}`)).statusCode).toBe(401);
    const writer = await ctx.staff(['article_management']);
    expect((await get(`from=${day(-6)}&to=${day(0)}`, writer.token)).statusCode).toBe(403);
    const viewer = await ctx.staff(['dashboard']);
    expect((await get(`from=${day(-6)}&to=${day(0)}`, viewer.token)).statusCode).toBe(200);
  });
});
