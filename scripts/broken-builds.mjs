// Broken builds of the public remote, for the releases part of `npm run bench` (scripts/bench-releases.mjs) and its
// test (services/api/test/releases/broken-release.test.ts): the real build, one page of which never finishes its
// server render. Every other page renders as before, so the release passes the smoke render of home and a post that
// comes before an activation (services/api/src/releases/smoke.ts) and is activated like any other.
import fs from 'node:fs';
import path from 'node:path';

/** What a broken render does, as the body of the route's loader (an async function): neither ever returns. */
export const BROKEN_RENDERS = {
  /** Never ends, never yields: the render worker's thread is stuck in it (its time limit ends it). */
  loop: 'for (;;) {}',
  /** Keeps every array it makes: the render worker's heap fills up (its memory limit ends it). */
  alloc: 'const kept = []; for (;;) kept.push(new Array(100000).fill(kept.length));',
};

/**
 * The code appended to the remote's server build (dist/server/pages.js, CommonJS): the route's loader, the first
 * thing the shell's render calls for that page (ServerRemoteModule.routes[route].load), becomes the broken render.
 * Deterministic: the same build broken the same way has the same content (the same release id).
 */
export function breakRoute(code, route, kind) {
  const body = BROKEN_RENDERS[kind];
  if (!body) throw new Error(`unknown broken render "${kind}" (${Object.keys(BROKEN_RENDERS).join(', ')})`);
  return `${code}
;/* broken on purpose (scripts/broken-builds.mjs): the ${route} page's server render, ${kind} */
(function (remote) {
  var route = remote.routes[${JSON.stringify(route)}];
  if (!route) throw new Error(${JSON.stringify(`this build has no route ${route}`)});
  route.load = async function () { ${body} };
})(module.exports.default || module.exports);
`;
}

/**
 * A copy of a built public remote (`dist`, the folder webpack wrote) in `dir` whose `route` page (the blog by
 * default) renders as `kind` says; answers `dir`, ready to publish as a release.
 */
export function brokenBuild(dist, dir, kind, route = 'blog') {
  const file = path.join(dist, 'server', 'pages.js');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the public remote first (node scripts/build.mjs public)`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(dist, dir, { recursive: true });
  const copy = path.join(dir, 'server', 'pages.js');
  fs.writeFileSync(copy, breakRoute(fs.readFileSync(copy, 'utf8'), route, kind));
  return dir;
}
