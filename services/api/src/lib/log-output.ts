import pino from 'pino';

/** Where the logger writes: a pino destination (SonicBoom) or anything with the same write. */
export interface LogOutput {
  write(text: string): unknown;
}

/**
 * The server's log output: the lines of one turn of the event loop written together, at its end, in one write to
 * `out` (standard output by default, written synchronously as pino does). Under load a turn answers many requests,
 * and each line was a write of its own: at info, the access line's write was about a third of a replayed 304's
 * time (docs/performance.md). A quiet server still writes a line within the turn that logged it, and what is
 * waiting when the process exits (an error that ends it included) is written then.
 */
export function turnLogOutput(out: LogOutput = pino.destination({ dest: 1, sync: true })): LogOutput {
  let waiting: string[] = [];
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (waiting.length === 0) return;
    const text = waiting.join('');
    waiting = [];
    out.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      waiting.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
  };
}
