import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

/** A sign-in over a real socket from a chosen loopback address (the server sees it as the client's address). */
function signIn(port: number, from: string, body: object): Promise<{ status: number; code?: string; cookie?: string; token?: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, localAddress: from, method: 'POST', path: '/api/auth/auth', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string; token?: string };
          const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';')[0];
          resolve({ status: res.statusCode ?? 0, code: json.code, token: json.token, ...(cookie ? { cookie } : {}) });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(BACKENDS)('the sign-in throttle seen from two client addresses (%s)', (backend) => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await setupApp(backend);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => ctx.close());

  it('an attacker at 127.0.0.2 is refused after 5 wrong passwords; the owner at 127.0.0.3 signs in with the right one', async () => {
    const victim = await ctx.staff(['settings']);
    for (let i = 0; i < 5; i += 1) {
      expect(await signIn(port, '127.0.0.2', { email: victim.email, password: `Wrong#Pass${i}` })).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    }
    // The attacker's address is refused now, even with the right password...
    expect(await signIn(port, '127.0.0.2', { email: victim.email, password: victim.password })).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // ...the owner is not.
    const owner = await signIn(port, '127.0.0.3', { email: victim.email, password: victim.password });
    expect(owner.status).toBe(200);
    expect(owner.cookie).toMatch(/^vt_session=/);
    const rows = await ctx.db.query<{ ip: string; n: number }>('SELECT ip, count(*)::int AS n FROM login_attempts WHERE email = $1 GROUP BY ip', [victim.email]);
    expect(rows).toEqual([{ ip: '127.0.0.2', n: 5 }]);
  });
});
