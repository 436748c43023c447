import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { PgAccountStore } from '../../src/accounts/pgStore.js';

/** The machine's PostgreSQL and Redis (.ci/run starts them); each run works in its own schema / key prefix. */
export const TEST_DATABASE_URL = process.env.LARDER_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.LARDER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const uniqueName = (base: string) => `${base}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** A PostgreSQL store in a fresh schema, dropped by the returned cleanup. */
export async function openTestPgStore(url = TEST_DATABASE_URL): Promise<{ store: PgAccountStore; schema: string; drop(): Promise<void> }> {
  const schema = uniqueName('larder_test');
  const store = await PgAccountStore.open({ connectionString: url, schema });
  return {
    store,
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A private redis-server on its own port, so a test can stop and start it without touching the shared one. */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await answers(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not start on ${this.port}`);
  }

  /** SIGSTOP: the server keeps its connections but answers nothing (a hung Redis). */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    this.child = null;
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A TCP relay in front of the real PostgreSQL: cut() drops every connection and refuses new
 * ones, as a database that went away would; restore() lets them through again.
 */
export class PgRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target = new URL(TEST_DATABASE_URL)) {}

  url(): string {
    const u = new URL(TEST_DATABASE_URL);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async listen(port = 0): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port || 5432), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    await this.listen(this.port);
  }
}
