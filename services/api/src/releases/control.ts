import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/**
 * How the release CLI reaches a running server (docs/decisions/releases.md, "How the CLI reaches the server"): the
 * embedded database (PGlite) is one process's, so while the server runs the CLI asks it. At listen the server writes
 * DATA_DIR/release-control.json (mode 0600: only the server's user, who may read DATA_DIR anyway, can read it) with
 * its address and a token of 32 random bytes made at this start; the control routes (policy 'local-control') answer
 * only a request that carries the token, comes from this machine (loopback, or the server's own address) and was
 * not forwarded by a proxy. The file is removed at shutdown, and a new start makes a new token.
 */
export const CONTROL_FILE = 'release-control.json';
/** The header the CLI sends the token in (never a bearer token: sessions are another matter). */
export const CONTROL_HEADER = 'x-vitrine-control';

export interface ControlFile {
  url: string;
  token: string;
  pid: number;
}

export const controlFilePath = (dataDir: string): string => path.join(dataDir, CONTROL_FILE);

export function newControlToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Written beside it and renamed into place, readable by the server's user alone. */
export function writeControlFile(dataDir: string, control: ControlFile): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = controlFilePath(dataDir);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, `${JSON.stringify(control)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

export function readControlFile(dataDir: string): ControlFile | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(controlFilePath(dataDir), 'utf8')) as Partial<ControlFile>;
    if (typeof parsed.url === 'string' && typeof parsed.token === 'string' && typeof parsed.pid === 'number') return parsed as ControlFile;
  } catch {
    // none, or not ours
  }
  return undefined;
}

/** Removes the file if it is still this start's (another server may have started on the same DATA_DIR since). */
export function removeControlFile(dataDir: string, token: string): void {
  if (readControlFile(dataDir)?.token === token) fs.rmSync(controlFilePath(dataDir), { force: true });
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
/** Headers a proxy adds: a request that passed through one is not the CLI's, whatever address it comes from. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/** From this machine: a loopback address, or the server's own address (a server listening on one interface only). */
export function fromThisMachine(request: FastifyRequest): boolean {
  const socket = request.raw.socket;
  const remote = socket.remoteAddress ?? '';
  if (FORWARDED.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(remote) || (remote !== '' && remote === socket.localAddress);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token compared in constant time (over digests: the lengths may differ). */
export function tokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** The URL the CLI calls for a server listening on `address`:`port` (a wildcard address: loopback). */
export function controlUrl(address: string, port: number): string {
  if (address === '0.0.0.0' || address === '') return `http://127.0.0.1:${port}`;
  if (address === '::') return `http://[::1]:${port}`;
  return address.includes(':') ? `http://[${address}]:${port}` : `http://${address}:${port}`;
}
