import { BACKENDS, setupApp, testConfig } from '../helpers';

/** The engine starts with the app and stops with it: a job running at close finishes before the database closes. */
describe.each(BACKENDS)('job engine lifecycle (%s)', (backend) => {
  it('lets an in-flight job finish when the app closes, and records it completed', async () => {
    const ctx = await setupApp(backend, { config: testConfig({ jobsWorkers: true }) });
    try {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = false;
      await ctx.app.jobs.define(
        'test-slow',
        { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 60, pollingIntervalSeconds: 0.5 },
        async () => {
          started = true;
          await gate;
          return { finished: true };
        },
      );
      const id = await ctx.app.jobs.send('test-slow', {});
      for (let i = 0; !started; i += 1) await new Promise((r) => setTimeout(r, 50));

      const closing = ctx.app.close();
      // Released only once close has begun: a close that did not wait would have failed the job back to the queue.
      setTimeout(release, 100);
      await closing;
      const rows = await ctx.db.query<{ state: string; output: unknown }>(`SELECT state::text, output FROM ${ctx.app.config.jobsSchema}.job WHERE id = $1`, [id]);
      expect(rows[0]).toEqual({ state: 'completed', output: { finished: true } });
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
