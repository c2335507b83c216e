import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './in-order';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('createTurnQueue', () => {
  it('lets work that finishes out of order take effect in the order it started', async () => {
    const queue = createTurnQueue();
    const attached: string[] = [];
    // Three uploads chosen together; the first is the largest and finishes last.
    const upload = async (name: string, ms: number) => {
      const turn = queue.take();
      await new Promise((resolve) => setTimeout(resolve, ms));
      await turn.wait();
      attached.push(name);
      turn.end();
    };
    await Promise.all([upload('front.jpg', 30), upload('garden.jpg', 5), upload('kitchen.jpg', 15)]);
    expect(attached).toEqual(['front.jpg', 'garden.jpg', 'kitchen.jpg']);
  });

  it('does not hold later turns behind one that ended without its work (failed or cancelled)', async () => {
    const queue = createTurnQueue();
    const first = queue.take();
    const second = queue.take();
    const third = queue.take();
    let thirdWent = false;
    void third.wait().then(() => (thirdWent = true));
    second.end(); // failed before the first finished: the third still waits for the first
    await tick();
    expect(thirdWent).toBe(false);
    first.end();
    await tick();
    expect(thirdWent).toBe(true);
  });

  it('lets a turn taken after the queue is idle go at once', async () => {
    const queue = createTurnQueue();
    const only = queue.take();
    only.end();
    only.end(); // idempotent
    const next = queue.take();
    let went = false;
    void next.wait().then(() => (went = true));
    await tick();
    expect(went).toBe(true);
  });
});
