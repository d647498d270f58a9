import net from 'node:net';

/**
 * A TCP proxy in front of the test PostgreSQL that a test can break without touching the real server
 * (other suites share it): `down()` drops every connection and refuses new ones, `hang()` keeps the
 * sockets open but stops forwarding (a database that does not answer), `up()` forwards again.
 */
export class FaultProxy {
  private mode: 'pass' | 'hang' | 'down' = 'pass';
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket | undefined }>();
  private server: net.Server | undefined;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<number> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket): void {
    client.on('error', () => undefined);
    if (this.mode === 'down') {
      client.destroy();
      return;
    }
    const pair: { client: net.Socket; upstream: net.Socket | undefined } = { client, upstream: undefined };
    this.pairs.add(pair);
    client.on('close', () => {
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    });
    // While hung, a new connection is accepted and then left without an answer.
    if (this.mode === 'hang') return;
    this.connect(pair);
  }

  private connect(pair: { client: net.Socket; upstream: net.Socket | undefined }): void {
    const upstream = net.connect(this.targetPort, this.targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  }

  /** Drops every connection and refuses (closes at once) every new one. */
  down(): void {
    this.mode = 'down';
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
  }

  /** Keeps every connection open but forwards nothing in either direction. */
  hang(): void {
    this.mode = 'hang';
    for (const pair of this.pairs) {
      pair.client.unpipe();
      pair.upstream?.unpipe();
      pair.client.pause();
      pair.upstream?.pause();
    }
  }

  /** Forwards again; connections left hanging are closed (their clients gave up on them). */
  up(): void {
    if (this.mode === 'hang') {
      for (const pair of this.pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
    }
    this.mode = 'pass';
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
