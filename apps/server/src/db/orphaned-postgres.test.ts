import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartupError } from '../lib/startup-error.ts';
import { processInfo, recoverDataDirectory } from './orphaned-postgres.ts';

/**
 * What a start finds in the data directory after a hard stop, one case at a time, with stand-in processes: a
 * script named `postgres` run as `postgres -D <dir>` looks like the real postmaster to the checks. The real
 * postgres case (a server killed in a burst of writes) is crash-recovery.test.ts.
 */
const root = path.join(os.tmpdir(), `listwise-orphan-${process.pid}`);
const fakePostgres = path.join(root, 'bin', 'postgres');
const started: number[] = [];
let case_ = 0;

beforeAll(async () => {
  await fs.mkdir(path.dirname(fakePostgres), { recursive: true });
  // Stops on SIGINT like postgres's fast shutdown; `stubborn` ignores it (only SIGQUIT ends it).
  await fs.writeFile(
    fakePostgres,
    `#!/bin/sh\nif [ "$3" = stubborn ]; then trap '' INT; else trap 'exit 0' INT; fi\ntrap 'exit 1' QUIT\nwhile :; do sleep 0.05; done\n`,
    { mode: 0o755 },
  );
});
afterAll(async () => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await fs.rm(root, { recursive: true, force: true });
});

async function dataDir(pid: number) {
  const dir = path.join(root, `data-${++case_}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n1795524611\n5432\n\n127.0.0.1\n  2195635    131125\nready   \n`);
  return dir;
}

const isRunning = async (pid: number) => {
  const info = await processInfo(pid);
  return !!info && !info.isZombie;
};

/** A stand-in postmaster whose parent is this (Node) process: a server that is alive and using the directory. */
function ownedPostgres(dir: string): ChildProcess {
  const child = spawn(fakePostgres, ['-D', dir], { stdio: 'ignore' });
  started.push(child.pid!);
  return child;
}

/** A stand-in postmaster whose parent has exited, as after `kill -9` of the server: re-parented to init. */
async function orphanedPostgres(dir: string, mode = ''): Promise<number> {
  // A short-lived Node parent starts it and exits (a shell would start it with SIGINT ignored).
  const script = `const c = require('node:child_process').spawn(process.argv[1], process.argv.slice(2), { detached: true, stdio: 'ignore' }); c.unref(); console.log(c.pid);`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, fakePostgres, '-D', dir, ...(mode ? [mode] : [])]);
  const pid = Number(stdout.trim());
  started.push(pid);
  await expect.poll(async () => (await processInfo(pid))?.command ?? '').toContain(' -D ');
  return pid;
}

describe('a start over a data directory left by a hard stop', () => {
  it('leaves a pid file whose process is gone to postgres, which replaces it', async () => {
    const gone = spawn('true');
    await new Promise((resolve) => gone.on('exit', resolve));
    const dir = await dataDir(gone.pid!);
    await recoverDataDirectory(dir);
    await expect(fs.access(path.join(dir, 'postmaster.pid'))).resolves.toBeUndefined();
  });

  it('removes a pid file whose process id now belongs to another program (postgres would refuse it)', async () => {
    const dir = await dataDir(process.pid);
    const lines: string[] = [];
    await recoverDataDirectory(dir, { log: (message) => lines.push(message) });
    await expect(fs.access(path.join(dir, 'postmaster.pid'))).rejects.toThrow();
    expect(lines.join()).toMatch(/stale postmaster\.pid/);
    expect(await isRunning(process.pid)).toBe(true);
  });

  it('shuts an orphaned postgres down with a fast shutdown (SIGINT) and waits for it', async () => {
    const dir = path.join(root, `data-${++case_}`);
    const pid = await orphanedPostgres(dir);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n`);
    expect((await processInfo(pid))!.parentPid).not.toBe(process.pid);
    await recoverDataDirectory(dir);
    expect(await isRunning(pid)).toBe(false);
  });

  it('asks for an immediate shutdown (SIGQUIT) when a fast one does not finish in time', async () => {
    const dir = path.join(root, `data-${++case_}`);
    const pid = await orphanedPostgres(dir, 'stubborn');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n`);
    await recoverDataDirectory(dir, { shutdownTimeoutMs: 300 });
    expect(await isRunning(pid)).toBe(false);
  });

  it('refuses, naming the server, when the postgres still belongs to a running server', async () => {
    const dir = path.join(root, `data-${++case_}`);
    const child = ownedPostgres(dir);
    await expect.poll(async () => (await processInfo(child.pid!))?.command ?? '').toContain(' -D ');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'postmaster.pid'), `${child.pid}\n${dir}\n`);
    const refusal = await recoverDataDirectory(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StartupError);
    expect((refusal as StartupError).message).toContain(`Another Listwise server (process ${process.pid})`);
    expect((refusal as StartupError).hint).toMatch(/DATA_DIR/);
    expect(await isRunning(child.pid!)).toBe(true);
    child.kill('SIGKILL');
  });

  it('does nothing without a pid file (a clean stop)', async () => {
    const dir = path.join(root, `data-${++case_}`);
    await fs.mkdir(dir, { recursive: true });
    await expect(recoverDataDirectory(dir)).resolves.toBeUndefined();
  });
});
