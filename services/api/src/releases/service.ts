import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db';
import { advisoryXactLock } from '../db/advisory-lock';
import * as repo from '../repositories/releases';
import { ReleaseError } from './errors';
import { contentOf, inspectBuild, releaseIdOf, RELEASE_ID, RELEASE_REMOTES, type ReleaseFiles, type ReleaseRemote } from './files';
import type { SmokeReport } from './smoke';
import { surfaceMismatch, type ProvidedSurface } from './surface';

/** Serializes the changes of one remote's releases across processes (publish's record, activation, retention). */
const LOCK_KEY: Record<ReleaseRemote, number> = { public: 728_001, admin: 728_002 };

/** How an unchanged default keeps releases: the last five, and always the active and the previous one. */
export const DEFAULT_KEEP = 5;

export interface ReleaseView {
  id: string;
  built_at: string;
  published_at: string;
  /** The shared-surface ranges the build requires (its mf-manifest.json). */
  requires: Record<string, string>;
  files: number;
  bytes: number;
  active: boolean;
  /** Where a rollback goes. */
  previous: boolean;
  /** Whether the shell's shared surface satisfies it; null when the shell's versions are unknown. */
  compatible: boolean | null;
  /** Why not, when not compatible. */
  incompatibility?: string;
}

export interface RemoteReleases {
  remote: ReleaseRemote;
  active: string | null;
  previous: string | null;
  /** Releases kept beside the active and the previous one (RELEASES_KEEP). */
  keep: number;
  releases: ReleaseView[];
}

export interface PublishResult {
  remote: ReleaseRemote;
  release: ReleaseView;
  /** False when the same build was already a release (same content): nothing new was stored. */
  created: boolean;
  /** Releases whose files the retention removed after this one. */
  removed: string[];
}

export interface PointerResult {
  remote: ReleaseRemote;
  active: string;
  previous: string | null;
  /** False when the release was already the active one (nothing changed, nobody notified). */
  changed: boolean;
  removed: string[];
  /** The public release's smoke render before it became active (releases/smoke.ts); absent when none ran. */
  smoke?: SmokeReport;
}

export interface ReleaseServiceOptions {
  db: Db;
  files: ReleaseFiles;
  /** RELEASES_KEEP: how many releases to keep, newest first (the active and the previous one always). */
  keep: number;
  /** What the shell provides of the shared surface (read when needed: a shell deploy changes it). */
  surface: () => ProvidedSurface | undefined;
  log?: FastifyBaseLogger | undefined;
  /**
   * Renders a public release's pages before it becomes active (releases/smoke.ts); throws a refusal when it cannot.
   * Left out: no smoke render (the server's start, tests of the store alone).
   */
  smoke?: ((releaseDir: string) => Promise<SmokeReport>) | undefined;
}

const describeMismatch = (remote: ReleaseRemote, id: string, m: { pkg: string; needs: string; has: string }, source: string) =>
  `${remote} release ${id} needs ${m.pkg} ${m.needs}, which the shell does not provide (it has ${m.has}, read from ${source}): deploy a shell that provides it first`;

/**
 * The release store (docs/decisions/releases.md): a remote's build published as an immutable release (its files in
 * the releases folder, its record in the database), the pointer to the active release of each remote, its history
 * for rollbacks, and the retention. Every change notifies the replicas (repositories/releases.ts).
 */
export class ReleaseService {
  constructor(private readonly options: ReleaseServiceOptions) {}

  get keep(): number {
    return Math.max(2, this.options.keep);
  }

  get files(): ReleaseFiles {
    return this.options.files;
  }

  /** The compatibility of a build's requirements with the shell's surface: null when the shell is unknown. */
  private compatibility(remote: ReleaseRemote, id: string, requires: Record<string, string>): { compatible: boolean | null; incompatibility?: string } {
    const surface = this.options.surface();
    if (!surface) return { compatible: null };
    const mismatch = surfaceMismatch(requires, surface.versions);
    return mismatch ? { compatible: false, incompatibility: describeMismatch(remote, id, mismatch, surface.source) } : { compatible: true };
  }

  private view(row: repo.ReleaseRow, pointer: repo.PointerRow | undefined): ReleaseView {
    return {
      id: row.id,
      built_at: row.built_at.toISOString(),
      published_at: row.published_at.toISOString(),
      requires: row.requires,
      files: row.files,
      bytes: row.bytes,
      active: pointer?.release_id === row.id,
      previous: pointer?.previous_id === row.id,
      ...this.compatibility(row.remote, row.id, row.requires),
    };
  }

  private async pointerOf(db: Queryable, remote: ReleaseRemote): Promise<repo.PointerRow | undefined> {
    return (await repo.pointers(db)).find((p) => p.remote === remote);
  }

