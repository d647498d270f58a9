// npm run build [-- api public admin shell]: production builds (all by default).
import { buildAll, TARGETS } from './lib.mjs';

const wanted = process.argv.slice(2).filter((a) => a in TARGETS);
await buildAll(wanted.length ? wanted : ['api', 'shell', 'public', 'admin']).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
