import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { workQueue } from './workers.ts';

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
});
