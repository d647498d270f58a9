// npm run dev: the API (tsx watch, port 3000), the shell dev server (8080, proxies /api)
// and both remotes' dev servers (3001 public, 3002 admin), with reload.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const webpack = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const procs = [
  ['api', [tsx, 'watch', 'src/server.ts'], 'services/api', { PORT: '3000' }],
  ['public', [webpack, 'serve', '--mode', 'development'], 'remotes/public', {}],
  ['admin', [webpack, 'serve', '--mode', 'development'], 'remotes/admin', {}],
  ['shell', [webpack, 'serve', '--mode', 'development'], 'hosts/shell', { API_PORT: '3000' }],
];

const children = procs.map(([name, args, cwd, env]) => {
  const child = spawn(process.execPath, args, { cwd: path.join(root, cwd), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  const pipe = (stream, out) => stream.on('data', (chunk) => out.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  return child;
});
console.log('[dev] shell on http://localhost:8080 (API 3000, public remote 3001, admin remote 3002)');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
