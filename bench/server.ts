import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The project root (this file runs from dist/bench). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

const children: ChildProcess[] = [];
const scratch: string[] = [];
process.on('exit', () => {
  children.forEach((c) => c.kill('SIGTERM'));
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

// Ctrl-C ends the bench through 'exit', so the servers are stopped and the directories removed.
process.once('SIGINT', () => process.exit(130));

/** A temporary directory removed when the bench exits (accounts files, pre-built bodies). */
export function scratchDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'larder-bench-'));
  scratch.push(dir);
  return dir;
}

/** Spawns a node process, killed when the bench exits, resolving once its stdout matches `ready`. */
export function spawnUntil(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray; out: string }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = ready.exec(out);
      if (match) resolve({ child, match, out });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}\n${out}`)));
  });
}

/**
 * The environment of a measured server: the given catalogue, a fresh accounts file (so the
 * server creates and prints its first key), and rate limiting on with the enterprise plan's
 * limits raised above anything a bench sends.
 */
export function serverEnv(catalogPath: string): NodeJS.ProcessEnv {
  const dir = scratchDir();
  return {
    ...process.env,
    LARDER_CATALOG: catalogPath,
    LARDER_ACCOUNTS_DB: path.join(dir, 'accounts.sqlite'),
    PORT: '0',
    LOG_LEVEL: 'warn',
    LARDER_PLAN_ENTERPRISE_RPS: '10000000',
    LARDER_PLAN_ENTERPRISE_DAILY: '1000000000',
  };
}

/** Starts `larder serve` on a free port and returns where it listens and the key it printed. */
export async function startLarder(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string; headers: Record<string, string> }> {
  const { child, match } = await spawnUntil(
    // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the measured server (README "Benchmarks").
    [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(ROOT, 'bin', 'larder.js'), 'serve'],
    env,
    /(svc_live_[0-9a-f]{32})[\s\S]*?http:\/\/127\.0\.0\.1:(\d+)\/v1/,
  );
  return { child, base: `http://127.0.0.1:${match[2]}`, headers: { 'x-api-key': match[1]! } };
}

/**
 * Waits until the server has checked its catalogue's content hash (`/readyz` catalog.integrity no
 * longer "checking"): that one-off read of the whole file (800 MB, several seconds of CPU) runs in
 * the background after start and would otherwise be counted in the first scenario's CPU per request.
 */
export async function integrityChecked(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/readyz`);
    const body = (await res.json()) as { catalog?: { integrity?: string } };
    if (body.catalog?.integrity !== undefined && body.catalog.integrity !== 'checking') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not finish checking its catalogue within 120 s');
}
