// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const env = vi.hoisted(() => ({ isDevelopment: false }));
vi.mock('@/config/env', () => ({ env }));

const { reportError } = await import('./error-reporting');

const sentReports = (beacon: ReturnType<typeof vi.fn>) =>
  Promise.all(beacon.mock.calls.map(async ([url, blob]) => ({ url, body: JSON.parse(await (blob as Blob).text()) as unknown })));

describe('reportError', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    env.isDevelopment = false;
  });

  it('sends a GraphQL error with its code, operation and page to /client-errors', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    window.history.pushState({}, '', '/property/42');
    reportError('graphql', { message: 'not_found', extensions: { code: 'not_found' } }, 'Property');
    expect(await sentReports(beacon)).toEqual([
      {
        url: '/client-errors',
        body: { kind: 'graphql', message: 'not_found', code: 'not_found', operationName: 'Property', page: '/property/42' },
      },
    ]);
  });

  it('clips long messages so the server accepts the report', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    reportError('render', new Error('x'.repeat(2000)));
    const [report] = await sentReports(beacon);
    expect((report!.body as { message: string }).message).toHaveLength(500);
  });

  it('only logs to the console in development', () => {
    env.isDevelopment = true;
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportError('network', new Error('offline'));
    expect(beacon).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it('never throws, even when sending fails', () => {
    Object.defineProperty(navigator, 'sendBeacon', {
      value: () => {
        throw new Error('blocked');
      },
      configurable: true,
    });
    expect(() => reportError('network', new Error('offline'))).not.toThrow();
  });
});