  /** Each remote's kept releases (newest first) and which is active. */
  async list(only?: ReleaseRemote): Promise<RemoteReleases[]> {
    const [rows, pointers] = await Promise.all([repo.listKept(this.options.db, only), repo.pointers(this.options.db)]);
    return (only ? [only] : [...RELEASE_REMOTES]).map((remote) => {
      const pointer = pointers.find((p) => p.remote === remote);
      return {
        remote,
        active: pointer?.release_id ?? null,
        previous: pointer?.previous_id ?? null,
        keep: this.keep,
        releases: rows.filter((r) => r.remote === remote).map((r) => this.view(r, pointer)),
      };
    });
  }

  /**
   * Publishes a build as a release: checks it is a build of this remote, copies it into the releases folder (whole,
   * or not at all) and records it. Never changes the active release. The same build published again is the same
   * release (`created: false`). A build the shell's surface does not satisfy is published all the same (the shell
   * may be deployed after it); it cannot be activated until then.
   */
  async publish(remote: ReleaseRemote, dist: string): Promise<PublishResult> {
    const info = inspectBuild(remote, dist);
    const content = await contentOf(dist);
    const known = await repo.findByHash(this.options.db, remote, content.hash);
    const id = known?.id ?? releaseIdOf(info.builtAt, content.hash);
    const copied = await this.options.files.store(remote, dist, id, content.hash);
    const created = !known || known.removed_at !== null;
    let row: repo.ReleaseRow;
    try {
      row = await this.options.db.transaction(async (tx) => {
        await advisoryXactLock(tx, LOCK_KEY[remote]);
        const stored = await repo.insert(tx, {
          remote,
          id,
          content_hash: content.hash,
          built_at: known?.built_at ?? info.builtAt,
          requires: info.requires,
          files: content.files,
          bytes: content.bytes,
        });
        if (created) await repo.notify(tx, remote, 'publish');
        return stored;
      });
    } catch (err) {
      // Not recorded: the files copied for it go too (a release is its files and its record).
      if (copied) await this.options.files.remove(remote, id).catch(() => undefined);
      throw err;
    }
    const removed = await this.prune(remote);
    const pointer = await this.pointerOf(this.options.db, remote);
    this.options.log?.info({ remote, release: id, created }, created ? 'release published' : 'release already published');
    return { remote, release: this.view(row, pointer), created, removed };
  }

  /**
   * Makes a kept, compatible release the active one; every replica serves it within a second of the commit. A public
   * release is smoke-rendered first (`smoke: false`: not, the server's start), outside the transaction: it takes up to
   * the render's time limit per page, and nothing is locked meanwhile. The transaction checks the release again.
   */
  async activate(remote: ReleaseRemote, id: string, actor: string, { smoke = true }: { smoke?: boolean } = {}): Promise<PointerResult> {
    if (!RELEASE_ID.test(id)) throw new ReleaseError('not-found', `${id} is not a release id (yyyymmddhhmmss-xxxxxxxx): npm run release -- list ${remote}`);
    let report: SmokeReport | undefined;
    if (smoke) {
      const candidate = await this.usable(this.options.db, remote, id);
      if ((await this.pointerOf(this.options.db, remote))?.release_id !== id) {
        this.assertCompatible(candidate);
        report = await this.smokeRender(remote, id);
      }
    }
    const result = await this.options.db.transaction(async (tx) => {
      await advisoryXactLock(tx, LOCK_KEY[remote]);
      const pointer = await repo.lockPointer(tx, remote);
      const release = await this.usable(tx, remote, id);
      if (pointer?.release_id === id) return { remote, active: id, previous: pointer.previous_id, changed: false };
      this.assertCompatible(release);
      const previous = pointer?.release_id ?? null;
      await repo.setPointer(tx, { remote, releaseId: id, previousId: previous, action: pointer ? 'activate' : 'first', actor });
      return { remote, active: id, previous, changed: true };
    });
    if (result.changed) this.options.log?.info({ remote, release: id, previous: result.previous, actor, smoke: report }, 'release activated');
    return { ...result, removed: result.changed ? await this.prune(remote) : [], ...(report ? { smoke: report } : {}) };
  }

  /**
   * Back to the release that was active before the current one. The new previous one is what was active before that
   * one became active, so rollbacks in a row go back through the history (as long as those releases are kept).
   */
  async rollback(remote: ReleaseRemote, actor: string): Promise<PointerResult> {
    // The release it goes back to is smoke-rendered first, like an activation (outside the transaction).
    const before = await this.pointerOf(this.options.db, remote);
    let report: SmokeReport | undefined;
    if (before?.previous_id) {
      const candidate = await this.usable(this.options.db, remote, before.previous_id);
      this.assertCompatible(candidate);
      report = await this.smokeRender(remote, candidate.id);
    }
    const result = await this.options.db.transaction(async (tx) => {
      await advisoryXactLock(tx, LOCK_KEY[remote]);
      const pointer = await repo.lockPointer(tx, remote);
      if (!pointer) throw new ReleaseError('no-previous', `the ${remote} remote has no active release yet: nothing to roll back`);
      if (!pointer.previous_id) throw new ReleaseError('no-previous', `the ${remote} remote has no previous release to go back to (${pointer.release_id} is active): activate one by its id instead`);
      if (pointer.previous_id !== before?.previous_id || pointer.release_id !== before.release_id) {
        throw new ReleaseError('changed', `the ${remote} remote's active release changed while the rollback was being checked: run it again`);
      }
      const target = await this.usable(tx, remote, pointer.previous_id);
      this.assertCompatible(target);
      const earlier = await repo.previousWhenActivated(tx, remote, target.id);
      const kept = earlier && earlier !== target.id ? await repo.find(tx, remote, earlier) : undefined;
      const previous = kept && kept.removed_at === null ? kept.id : null;
      await repo.setPointer(tx, { remote, releaseId: target.id, previousId: previous, action: 'rollback', actor });
      return { remote, active: target.id, previous, changed: true, from: pointer.release_id };
    });
    this.options.log?.info({ remote, release: result.active, from: result.from, actor, smoke: report }, 'release rolled back');
    const { from: _from, ...pointer } = result;
    return { ...pointer, removed: await this.prune(remote), ...(report ? { smoke: report } : {}) };
  }

