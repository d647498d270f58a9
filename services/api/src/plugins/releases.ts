import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { controlUrl, newControlToken, removeControlFile, writeControlFile } from '../releases/control';
import { ReleaseFiles, releasesDirOf, RELEASE_REMOTES, type ReleaseRemote } from '../releases/files';
import { ReleaseRegistry } from '../releases/registry';
import { ReleaseService } from '../releases/service';
import { smokeRender } from '../releases/smoke';
import { providedSurface } from '../releases/surface';
import type { Clock } from '../lib/clock';
import { apiHttp } from '../ssr/api-http';

export interface ReleasesOptions {
  /**
   * The remotes' built dist/ folders, published and activated at start (RELEASE_DIST_AT_START: 'first' when a
   * remote has no release yet, 'new' also when the build was never published, 'off' never).
   */
  dists?: Partial<Record<ReleaseRemote, string | undefined>>;
  /** Write DATA_DIR/release-control.json at listen, for the release CLI (the server; tests that call the CLI). */
  control?: boolean;
  /** Re-read the pointers this often while not listening (tests). */
  fallbackMs?: number;
}

export interface ReleasesPluginOptions {
  /** Serve the remotes from their active releases (the server's start passes these options; without them, none). */
  releases?: ReleasesOptions | undefined;
  /** The served shell's dist (its mf-manifest.json says which shared surface it provides; its server build renders a public release's smoke render). */
  shellDir?: string | undefined;
  /** The smoke render's time limits' clock (tests; the server's renders use the same). */
  clock?: Clock | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The release store, and, when the remotes are served from releases, what this process serves. */
    releases: { service: ReleaseService; registry: ReleaseRegistry | undefined };
  }
}

/**
 * The versioned releases of the remotes (docs/decisions/releases.md): the release store's service (always: GET
 * /api/system/releases lists them), and when the app serves the remotes from releases, the registry of what this
 * process serves (read from the database, told of every change), the start from the built dist/ folders, and the
 * control file the release CLI reaches the running server with.
 */
export default fp<ReleasesPluginOptions>(
  async function releasesPlugin(app: FastifyInstance, options: ReleasesPluginOptions) {
    const config = app.config;
    const files = new ReleaseFiles(releasesDirOf(config));
    const service = new ReleaseService({
      db: app.db,
      files,
      keep: config.releasesKeep,
      surface: () => providedSurface({ shellDir: options.shellDir, rootDir: config.rootDir }),
      log: app.log,
      // Called at an activation or a rollback, once the app answers requests: the loaders' reads go to it in-process.
      smoke: (dir) =>
        smokeRender(dir, {
          shellDir: options.shellDir,
          http: apiHttp(app),
          origin: config.publicUrl,
          timeoutMs: config.ssrRenderTimeoutMs,
          memoryMb: config.ssrWorkerMemoryMb,
          clock: options.clock,
          log: app.log,
        }),
    });
    const releases = options.releases;
    let registry: ReleaseRegistry | undefined;
    if (releases) {
      const mode = config.releaseDistAtStart;
      if (mode !== 'off') {
        for (const remote of RELEASE_REMOTES) {
          const dist = releases.dists?.[remote];
          if (dist && fs.existsSync(path.join(dist, 'mf-manifest.json'))) await service.startFromDist(remote, dist, mode);
        }
      }
      registry = await ReleaseRegistry.create({ db: app.db, files, log: app.log, ...(releases.fallbackMs ? { fallbackMs: releases.fallbackMs } : {}) });
      app.addHook('onClose', async () => {
        await registry?.close();
      });
    }
    app.decorate('releases', { service, registry });

    if (releases?.control) {
      const token = newControlToken();
      app.addHook('onListen', async () => {
        const address = app.server.address();
        if (!address || typeof address === 'string') return;
        writeControlFile(config.dataDir, { url: controlUrl(address.address, address.port), token, pid: process.pid });
        app.localControl.token = token;
      });
      app.addHook('onClose', async () => {
        app.localControl.token = undefined;
        removeControlFile(config.dataDir, token);
      });
    }
  },
  { name: 'releases', dependencies: ['services', 'auth'] },
);
