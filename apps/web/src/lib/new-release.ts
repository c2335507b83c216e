/**
 * A tab opened before a release still runs the old build, whose hashed chunks the new release no longer has: the
 * next page it opens fails to load its code. Instead of an error page, load that page afresh, which brings in the
 * new build. Only when the server answers (offline, the error page and its Reload button are the honest answer)
 * and only once a minute, so a chunk that is missing from the new build too cannot start a reload loop.
 */
import { lazy, type ComponentType } from 'react';
import { env } from '@/config/env';

const RELOADED_AT_KEY = 'listwise.reloadedForRelease';
const RELOAD_GUARD_MS = 60_000;

function reloadedRecently(now: number): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(RELOADED_AT_KEY));
    return Number.isFinite(at) && now - at >= 0 && now - at < RELOAD_GUARD_MS;
  } catch {
    return true; // Storage blocked: no guard against a loop, so do not reload at all.
  }
}

async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/health', { method: 'GET', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Loads `url` afresh when the code that failed to load is likely gone with a release. Resolves true when the page
 * is being replaced, false when the caller should show the failure.
 */
export async function reloadForNewRelease(
  url: string,
  { now = Date.now(), assign = (to: string) => window.location.assign(to) } = {},
): Promise<boolean> {
  // In development a failed import is a bug in the code being written, not a release.
  if (env.isDevelopment || reloadedRecently(now) || !(await serverAnswers())) return false;
  try {
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  assign(url);
  return true;
}

/**
 * Runs a dynamic import; when it fails and the page is reloading for a new release, never settles, so the old
 * page shows no error in the moment before the new one replaces it.
 */
export async function importOrReload<T>(load: () => Promise<T>, url: () => string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (await reloadForNewRelease(url())) return new Promise<never>(() => undefined);
    throw error;
  }
}

const currentPage = () => window.location.pathname + window.location.search + window.location.hash;

/**
 * React's `lazy` for a component loaded inside a page (a menu, a drawer, a dialog): after a release it loads the
 * current page afresh. Nothing is lost that the error page would have kept: without a boundary of its own, a failed
 * component takes the whole page down to the error page anyway.
 */
// `any` as in React's own `lazy`: the component's props are whatever the loaded module says they are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyOrReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => importOrReload(load, currentPage));
}
