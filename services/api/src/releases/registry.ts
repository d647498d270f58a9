import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import * as repo from '../repositories/releases';
import { RELEASE_REMOTES, type ReleaseFiles, type ReleaseRemote } from './files';

/** A release as a process serves it: its id and its folder. */
export interface ServedRelease {
  id: string;
  dir: string;
}

interface RemoteState {
  active: ServedRelease | undefined;
  /** Every kept release whose files this process has, newest first (the active one included). */
  kept: ServedRelease[];
}

export interface ReleaseRegistryOptions {
  db: Db;
  files: ReleaseFiles;
  log: FastifyBaseLogger;
  /** While not listening (no LISTEN, or its connection lost), the pointers are re-read this often. */
  fallbackMs?: number;
}

const empty = (): Record<ReleaseRemote, RemoteState> => ({ public: { active: undefined, kept: [] }, admin: { active: undefined, kept: [] } });

/**
 * Which release of each remote this process serves, kept in memory (docs/decisions/releases.md, "The pointer"). Read
 * from the database at start and again on every notification of the releases' channel (PostgreSQL: LISTEN on a
 * connection of its own; PGlite: in-process), so an activation or a rollback anywhere is served here as soon as its
 * transaction commits; while not listening, re-read at most every `fallbackMs` when asked. Emits 'change' with the
 * remote whose active release changed (and 'refresh' after every read).
 */
export class ReleaseRegistry extends EventEmitter {
  private state = empty();
  private schema = '';
  private listening = false;
  private recheckAt = 0;
  private inflight: Promise<void> | undefined;
  private again = false;
  private stop: (() => Promise<void>) | undefined;

  private constructor(private readonly options: ReleaseRegistryOptions) {
    super();
  }

  static async create(options: ReleaseRegistryOptions): Promise<ReleaseRegistry> {
    const registry = new ReleaseRegistry(options);
    registry.schema = await repo.currentSchema(options.db);
    await registry.refresh();
    if (options.db.listen) {
      registry.stop = await options.db.listen(repo.RELEASES_CHANNEL, {
        notify: (payload) => {
          if (payload.split(' ', 1)[0] !== registry.schema) return;
          void registry.refresh();
        },
        state: (now) => {
          registry.listening = now;
          // Whatever was notified while the connection was down is read now.
          if (now) void registry.refresh();
          else registry.recheckAt = 0;
        },
      });
    }
    return registry;
  }

  /** The release this process serves for the remote, or undefined when it has none. */
  active(remote: ReleaseRemote): ServedRelease | undefined {
    this.poll();
    return this.state[remote].active;
  }

  /** A kept release's folder (the active one included), or undefined. */
  release(remote: ReleaseRemote, id: string): ServedRelease | undefined {
    this.poll();
    return this.state[remote].kept.find((r) => r.id === id);
  }

  /** Every kept release of the remote, the active one first, then the others newest first. */
  kept(remote: ReleaseRemote): readonly ServedRelease[] {
    this.poll();
    const { active, kept } = this.state[remote];
    return active ? [active, ...kept.filter((r) => r.id !== active.id)] : kept;
  }

  /** Not listening: a re-read in the background once `fallbackMs` has passed (answers at once from memory). */
  private poll(): void {
    if (this.listening || Date.now() < this.recheckAt) return;
    this.recheckAt = Date.now() + (this.options.fallbackMs ?? 1000);
    void this.refresh();
  }

  /** Reads the pointers and the kept releases again (once for every caller meanwhile). */
  refresh(): Promise<void> {
    if (this.inflight) {
      this.again = true;
      return this.inflight;
    }
    this.inflight = (async () => {
      try {
        do {
          this.again = false;
          await this.read();
        } while (this.again);
      } catch (err) {
        // The database is away: keep serving what is known, and try again later.
        this.recheckAt = Date.now() + (this.options.fallbackMs ?? 1000);
        this.options.log.warn({ err }, 'releases re-read failed; serving the releases known');
      } finally {
        this.inflight = undefined;
      }
    })();
    return this.inflight;
  }

  private async read(): Promise<void> {
    const [rows, pointers] = await Promise.all([repo.listKept(this.options.db), repo.pointers(this.options.db)]);
    const next = empty();
    const changed: ReleaseRemote[] = [];
    for (const remote of RELEASE_REMOTES) {
      const here = (id: string): ServedRelease | undefined => {
        const dir = this.options.files.dirOf(remote, id);
        return fs.existsSync(path.join(dir, 'mf-manifest.json')) ? { id, dir } : undefined;
      };
      next[remote].kept = rows.filter((r) => r.remote === remote).flatMap((r) => here(r.id) ?? []);
      const pointed = pointers.find((p) => p.remote === remote)?.release_id;
      const before = this.state[remote].active;
      let active = pointed ? (next[remote].kept.find((r) => r.id === pointed) ?? here(pointed)) : undefined;
      if (pointed && !active) {
        // The releases folder of this machine lacks it (not shared, or not synced yet): keep serving what it served.
        this.options.log.error({ remote, release: pointed, dir: this.options.files.dirOf(remote, pointed) }, `the active ${remote} release is not in this machine's releases folder; still serving ${before?.id ?? 'nothing'}`);
        active = before;
      }
      next[remote].active = active;
      if (active?.id !== before?.id) changed.push(remote);
    }
    this.state = next;
    this.recheckAt = this.listening ? Infinity : Date.now() + (this.options.fallbackMs ?? 1000);
    for (const remote of changed) {
      this.options.log.info({ remote, release: next[remote].active?.id }, 'serving a new release');
      this.emit('change', remote);
    }
    this.emit('refresh');
  }

  isListening(): boolean {
    return this.listening;
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = undefined;
    await this.inflight;
  }
}
