import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from './services.js';

const BIN = path.resolve(import.meta.dirname, '..', '..', 'bin', 'larder.js');

/** `larder serve` as a real process on a free port, with everything it prints captured. */
export class ServedLarder {
  output = '';
  url = '';
  private child: ChildProcess | null = null;
  readonly env: Record<string, string>;

  constructor(env: Record<string, string> = {}) {
    this.env = {
      LARDER_CATALOG: inject('catalogPath'),
      LARDER_ACCOUNTS_DB: path.join(mkdtempSync(path.join(tmpdir(), 'larder-serve-')), 'accounts.sqlite'),
      ...env,
    };
  }

  /** Runs a CLI command against the same account store. */
  cli(args: string[]) {
    return spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...this.env }, encoding: 'utf8' });
  }

  async start(): Promise<void> {
    this.env.PORT ??= String(await freePort());
    const child = spawn(process.execPath, [BIN, 'serve'], { env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const collect = (chunk: Buffer) => (this.output += chunk.toString('utf8'));
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const url = `http://127.0.0.1:${this.env.PORT}`;
      if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) {
        this.url = url;
        return;
      }
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`larder serve did not start:\n${this.output}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
