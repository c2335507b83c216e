import fs from 'node:fs';
import type pg from 'pg';

/**
 * MODEL_PROFILE's accounts of where a run's time goes: each step's and each reset's milliseconds (printed as they
 * happen) and, at the end, the processor time of the test, of the servers it started and of PostgreSQL. On a busy
 * machine the wall time says little; the processor time is what a sequence costs.
 */
export const profiling = Boolean(process.env.MODEL_PROFILE);

/** A process's processor time so far in milliseconds, its reaped children's included (Linux /proc; 0 elsewhere). */
export function processorMs(pid: number, withChildren = false): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks * 10;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** PostgreSQL's processor time: its postmaster's, its live backends' and the backends that have exited. */
export async function postgresMs(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
  const backend = rows[0]!.pid;
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return 0;
  }
  return processorMs(postmaster, true) + childrenOf(postmaster).reduce((sum, pid) => sum + processorMs(pid), 0);
}

export function testProcessMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
