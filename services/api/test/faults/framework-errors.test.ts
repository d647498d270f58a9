import net from 'node:net';
import { buildApp } from '../../src/app';
import { BACKENDS, pgliteTestDb, setupApp, testConfig, type TestContext } from '../helpers';

/** Sends raw bytes on a fresh socket and resolves with everything the server wrote before closing. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.write(request);
  });
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe.each(BACKENDS)('framework errors use the envelope (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  it('a path parameter over its length limit → 414 URL_TOO_LONG', async () => {
    const res = await ctx.call('GET', `/api/public/article/1/${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: true, statusCode: 414, code: 'URL_TOO_LONG', message: 'The address is too long' });
  });

  it('a malformed URL → 400 MALFORMED_URL', async () => {
    const res = await ctx.call('GET', '/api/public/article/1/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, statusCode: 400, code: 'MALFORMED_URL', message: 'The address is not valid' });
  });

  describe('multipart upload without a file → 400 FILE_REQUIRED', () => {
    const send = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=x', ...ctx.authHeaders(ctx.admin.token) },
      });
    it.each([
      ['a `file` part that is a plain field', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n\r\n--x--\r\n'],
      ['a `file` part with an empty filename and no bytes', '--x\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--x--\r\n'],
      ['a named file with no bytes', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--x--\r\n'],
      ['no part at all', '--x--\r\n'],
      ['a file under another name', '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n'],
      // Not well-formed multipart: the parser's own error was a 500.
      ['a file part cut short (no closing boundary)', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc'],
      ['a body that is not multipart at all', '{"file":"a.png"}'],
    ])('%s', async (_name, payload) => {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FILE_REQUIRED', errors: [{ property: 'file', message: { isNotEmpty: 'Image is required' } }] });
    });
  });
});

describe('errors Node answers before Fastify, over a real socket', () => {
  it('headers over maxHeaderSize → 431 HEADERS_TOO_LARGE in the envelope; a broken request line → 400', async () => {
    const db = await pgliteTestDb();
    const app = await buildApp({ config: testConfig(), db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    try {
      const big = await raw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(bodyOf(big)).toEqual({ error: true, statusCode: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' });
      const broken = await raw(port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(broken.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(bodyOf(broken)).toMatchObject({ error: true, statusCode: 400, code: 'MALFORMED_REQUEST' });
    } finally {
      await app.close();
      await db.close();
    }
  }, 30_000);

  it('while closing: a request completed after close() began is 503 SHUTTING_DOWN in the envelope, and its connection closes', async () => {
    const db = await pgliteTestDb();
    const app = await buildApp({ config: testConfig(), db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    // The server's side of the connection: once it has read the partial request, the request is in progress.
    let accepted: net.Socket | undefined;
    app.server.once('connection', (s: net.Socket) => (accepted = s));
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    // Headers begun but not finished: the connection is in use, so close() does not drop it as idle.
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    // Read by the server (its parser runs in the same read), however long a busy machine takes to get there.
    while (!accepted || accepted.bytesRead === 0) await new Promise((resolve) => setImmediate(resolve));

    const closed = app.close();
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    socket.write('\r\n');
    await socketClosed;
    await closed;
    await db.close();

    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(answer).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(answer)).toEqual({ error: true, statusCode: 503, code: 'SHUTTING_DOWN', message: 'The server is restarting. Please try again in a few seconds.' });
  }, 30_000);
});