  /** The public release's smoke render, when the service was given one (the admin remote has no server build). */
  private async smokeRender(remote: ReleaseRemote, id: string): Promise<SmokeReport | undefined> {
    if (remote !== 'public' || !this.options.smoke) return undefined;
    return this.options.smoke(this.options.files.dirOf(remote, id));
  }

  /** A release that exists and whose files are kept. */
  private async usable(tx: Queryable, remote: ReleaseRemote, id: string): Promise<repo.ReleaseRow> {
    const release = await repo.find(tx, remote, id);
    if (!release) throw new ReleaseError('not-found', `the ${remote} remote has no release ${id}: npm run release -- list ${remote}`);
    if (release.removed_at !== null || !this.options.files.has(remote, id)) {
      throw new ReleaseError('removed', `the files of ${remote} release ${id} are no longer kept (retention): publish its build again`);
    }
    return release;
  }

  private assertCompatible(release: repo.ReleaseRow): void {
    const surface = this.options.surface();
    if (!surface) {
      throw new ReleaseError('incompatible', `cannot tell which shared-surface versions the shell provides (no built shell, hosts/shell/dist/mf-manifest.json): build or deploy the shell first`);
    }
    const mismatch = surfaceMismatch(release.requires, surface.versions);
    if (mismatch) throw new ReleaseError('incompatible', describeMismatch(release.remote, release.id, mismatch, surface.source));
  }

  /**
   * The retention: the newest `keep` releases stay, and the active and the previous one whatever their age; the
   * others are marked removed (and the replicas told), then their files deleted. Answers the ids removed.
   */
  async prune(remote: ReleaseRemote): Promise<string[]> {
    const removed = await this.options.db.transaction(async (tx) => {
      await advisoryXactLock(tx, LOCK_KEY[remote]);
      const pointer = await repo.lockPointer(tx, remote);
      const kept = await repo.listKept(tx, remote);
      const stay = new Set([...kept.slice(0, this.keep).map((r) => r.id), pointer?.release_id, pointer?.previous_id]);
      const gone = kept.filter((r) => !stay.has(r.id)).map((r) => r.id);
      await repo.markRemoved(tx, remote, gone);
      if (gone.length > 0) await repo.notify(tx, remote, 'removed');
      return gone;
    });
    for (const id of removed) {
      await this.options.files.remove(remote, id).catch((err: unknown) => this.options.log?.warn({ err, remote, release: id }, 'could not delete the files of a removed release'));
    }
    if (removed.length > 0) this.options.log?.info({ remote, removed }, 'releases removed by the retention');
    return removed;
  }

  /**
   * At a server's start, the remote's built dist/ as a release (docs/decisions/releases.md, "First start"):
   * - 'first': published and activated when the remote has no active release yet (a fresh start);
   * - 'new': also when it is a build never published before (`npm start` after a rebuild); a build already
   *   published (say, the one just rolled back from) is left as it is.
   * A refusal (not a build, an incompatible surface) is logged and the start goes on. Answers what it did.
   */
  async startFromDist(remote: ReleaseRemote, dist: string, mode: 'first' | 'new', actor = 'start'): Promise<'activated' | 'unchanged' | 'refused'> {
    try {
      const pointer = await this.pointerOf(this.options.db, remote);
      if (pointer && mode === 'first') return 'unchanged';
      if (pointer) {
        inspectBuild(remote, dist);
        const known = await repo.findByHash(this.options.db, remote, (await contentOf(dist)).hash);
        if (known) return 'unchanged';
      }
      const published = await this.publish(remote, dist);
      const activated = await this.activate(remote, published.release.id, actor, { smoke: false });
      return activated.changed ? 'activated' : 'unchanged';
    } catch (err) {
      if (!(err instanceof ReleaseError)) throw err;
      this.options.log?.error({ remote, dist, reason: err.message }, `the ${remote} remote's build was not made its active release: ${err.message}`);
      return 'refused';
    }
  }
}
