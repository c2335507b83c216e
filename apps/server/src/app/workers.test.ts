import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { createQueues } from '../jobs/queue.ts';
import { scheduleRecurringJobs, singleFlightQueueNames, WORKERS, workQueue } from './workers.ts';

/**
 * The job runner keeps up with a burst: a worker that has just finished a job takes the next one at once rather
 * than after its polling interval (which would let a queue of e-mails drain at two a second per server).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A queue of its own (one retry, a minute later) with `count` jobs waiting, `{ n }` each: their ids in order. */
async function queueWithJobs(queue: string, count: number): Promise<string[]> {
  const { boss } = server.deps.jobs;
  await boss.createQueue(queue, { name: queue, retryLimit: 1, retryDelay: 60 });
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.push((await boss.send(queue, { n }))!);
  return ids;
}

const statesOf = (queue: string, ids: string[]) =>
  Promise.all(ids.map(async (id) => (await server.deps.jobs.boss.getJobById(queue, id))?.state));

describe('job workers', () => {
  it('work a queue of waiting jobs one after another without waiting the polling interval between them', async () => {
    const { boss } = server.deps.jobs;
    const queue = 'workers-test.burst';
    await boss.createQueue(queue);
    for (let n = 0; n < 6; n++) await server.deps.jobs.send(queue, { n });
    const done: number[] = [];
    // An interval far longer than the test may take: only the first fetch may come before it.
    const workerId = await workQueue(boss, queue, 60, async (data) => {
      done.push(Number(data.n));
    });
    try {
      await vi.waitFor(() => expect(done).toHaveLength(6), { timeout: 20_000, interval: 100 });
      expect([...done].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await boss.offWork({ id: workerId });
    }
  });

  it('wait the polling interval after a job that failed, so a failing queue is not asked again and again', async () => {
    const { boss } = server.deps.jobs;
    const queue = 'workers-test.failing';
    await boss.createQueue(queue, { name: queue, retryLimit: 0 });
    for (let n = 0; n < 3; n++) await server.deps.jobs.send(queue, { n });
    let attempts = 0;
    const workerId = await workQueue(boss, queue, 60, async () => {
      attempts++;
      throw new Error('the job fails');
    });
    try {
      await vi.waitFor(() => expect(attempts).toBe(1), { timeout: 10_000, interval: 100 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(attempts).toBe(1);
    } finally {
      await boss.offWork({ id: workerId });
    }
  });

  it('take a batch a fetch, run a bounded number at once, and fail only the job that failed', async () => {
    const { boss } = server.deps.jobs;
    const queue = 'workers-test.batch';
    const ids = await queueWithJobs(queue, 6);
    let running = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    let releaseAll!: () => void;
    const released = new Promise<void>((resolve) => (releaseAll = resolve));
    // One fetch of all six (the interval is far longer than the test), three at a time.
    const workerId = await workQueue(
      boss,
      queue,
      60,
      async (data) => {
        started.push(Number(data.n));
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await released;
        running--;
        if (data.n === 2) throw new Error('the push service answered 503');
        return { sent: data.n };
      },
      { size: 6, concurrency: 3 },
    );
    try {
      await vi.waitFor(() => expect(started).toHaveLength(3), { timeout: 10_000, interval: 50 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(started).toHaveLength(3);
      releaseAll();
      await vi.waitFor(
        async () => {
          expect(await statesOf(queue, ids)).toEqual(['completed', 'completed', 'retry', 'completed', 'completed', 'completed']);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(mostAtOnce).toBe(3);
      expect((await boss.getJobById(queue, ids[0]!))?.output).toEqual({ sent: 0 });
      expect(JSON.stringify((await boss.getJobById(queue, ids[2]!))?.output)).toContain('the push service answered 503');
    } finally {
      releaseAll();
      await boss.offWork({ id: workerId });
    }
  });

  it("complete a batch whose jobs all succeeded, every job of it, and keep a lone job's output", async () => {
    const { boss } = server.deps.jobs;
    const queue = 'workers-test.batch-succeeds';
    const ids = await queueWithJobs(queue, 4);
    const done: number[] = [];
    // Room for all four in one fetch: the fetch comes back with room to spare, and nothing is left to ask for.
    const workerId = await workQueue(boss, queue, 60, async (data) => void done.push(Number(data.n)), { size: 10, concurrency: 2 });
    const lone = 'workers-test.lone';
    await boss.createQueue(lone);
    const loneId = (await boss.send(lone, {}))!;
    const loneWorker = await workQueue(boss, lone, 60, async () => 'swept 3');
    try {
      await vi.waitFor(
        async () => {
          expect(await statesOf(queue, ids)).toEqual(['completed', 'completed', 'completed', 'completed']);
          expect((await boss.getJobById(lone, loneId))?.state).toBe('completed');
        },
        { timeout: 10_000, interval: 100 },
      );
      expect([...done].sort()).toEqual([0, 1, 2, 3]);
      expect((await boss.getJobById(lone, loneId))?.output).toEqual({ value: 'swept 3' });
    } finally {
      await boss.offWork({ id: workerId });
      await boss.offWork({ id: loneWorker });
    }
  });

  it('run a recurring job once at a time across servers: a run due while one is working waits for it', async () => {
    const { boss } = server.deps.jobs;
    const queue = 'workers-test.every-minute';
    // Made as a queue of before: the server's start makes it single-flight all the same.
    await boss.createQueue(queue);
    await createQueues(boss, [queue], [queue]);
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    let finishFirstRun!: () => void;
    const firstRunHeld = new Promise<void>((resolve) => (finishFirstRun = resolve));
    const body = async () => {
      runs++;
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      if (runs === 1) await firstRunHeld;
      running--;
    };
    // Two workers polling the queue as two servers do, each every half second.
    const workers = [await workQueue(boss, queue, 0.5, body), await workQueue(boss, queue, 0.5, body)];
    try {
      await server.deps.jobs.send(queue, {});
      await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000, interval: 50 });
      // The next minutes' runs come due while the first is still working (a backlog).
      await server.deps.jobs.send(queue, {});
      await server.deps.jobs.send(queue, {});
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(runs).toBe(1);
      finishFirstRun();
      // The run that waited goes next; the one due meanwhile was folded into it.
      await vi.waitFor(() => expect(runs).toBe(2), { timeout: 10_000, interval: 50 });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runs).toBe(2);
      expect(mostAtOnce).toBe(1);
    } finally {
      finishFirstRun();
      for (const id of workers) await boss.offWork({ id });
    }
  });

  it("write a recurring job's schedule again only when it is missing or has changed", async () => {
    const { boss } = server.deps.jobs;
    const recurring = WORKERS.filter((worker) => worker.schedule);
    const [changed, removed, kept] = recurring;
    const updatedOn = async () =>
      new Map(
        (await server.deps.db.execute<{ name: string; updated_on: Date }>(sql`select name, updated_on from pgboss.schedule`)).rows.map(
          (row) => [row.name, new Date(row.updated_on).getTime()],
        ),
      );
    await boss.schedule(changed!.queue, '0 0 * * *', {}, { tz: 'UTC' });
    await boss.unschedule(removed!.queue);
    const before = await updatedOn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await scheduleRecurringJobs(boss);
    const schedules = new Map((await boss.getSchedules()).map((schedule) => [schedule.name, schedule]));
    for (const worker of recurring) expect(schedules.get(worker.queue)?.cron).toBe(worker.schedule);
    const after = await updatedOn();
    expect(after.get(changed!.queue)).toBeGreaterThan(before.get(changed!.queue)!);
    expect(after.get(kept!.queue)).toBe(before.get(kept!.queue));
  });

  it('make every recurring queue single-flight, and no queue of one job per event', async () => {
    expect(singleFlightQueueNames()).toEqual(WORKERS.filter((worker) => worker.schedule).map((worker) => worker.queue));
    for (const name of singleFlightQueueNames()) expect((await server.deps.jobs.boss.getQueue(name))?.policy).toBe('stately');
    expect((await server.deps.jobs.boss.getQueue('email.send'))?.policy).toBe('standard');
  });
});
