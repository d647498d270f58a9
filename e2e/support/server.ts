// Starts the production server exactly as `npm start` runs it (node services/api/dist/server.js)
// on a free port with a fresh DATA_DIR, and stops it with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, ARTIFACTS, servedRoot } from './env';

export const serverEntry = () => path.join(servedRoot(), 'services', 'api', 'dist', 'server.js');

export interface RunningServer {
  name: string;
  baseUrl: string;
  port: number;
  pid: number;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when a line of output matches (or rejects after timeoutMs). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGTERM, wait for the exit, remove the data dir; resolves to the exit code. */
  stop(): Promise<number | null>;
}

export interface StartOptions {
  /** Label for logs and artifacts. */
  name?: string;
  /** Extra environment (ADMIN_REMOTE_URL, REMOTES_DIR_ADMIN, SMTP_URL, DATABASE_URL...). */
  env?: Record<string, string | undefined>;
  readyTimeoutMs?: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Variables of the developer's shell that would change what the server does. */
export const SCRUB = ['DATABASE_URL', 'SMTP_URL', 'PORT', 'HOST', 'DATA_DIR', 'PUBLIC_URL', 'ADMIN_REMOTE_URL', 'PUBLIC_REMOTE_URL', 'REMOTES_DIR_ADMIN', 'REMOTES_DIR_PUBLIC', 'RELEASES_DIR', 'RELEASES_KEEP', 'RELEASE_DIST_AT_START', 'SCRYPT_COST', 'SEED_DEMO'];

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const entry = serverEntry();
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run node scripts/build.mjs first`);
  const name = options.name ?? 'server';
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-e2e-${name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SCRUB) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }

  const child: ChildProcess = spawn(process.execPath, [entry], { cwd: servedRoot(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code, signal) => {
      exitCode = code ?? (signal ? null : 1);
      resolve(exitCode);
    });
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    name,
    baseUrl,
    port,
    pid: child.pid ?? -1,
    dataDir,
    output: () => out,
    waitForOutput(pattern, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern);
          if (match) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`server ${name}: no output matching ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        const timeout = sleep(15_000).then(() => 'timeout' as const);
        if ((await Promise.race([exited, timeout])) === 'timeout') {
          child.kill('SIGKILL');
          await exited;
        }
      }
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      fs.writeFileSync(path.join(ARTIFACTS, `${name}-server.log`), out);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return exitCode ?? null;
    },
  };

  // A first start migrates and seeds a new database: seconds on a quiet machine, minutes on a busy one. The bound
  // only catches a server that never comes up (one that exits is reported at once).
  const readyTimeoutMs = options.readyTimeoutMs ?? 300_000;
  const deadline = Date.now() + readyTimeoutMs;
  while (true) {
    if (exitCode !== undefined) throw new Error(`server ${name} exited with ${exitCode} before it was ready:\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server ${name} not ready within ${readyTimeoutMs} ms:\n${out}`);
    }
    await sleep(100);
  }
}
