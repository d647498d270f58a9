const { createConfig } = require('../../configs/webpack/create-config');

module.exports = createConfig({
  name: 'public_remote',
  dir: __dirname,
  port: 3001,
  exposes: { './pages': './src/pages.ts' },
});
