import { untilDatabaseAnswers, START_RETRY_MS } from '../../src/db/start';
import { DatabaseUnavailableError } from '../../src/errors';

/** A clock the test moves: each pause moves it on at once, nothing waits. */
function testClock() {
  let now = 0;
  const pauses: number[] = [];
  return {
    pauses,
    now: () => now,
    sleep: async (ms: number) => {
      pauses.push(ms);
      now += ms;
    },
  };
}

function testLog() {
  const lines: { level: string; msg: string; data: Record<string, unknown> }[] = [];
  const at = (level: string) => (data: Record<string, unknown>, msg: string) => lines.push({ level, msg, data });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('start: a database not reachable yet', () => {
  it('is tried again with a growing pause and a warn line each time, and the start goes on once it answers', async () => {
    const clock = testClock();
    const { lines, log } = testLog();
    let tries = 0;
    const result = await untilDatabaseAnswers(
      async () => {
        tries += 1;
        if (tries <= 6) throw tries % 2 ? refused() : new DatabaseUnavailableError(refused());
        return 'opened';
      },
      { waitSeconds: 300, log, clock },
    );
    expect(result).toBe('opened');
    expect(clock.pauses).toEqual([1000, 2000, 4000, 8000, 16_000, START_RETRY_MS.last]);
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual(Array(6).fill('database not reachable at start; retrying'));
    expect(lines.at(0)?.data).toMatchObject({ attempt: 1, retryInSeconds: 1, cause: 'connect ECONNREFUSED 127.0.0.1:5432' });
    expect(lines.at(-1)).toMatchObject({ level: 'info', msg: 'database reachable: starting', data: { attempts: 7 } });
  });

  it('gives up with the last error and an error line once the next pause would pass DB_START_WAIT_S', async () => {
    const clock = testClock();
    const { lines, log } = testLog();
    await expect(
      untilDatabaseAnswers(async () => {
        throw refused();
      }, { waitSeconds: 20, log, clock }),
    ).rejects.toThrow('ECONNREFUSED');
    // 1 + 2 + 4 + 8 = 15 s waited; the next pause (16 s) would end past 20 s.
    expect(clock.pauses).toEqual([1000, 2000, 4000, 8000]);
    expect(lines.at(-1)).toMatchObject({ level: 'error', msg: 'database not reachable within 20 s (DB_START_WAIT_S): giving up' });
  });

  it('does not retry what trying again cannot change (a wrong password, a failing migration)', async () => {
    const clock = testClock();
    const { log } = testLog();
    const wrong = Object.assign(new Error('password authentication failed for user "vitrine"'), { code: '28P01' });
    await expect(untilDatabaseAnswers(() => Promise.reject(wrong), { waitSeconds: 300, log, clock })).rejects.toBe(wrong);
    expect(clock.pauses).toEqual([]);
  });
});
