// The singletons the shell provides and every remote consumes, written once.
// docs/decisions/shared-surface.md: what is shared, and the semver rule for changing it.
//
// Libraries: one instance at run time (react, the i18next core, axios, zustand, dayjs). antd is not shared:
// only the admin remote uses it (its pages and its own chrome), and a shared module is never tree-shaken,
// so the remote bundles the parts it imports (docs/decisions/admin-weight.md).
// react-router and react-i18next are not shared whole: the apps import the part they use from
// @vitrine/core (itself a singleton), which keeps one instance of each at run time for half the
// weight (docs/decisions/public-weight.md).
//
// Our shared surface (SHARED_SURFACE): the package's own version is what an app provides, and the
// app's dependency range in its package.json is what it requires. `strictVersion` makes a remote that
// needs a newer incompatible surface fail to load (the shell shows the "needs a newer shell" fallback)
// instead of running against the shell's older copy; the shell also checks each remote's manifest
// itself before using it (hosts/shell/src/federation/compatibility.ts). @vitrine/contracts and @vitrine/utils hold no
// state: every app bundles the part it imports, so a remote may use newer contracts freely.
const path = require('node:path');

const root = path.join(__dirname, '../..');
const shellPkg = require(path.join(root, 'hosts/shell/package.json'));

const SHARED_SURFACE = ['@vitrine/core', '@vitrine/ui', '@vitrine/i18n'];
const LIBRARIES = ['react', 'react-dom', 'zustand', 'axios', 'i18next', 'dayjs'];
/** Libraries whose subpaths are imported too ('react/jsx-runtime', 'react-dom/client', 'dayjs/locale/pt-br'). */
const WITH_SUBPATHS = ['react', 'react-dom', 'dayjs'];

/** The version an app requires of a shared package: its own dependency range (the shell's for a library it lacks). */
function requiredRange(consumerPkg, name) {
  const range = consumerPkg.dependencies?.[name] ?? shellPkg.dependencies[name];
  if (!range) throw new Error(`${consumerPkg.name} shares ${name} but neither it nor the shell depends on it`);
  return range;
}

/** @param {string} [consumerDir] the app being built (its package.json gives the required ranges); the shell's by default */
function sharedDeps(consumerDir = path.join(root, 'hosts/shell')) {
  const consumer = require(path.join(consumerDir, 'package.json'));
  const shared = {};
  for (const name of LIBRARIES) {
    const config = { singleton: true, requiredVersion: requiredRange(consumer, name) };
    shared[name] = config;
    if (WITH_SUBPATHS.includes(name)) shared[`${name}/`] = config;
  }
  for (const [name, version] of Object.entries(providedSurface())) {
    shared[name] = { singleton: true, version, requiredVersion: requiredRange(consumer, name), strictVersion: true };
  }
  return shared;
}

/** The version of each shared-surface package this checkout provides. */
function providedSurface() {
  return Object.fromEntries(SHARED_SURFACE.map((name) => [name, require(path.join(root, 'node_modules', name, 'package.json')).version]));
}

/** Every package shared as a singleton (a request for it or a subpath of it is the shared one). */
function sharedPackages() {
  return [...LIBRARIES, ...SHARED_SURFACE];
}

module.exports = { sharedDeps, providedSurface, sharedPackages, SHARED_SURFACE };
