import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db';

/**
 * The body of a test replica process (jobs/replica.ts, plugins/answer-replica.ts): `start` builds the
 * app; SIGTERM closes it and its database and exits; a failure to start is printed and exits 1.
 */
export function runReplica(start: () => Promise<{ app: FastifyInstance; db: Db }>): void {
  start().then(
    ({ app, db }) => {
      process.on('SIGTERM', () => {
        app.close().then(
          () => db.close().then(() => process.exit(0)),
          () => process.exit(1),
        );
      });
    },
    (err: unknown) => {
      process.stderr.write(`replica failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}

export interface Replica {
  child: ChildProcess;
  exited: Promise<void>;
}

const ROOT = path.join(__dirname, '..', '..', '..');

/** Every replica started, so that a suite's afterAll kills whatever a failed test left running (stopAllReplicas). */
const started: Replica[] = [];

/**
 * Starts a replica script (node itself runs it, tsx as a loader, not a wrapper process: a signal reaches the
 * API process); resolves once it prints "ready".
 */
export function startReplica(script: string, env: Record<string, string | undefined>): Promise<Replica> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  started.push({ child, exited });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve({ child, exited });
    });
    child.once('exit', (code) => reject(new Error(`replica exited (${code}) before it was ready: ${stderr}`)));
  });
}

export async function stopReplica(replica: Replica, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (replica.child.exitCode === null && replica.child.signalCode === null) replica.child.kill(signal);
  await replica.exited;
}

export function stopAllReplicas(): Promise<void[]> {
  return Promise.all(started.map((r) => stopReplica(r, 'SIGKILL')));
}

/** Polls until `check` holds (no fixed sleeps in assertions; the jest timeout bounds it). */
export async function until<T>(probe: () => Promise<T>, check: (value: T) => boolean, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    // A wait that never ends says which one it was and what it last saw, instead of the test's timeout.
    if (Date.now() > deadline) throw new Error(`not reached in ${limitMs / 1000} s (${check.toString()}); last seen: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
