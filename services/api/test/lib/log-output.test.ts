import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { turnLogOutput } from '../../src/lib/log-output';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

describe('turnLogOutput: the log lines of one turn of the event loop in one write', () => {
  it('writes the lines logged in a turn together, in order, once the turn ends', async () => {
    const writes: string[] = [];
    const output = turnLogOutput({ write: (text: string) => writes.push(text) });
    output.write('one\n');
    output.write('two\n');
    output.write('three\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['one\ntwo\nthree\n']);
    output.write('four\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['one\ntwo\nthree\n', 'four\n']);
  });

  it('writes what is waiting when the process exits, even in the turn that logged it', () => {
    const script = [
      "const { turnLogOutput } = require('./services/api/src/lib/log-output');",
      'const output = turnLogOutput();',
      "output.write('last words\\n');",
      'process.exit(3);',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('last words\n');
  });
});
