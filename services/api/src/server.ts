import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { credentialsBox } from './seed';

function existing(dir: string): string | undefined {
  return fs.existsSync(dir) ? dir : undefined;
}

/** The Node the project is built and tested on (npm install brings it: node_modules/.bin/node). */
const NODE_MAJOR = 24;

async function main(): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) !== NODE_MAJOR) {
    process.stderr.write(`Vitrine's API runs on Node ${NODE_MAJOR}; this is Node ${process.versions.node}. Start it with node_modules/.bin/node (npm install puts Node ${NODE_MAJOR} there) or npm start.\n`);
    process.exit(1);
  }
  // React and the router render public pages in this process: their production builds, unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  const root = config.rootDir;
  // The remotes' built dist/ folders: their first releases (docs/decisions/releases.md); the remotes are served from
  // their active releases, never from these folders.
  const dists = {
    public: config.remotesDirPublic ?? existing(path.join(root, 'remotes', 'public', 'dist')),
    admin: config.remotesDirAdmin ?? existing(path.join(root, 'remotes', 'admin', 'dist')),
  };
  const app = await buildApp({
    config,
    site: {
      shellDir: existing(path.join(root, 'hosts', 'shell', 'dist')),
      remotes: { public_remote: dists.public, admin_remote: dists.admin },
      uploadsDir: path.join(config.dataDir, 'uploads'),
    },
    // The release CLI reaches this process through DATA_DIR/release-control.json (releases/control.ts).
    releases: { dists, control: true },
    onSeed: (result) => {
      if (result.admin?.generated) process.stdout.write(`\n${credentialsBox(result.admin.email, result.admin.password)}\n\n`);
      else if (result.admin) process.stdout.write(`\nFirst admin account created for ${result.admin.email} (password from ADMIN_PASSWORD).\n\n`);
    },
  });
  fs.mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => {
        app.log.info('closed');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const started = Number(process.env.VITRINE_STARTED_AT) || undefined;
  const took = started ? ` (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)` : '';
  process.stdout.write(`\nVitrine is running at ${config.publicUrl}${took} — API docs at ${config.publicUrl}/api/docs\n\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Vitrine API failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
