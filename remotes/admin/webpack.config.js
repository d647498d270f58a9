const { createConfig } = require('../../configs/webpack/create-config');

module.exports = createConfig({
  name: 'admin_remote',
  dir: __dirname,
  port: 3002,
  exposes: { './pages': './src/pages.ts' },
});
