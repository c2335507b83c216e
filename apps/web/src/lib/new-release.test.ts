// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const env = vi.hoisted(() => ({ isDevelopment: false }));
vi.mock('@/config/env', () => ({ env }));

const { reloadForNewRelease } = await import('./new-release');

const serverUp = () => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"status":"ok"}', { status: 200 }));

describe('reloadForNewRelease', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    env.isDevelopment = false;
  });

  it('loads the page afresh when the server answers, asking /health past any cache', async () => {
    const fetch = serverUp();
    const assign = vi.fn();
    expect(await reloadForNewRelease('/get-started?x=1', { now: 1_000_000, assign })).toBe(true);
    expect(assign).toHaveBeenCalledWith('/get-started?x=1');
    expect(fetch).toHaveBeenCalledWith('/health', expect.objectContaining({ cache: 'no-store' }));
  });

  it('reloads at most once a minute, so a chunk the new build lacks too cannot loop', async () => {
    serverUp();
    const assign = vi.fn();
    expect(await reloadForNewRelease('/a', { now: 1_000_000, assign })).toBe(true);
    expect(await reloadForNewRelease('/a', { now: 1_000_000 + 59_999, assign })).toBe(false);
    expect(await reloadForNewRelease('/a', { now: 1_000_000 + 60_000, assign })).toBe(true);
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('leaves the error to the page when the server does not answer (offline) or answers unwell', async () => {
    const assign = vi.fn();
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await reloadForNewRelease('/a', { now: 1, assign })).toBe(false);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('', { status: 503 }));
    expect(await reloadForNewRelease('/a', { now: 2, assign })).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('never reloads in development, where a failed import is a bug to see', async () => {
    env.isDevelopment = true;
    serverUp();
    const assign = vi.fn();
    expect(await reloadForNewRelease('/a', { now: 1, assign })).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
