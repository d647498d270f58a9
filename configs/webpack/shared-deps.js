// The singletons the shell provides and every remote consumes (ARCHITECTURE §3),
// written once. Versions come from the shell's package.json.
// react-router and react-i18next are not shared whole: the apps import the part
// they use from @vitrine/core (itself a singleton), which keeps one instance of
// each at run time for half the weight (docs/decisions/public-weight.md).
const path = require('node:path');
const shellPkg = require(path.join(__dirname, '../../hosts/shell/package.json'));

const WORKSPACE_PACKAGES = ['@vitrine/contracts', '@vitrine/core', '@vitrine/ui', '@vitrine/utils', '@vitrine/i18n'];

function sharedDeps() {
  const deps = shellPkg.dependencies;
  const lib = (name, extra = {}) => ({ singleton: true, requiredVersion: deps[name], ...extra });
  const shared = {
    react: lib('react'),
    'react/': lib('react'),
    'react-dom': lib('react-dom'),
    'react-dom/': lib('react-dom'),
    zustand: lib('zustand'),
    axios: lib('axios'),
    i18next: lib('i18next'),
    antd: lib('antd'),
    dayjs: lib('dayjs'),
    'dayjs/': lib('dayjs'),
  };
  for (const name of WORKSPACE_PACKAGES) {
    const version = require(path.join(__dirname, '../../node_modules', name, 'package.json')).version;
    shared[name] = { singleton: true, version, requiredVersion: version };
  }
  return shared;
}

module.exports = { sharedDeps, WORKSPACE_PACKAGES };
