import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, TEST_SCRYPT_COST } from '../helpers';

const API_DIR = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A raw HTTP/1.1 connection: what the server wrote, and whether it closed the socket. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.on('data', (chunk) => (state.received += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      state.closed = true;
      resolve();
    }),
  );
  socket.on('error', () => undefined);
  const answered = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => ((state.received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= count && /\r\n\r\n[\s\S]*\}$/.test(state.received) ? resolve() : setTimeout(check, 10));
      check();
    });
  return { socket, state, closed, answered };
}

describe('graceful shutdown of the real server (SIGTERM during traffic)', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the in-flight request finish, closes idle keep-alive connections, and exits 0', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-shutdown-'));
    const port = await freePort();
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // debug: the moment a request arrives is logged (info logs it once answered).
        LOG_LEVEL: 'debug',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SCRYPT_COST: String(TEST_SCRYPT_COST),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const logged = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(output)) resolve();
          else if (proc.exitCode !== null) reject(new Error(`server exited early:\n${output}`));
          else setTimeout(check, 20);
        };
        check();
      });
    await logged(/Vitrine is running at/);

    // An idle keep-alive connection (one answered request, left open).
    const idle = connection(port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await idle.answered(1);
    expect(idle.state.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(idle.state.closed).toBe(false);

    // A sign-in whose body has not fully arrived when SIGTERM comes: in flight.
    const body = JSON.stringify({ email: ADMIN.email, password: ADMIN.password });
    const busy = connection(port);
    busy.socket.write(`POST /api/auth/auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`);
    await logged(/"url":"\/api\/auth\/auth"[^\n]*"msg":"incoming request"|"msg":"incoming request"[^\n]*"url":"\/api\/auth\/auth"/);

    proc.kill('SIGTERM');
    await logged(/shutting down/);
    // The idle connection is closed by the server; the busy one is not.
    await idle.closed;
    expect(busy.state.closed).toBe(false);

    busy.socket.write(body.slice(10));
    await busy.answered(1);
    expect(busy.state.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(busy.state.received.slice(busy.state.received.indexOf('\r\n\r\n') + 4)).token).toEqual(expect.any(String));
    await busy.closed;
    const code = await exited;
    if (code !== 0) process.stderr.write(output.slice(-3000));
    expect(code).toBe(0);
    // No new connection is accepted any more.
    await expect(
      new Promise((resolve, reject) => net.connect(port, '127.0.0.1').on('connect', resolve).on('error', reject)),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  }, 120_000);
});
