// npm run build [-- api public admin shell]: production builds (all by default).
// --if-stale: only the parts whose inputs changed since their last build (scripts/lib.mjs needsBuild); npm test uses it.
import { buildAll, needsBuild, TARGETS } from './lib.mjs';

const args = process.argv.slice(2);
const named = args.filter((a) => a in TARGETS);
const wanted = named.length ? named : ['api', 'shell', 'public', 'admin'];
const parts = args.includes('--if-stale') ? wanted.filter((name) => needsBuild(name)) : wanted;
if (parts.length < wanted.length) console.log(`[build] up to date: ${wanted.filter((name) => !parts.includes(name)).join(', ')}`);
await buildAll(parts).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
