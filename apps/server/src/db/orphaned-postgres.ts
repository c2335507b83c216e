import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from '../lib/startup-error.ts';

/**
 * A server killed hard (`kill -9`, an out-of-memory kill) cannot stop its embedded PostgreSQL: the postmaster
 * keeps running, orphaned, holding `postmaster.pid`, and the next start's postgres refuses the data directory.
 * Before starting, `recoverDataDirectory` reads that pid file and:
 * - no file, or a process that is gone: nothing to do (postgres itself ignores a pid file whose process is dead);
 * - a live process that is not postgres for this directory (the pid was reused): the file is stale and removed;
 * - postgres for this directory whose parent is still a Node process: another server is using it; refused with
 *   a hint, never killed;
 * - an orphan: shut down cleanly with SIGINT (Postgres's "fast" shutdown: open transactions roll back, a
 *   checkpoint is written, so everything committed is kept) and waited for, bounded; SIGQUIT (immediate shutdown,
 *   recovered from the WAL at the next start) if it does not go in time.
 */
export interface RecoveryOptions {
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** How long a fast shutdown may take before an immediate one is asked for. */
  shutdownTimeoutMs?: number;
}

export interface ProcessInfo {
  /** The command line, arguments joined by spaces. */
  command: string;
  parentPid: number;
  /** Exited but not yet reaped by its parent (a zombie is gone for our purposes). */
  isZombie: boolean;
}

const execFileAsync = promisify(execFile);

/** The command line and parent of a live process, or null when there is none (Linux /proc; `ps` elsewhere). */
export async function processInfo(pid: number): Promise<ProcessInfo | null> {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    const [cmdline, stat] = await Promise.all([fs.readFile(`/proc/${pid}/cmdline`, 'utf8'), fs.readFile(`/proc/${pid}/stat`, 'utf8')]);
    // stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ')'.
    const [state, parentPid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { command: cmdline.split('\0').join(' ').trim(), parentPid: Number(parentPid), isZombie: state === 'Z' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (await fs.stat('/proc/self').catch(() => null))) return null;
  }
  try {
    const { stdout } = await execFileAsync('ps', ['-o', 'ppid=,stat=,command=', '-p', String(pid)]);
    const match = stdout.trim().match(/^(\d+)\s+(\S+)\s+(.*)$/);
    return match ? { parentPid: Number(match[1]), isZombie: match[2]!.startsWith('Z'), command: match[3]! } : null;
  } catch {
    return null; // `ps` exits 1 when there is no such process
  }
}

const isPostgresFor = (info: ProcessInfo, databaseDir: string) =>
  /(^|\/)postgres(\s|$)/.test(info.command) && `${info.command} `.includes(` -D ${databaseDir} `);

async function isRunning(pid: number): Promise<boolean> {
  const info = await processInfo(pid);
  return !!info && !info.isZombie;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await isRunning(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !(await isRunning(pid));
}

export async function recoverDataDirectory(databaseDir: string, options: RecoveryOptions = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!content) return;
  const pid = Number(content.split('\n')[0]);
  const info = await processInfo(pid);
  if (!info || info.isZombie) {
    log('a previous PostgreSQL stopped without cleaning up; its pid file is stale and postgres will replace it', { postgresPid: pid });
    return;
  }
  if (!isPostgresFor(info, databaseDir)) {
    log('removing a stale postmaster.pid: its process id now belongs to another program', { postgresPid: pid, command: info.command });
    await fs.rm(pidFile, { force: true });
    return;
  }
  const parent = await processInfo(info.parentPid);
  if (parent && /(^|\/)node(\s|$)/.test(parent.command)) {
    throw new StartupError(
      `Another Listwise server (process ${info.parentPid}) is using the embedded PostgreSQL in ${databaseDir}.`,
      `Stop that server first, or give this one its own DATA_DIR.`,
    );
  }
  log('found the embedded PostgreSQL of a server that was killed; shutting it down cleanly', { postgresPid: pid });
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, options.shutdownTimeoutMs ?? 30_000)) return;
  log('the orphaned PostgreSQL did not finish a fast shutdown in time; asking for an immediate one', { postgresPid: pid });
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 10_000)) return;
  throw new StartupError(
    `The orphaned PostgreSQL (process ${pid}) of a previous server would not stop.`,
    `Stop it by hand (kill ${pid}), then start again.`,
  );
}
