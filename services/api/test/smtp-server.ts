// A real SMTP server (the smtp-server package) in the test process, for the API's delivery worker.
// It can refuse mail temporarily (451) or for good (550), and be stopped and started again on the same port.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export type SmtpMode = 'accept' | 'temporary-failure' | 'permanent-failure';

export interface TestSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  mode: SmtpMode;
  /**
   * While true, a mail's data is taken in but not answered (no 250): the sender waits, as on a slow server.
   * Such mails are not in `mails` (never accepted); `held` counts them.
   */
  hold: boolean;
  /** Holds, as `hold` does, every mail after this many accepted ones (no race with a sender faster than a poll). */
  holdAfter?: number;
  held: number;
  /** Stops listening: connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startTestSmtp(): Promise<TestSmtp> {
  let server: SMTPServer | undefined;
  let port = 0;
  const state: TestSmtp = {
    url: '',
    port: 0,
    mails: [],
    mode: 'accept',
    hold: false,
    held: 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
    start: async () => {
      const next = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (state.mode === 'temporary-failure') return callback(smtpError('4.3.0 mailbox busy, try later', 451));
          if (state.mode === 'permanent-failure') return callback(smtpError('5.1.1 no such mailbox', 550));
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            if (state.hold || (state.holdAfter !== undefined && state.mails.length >= state.holdAfter)) {
              state.held += 1;
              return; // never answered: the sender dies or times out waiting
            }
            state.mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        next.once('error', reject);
        next.listen(port, '127.0.0.1', () => resolve());
      });
      next.on('error', () => undefined);
      server = next;
      const address = next.server.address();
      port = typeof address === 'object' && address ? address.port : port;
      state.port = port;
      state.url = `smtp://127.0.0.1:${port}`;
    },
  };
  await state.start();
  return state;
}
