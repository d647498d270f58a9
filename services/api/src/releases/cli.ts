import path from 'node:path';
import { loadConfig, type AppConfig } from '../config';
import { createDb, migrate, type Db } from '../db';
import { CONTROL_HEADER, readControlFile, type ControlFile } from './control';
import { ReleaseError } from './errors';
import { isReleaseRemote, ReleaseFiles, releasesDirOf, type ReleaseRemote } from './files';
import { ReleaseService, type PointerResult, type PublishResult, type RemoteReleases } from './service';
import { smokeRender, type SmokeReport } from './smoke';
import { providedSurface } from './surface';
import { apiHttp } from '../ssr/api-http';
import type { FastifyInstance } from 'fastify';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** What the commands need, whether the CLI runs them itself or asks the running server. */
interface Transport {
  /** Where the commands run (named when one fails). */
  readonly where: string;
  list(remote: ReleaseRemote): Promise<RemoteReleases>;
  publish(remote: ReleaseRemote, dist: string): Promise<PublishResult>;
  activate(remote: ReleaseRemote, id: string): Promise<PointerResult>;
  rollback(remote: ReleaseRemote): Promise<PointerResult>;
  close(): Promise<void>;
}

export const USAGE = `usage: npm run release -- <command>
  publish  public|admin [dist]   publish a build (default: the remote's dist/) as a release; never activates it
  activate public|admin <id>     make a kept release the active one (refused when the shell's shared surface does not satisfy it)
  rollback public|admin          back to the previously active release
  list     public|admin [--json] the kept releases: id, build time, the shared-surface versions each requires, which is active`;

