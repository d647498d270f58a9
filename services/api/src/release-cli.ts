// `npm run release -- publish|activate|rollback|list public|admin …` (scripts/release.mjs runs this, built as
// dist/release.js or from the sources): the remotes' versioned releases, docs/decisions/releases.md.
import { runReleaseCli } from './releases/cli';

const NODE_MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) !== NODE_MAJOR) {
  process.stderr.write(`Vitrine runs on Node ${NODE_MAJOR}; this is Node ${process.versions.node}: run npm run release (it uses node_modules/.bin/node).\n`);
  process.exit(1);
}

runReleaseCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`release failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
