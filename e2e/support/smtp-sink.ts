// A minimal SMTP server that keeps every message it receives, so a test can read the
// verification code the API mailed. The API's own SMTP_URL delivery path is used
// (nodemailer → smtp://127.0.0.1:<port>); nothing in the API is test-only.
import net from 'node:net';

export interface SinkMail {
  to: string[];
  raw: string;
  /** The decoded text/plain part (quoted-printable or base64 undone). */
  text: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: SinkMail[];
  /**
   * Resolves with the first mail to `address` received after `since` mails, and that `match` accepts when given (a
   * confirmation link among a confirmation and the welcome mail that follows it); polls until timeout.
   */
  waitForMail(address: string, options?: { since?: number; timeoutMs?: number; match?: (mail: SinkMail) => boolean }): Promise<SinkMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain part of a MIME message (or the whole body of a single-part one). */
export function plainText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return decodePart(headers, body);
  for (const part of body.split(`--${boundary}`)) {
    const at = part.indexOf('\r\n\r\n');
    if (at < 0) continue;
    const partHeaders = part.slice(0, at);
    if (/content-type:\s*multipart\//i.test(partHeaders)) return plainText(part.replace(/^\r\n/, ''));
    if (/content-type:\s*text\/plain/i.test(partHeaders)) return decodePart(partHeaders, part.slice(at + 4));
  }
  return decodePart(headers, body);
}

export function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 e2e-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push({ to, raw, text: plainText(raw) });
          to = [];
          reply('250 2.0.0 queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-e2e-sink');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
        } else if (verb === 'HELO') reply('250 e2e-sink');
        else if (verb === 'MAIL') {
          to = [];
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 5.5.2 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        url: `smtp://127.0.0.1:${port}`,
        mails,
        async waitForMail(address, { since = 0, timeoutMs = 10_000, match = () => true } = {}) {
          const deadline = Date.now() + timeoutMs;
          while (Date.now() < deadline) {
            const found = mails.slice(since).find((m) => m.to.includes(address.toLowerCase()) && match(m));
            if (found) return found;
            await new Promise((r) => setTimeout(r, 50));
          }
          throw new Error(`no mail to ${address} within ${timeoutMs} ms (${mails.length} received)`);
        },
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
