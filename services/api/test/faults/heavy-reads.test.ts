import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';
import { DEEP_PAGE } from '../../src/services/public-content';

describe.each(BACKENDS)('heavy public reads are capped per process (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend, { config: { ...testConfig(), heavyReadConcurrency: 2, heavyReadQueue: 1 } });
  }, 60_000);
  afterAll(() => ctx.close());

  it('over capacity, searches and deep list pages answer 503 SERVER_BUSY at once; shallow pages and health still answer', async () => {
    const slots = ctx.app.services.publicContent.heavyReads;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Two running and one waiting: full.
    const held = [slots.run(() => gate), slots.run(() => gate), slots.run(() => gate)];
    expect({ active: slots.active, pending: slots.pending }).toEqual({ active: 2, pending: 1 });

    for (const url of ['/api/public/search?q=gest%C3%A3o', `/api/public/articles?page=${DEEP_PAGE + 1}`]) {
      const res = await ctx.call('GET', url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 503 });
      expect(res.json()).toMatchObject({ error: true, code: 'SERVER_BUSY' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await ctx.call('GET', '/api/public/articles?page=1')).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/health')).statusCode).toBe(200);

    release();
    await Promise.all(held);
    expect((await ctx.call('GET', '/api/public/search?q=gest%C3%A3o')).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/public/articles?page=${DEEP_PAGE + 1}`)).statusCode).toBe(200);
  });

  it('a burst within capacity is served (queued, not refused)', async () => {
    const answers = await Promise.all(Array.from({ length: 3 }, () => ctx.call('GET', '/api/public/search?q=vitrine')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });
});