/** A refusal or a failure the CLI explains and exits 1 with. */
class CliError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs the commands here: on PostgreSQL (every replica hears the notification), or on the embedded database while no server runs. */
async function direct(config: AppConfig, shellDir: string | undefined): Promise<Transport> {
  let db: Db;
  try {
    db = await createDb(config);
    await migrate(db);
  } catch (err) {
    throw new CliError(`cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : path.join(config.dataDir, 'db')}): ${err instanceof Error ? err.message : String(err)}`);
  }
  // The smoke render's reads are the API's own, answered in this process by an app on the same database that serves
  // nothing and runs no jobs (made on the first activation or rollback of the public remote, closed with the CLI).
  let app: FastifyInstance | undefined;
  const service = new ReleaseService({
    db,
    files: new ReleaseFiles(releasesDirOf(config)),
    keep: config.releasesKeep,
    surface: () => providedSurface({ shellDir, rootDir: config.rootDir }),
    smoke: async (dir) => {
      app ??= await (await import('../app')).buildApp({ config: { ...config, jobsWorkers: false }, db, logger: false });
      return smokeRender(dir, { shellDir, http: apiHttp(app), origin: config.publicUrl, timeoutMs: config.ssrRenderTimeoutMs, memoryMb: config.ssrWorkerMemoryMb });
    },
  });
  return {
    where: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir} (no server running)`,
    list: async (remote) => (await service.list(remote))[0] as RemoteReleases,
    publish: (remote, dist) => service.publish(remote, dist),
    activate: (remote, id) => service.activate(remote, id, 'cli'),
    rollback: (remote) => service.rollback(remote, 'cli'),
    close: async () => {
      await app?.close();
      await db.close();
    },
  };
}

/** Asks the running server (the embedded database is its process's alone): its control routes, with the token it wrote. */
function viaServer(control: ControlFile): Transport {
  const call = async <T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${control.url}/api/system/release-control/${route}`, {
        method,
        headers: { [CONTROL_HEADER]: control.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      throw new CliError(`the running server (pid ${control.pid}) did not answer at ${control.url}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const answer = (await res.json().catch(() => ({}))) as { message?: string; data?: unknown };
    if (!res.ok) throw new CliError(answer.message ?? `the server answered ${res.status}`);
    return answer as T;
  };
  return {
    where: `the running server (pid ${control.pid}, ${control.url})`,
    list: async (remote) => ((await call<{ data: RemoteReleases[] }>('GET', `releases?remote=${remote}`)).data[0] as RemoteReleases),
    publish: (remote, dist) => call('POST', `${remote}/publish`, { dist }),
    activate: (remote, id) => call('POST', `${remote}/activate`, { id }),
    rollback: (remote) => call('POST', `${remote}/rollback`, {}),
    close: async () => undefined,
  };
}

/**
 * How the commands reach the release store (docs/decisions/releases.md, "How the CLI reaches the server"): with
 * DATABASE_URL, directly (PostgreSQL takes any number of processes, and its NOTIFY reaches every replica); on the
 * embedded database, through the running server when there is one (DATA_DIR/release-control.json, written by the
 * server at listen, names its address and this start's token), else directly.
 */
export async function connect(config: AppConfig, shellDir: string | undefined): Promise<Transport> {
  if (config.databaseUrl) return direct(config, shellDir);
  const control = readControlFile(config.dataDir);
  if (control && isAlive(control.pid)) return viaServer(control);
  return direct(config, shellDir);
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
const requiresText = (requires: Record<string, string>) =>
  Object.entries(requires)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pkg, range]) => `${pkg} ${range}`)
    .join(', ') || '—';

function printList(list: RemoteReleases, io: CliOutput): void {
  io.out(`${list.remote} releases (newest first; ${list.keep} kept, and always the active and the previous one):`);
  if (list.releases.length === 0) {
    io.out(`  none: npm run release -- publish ${list.remote}`);
    return;
  }
  const rows = list.releases.map((r) => [
    r.active ? '*' : ' ',
    r.id,
    when(r.built_at),
    requiresText(r.requires),
    [r.active ? 'active' : r.previous ? 'previous' : '', r.compatible === false ? `incompatible: ${r.incompatibility ?? ''}` : ''].filter(Boolean).join('; '),
  ]);
  const header = [' ', 'id', 'built', 'requires (shared surface)', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  for (const row of [header, ...rows]) io.out(`  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')}`.trimEnd());
}

const smokeLine = (smoke: SmokeReport) =>
  smoke.pages ? `smoke render passed: ${smoke.pages.map((p) => `${p.url} ${p.status} in ${Math.round(p.ms)} ms`).join(', ')}` : `no smoke render: ${smoke.skipped}`;

/** The commands of `npm run release` (scripts/release.mjs runs them). Answers the exit code: 0 done, 1 refused or failed, 2 misused. */
export async function runReleaseCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliOutput): Promise<number> {
  const json = argv.includes('--json');
  const [command, remote, arg, ...rest] = argv.filter((a) => a !== '--json');
  const misuse = (why: string) => {
    io.err(`${why}\n${USAGE}`);
    return 2;
  };
  if (command === 'help' || command === '--help') {
    io.out(USAGE);
    return 0;
  }
  if (!command) return misuse('no command given');
  if (!['publish', 'activate', 'rollback', 'list'].includes(command)) return misuse(`unknown command "${command}"`);
  if (!isReleaseRemote(remote)) return misuse(`name the remote: public or admin${remote ? ` (not "${remote}")` : ''}`);
  if (rest.length > 0 || (command === 'activate' && !arg) || ((command === 'rollback' || command === 'list') && arg)) return misuse(`wrong arguments for ${command}`);
  if (json && command !== 'list') return misuse('--json goes with list');

  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (err) {
    io.err(`release: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const shellDir = path.join(config.rootDir, 'hosts', 'shell', 'dist');
  // npm runs scripts from the repository's root: a relative folder is the caller's (INIT_CWD), as typed.
  const cwd = env.INIT_CWD ?? process.cwd();
  const defaultDist = (remote === 'public' ? config.remotesDirPublic : config.remotesDirAdmin) ?? path.join(config.rootDir, 'remotes', remote, 'dist');

  let transport: Transport | undefined;
  try {
    transport = await connect(config, shellDir);
    switch (command) {
      case 'list': {
        const list = await transport.list(remote);
        if (json) io.out(JSON.stringify(list, null, 2));
        else printList(list, io);
        return 0;
      }
      case 'publish': {
        const dist = path.resolve(cwd, arg ?? defaultDist);
        const result = await transport.publish(remote, dist);
        const r = result.release;
        io.out(
          result.created
            ? `published ${remote} release ${r.id} (built ${when(r.built_at)}, ${r.files} files, ${size(r.bytes)}) from ${dist}`
            : `${dist} is already ${remote} release ${r.id} (same content): nothing new published`,
        );
        io.out(`requires ${requiresText(r.requires)}`);
        if (r.compatible === false) io.out(`warning: it cannot be activated yet: ${r.incompatibility ?? ''}`);
        if (r.active) io.out('it is the active release');
        else io.out(`not active: npm run release -- activate ${remote} ${r.id}`);
        if (result.removed.length > 0) io.out(`removed by the retention: ${result.removed.join(', ')}`);
        return 0;
      }
      case 'activate':
      case 'rollback': {
        const result = command === 'activate' ? await transport.activate(remote, arg as string) : await transport.rollback(remote);
        if (result.smoke) io.out(smokeLine(result.smoke));
        if (!result.changed) io.out(`${remote}: ${result.active} is already the active release; nothing changed`);
        else {
          io.out(`${remote}: ${result.active} is now the active release${command === 'rollback' ? ' (rolled back)' : ''}; every server serves it within a second`);
          io.out(result.previous ? `a rollback goes back to ${result.previous}` : 'no release to roll back to from it');
        }
        if (result.removed.length > 0) io.out(`removed by the retention: ${result.removed.join(', ')}`);
        return 0;
      }
      default:
        return misuse(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof ReleaseError || err instanceof CliError) {
      io.err(`release ${command} refused: ${err.message}`);
      return 1;
    }
    io.err(`release ${command} failed${transport ? ` (${transport.where})` : ''}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await transport?.close().catch(() => undefined);
  }
}
