import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';

describe.each(BACKENDS)('heavy public reads are capped per process (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend, { config: { ...testConfig(), heavyReadConcurrency: 2, heavyReadQueue: 1 } });
  }, 60_000);
  afterAll(() => ctx.close());

  it('over capacity, searches answer 503 SERVER_BUSY at once; list pages, deep ones too, and health still answer', async () => {
    const slots = ctx.app.services.publicContent.heavyReads;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Two running and one waiting: full.
    const held = [slots.run(() => gate), slots.run(() => gate), slots.run(() => gate)];
    expect({ active: slots.active, pending: slots.pending }).toEqual({ active: 2, pending: 1 });

    const res = await ctx.call('GET', '/api/public/search?q=gest%C3%A3o');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: true, code: 'SERVER_BUSY' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Deep pages build only their own cards (as cheap as page 1): they are not heavy reads any more.
    expect((await ctx.call('GET', '/api/public/articles?page=1')).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/public/articles?page=500')).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/health')).statusCode).toBe(200);

    release();
    await Promise.all(held);
    expect((await ctx.call('GET', '/api/public/search?q=gest%C3%A3o')).statusCode).toBe(200);
  });

  it('a burst within capacity is served (queued, not refused)', async () => {
    const answers = await Promise.all(Array.from({ length: 3 }, () => ctx.call('GET', '/api/public/search?q=vitrine')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });
});
