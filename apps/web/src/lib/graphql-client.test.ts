// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gql } from 'urql';
import { documentText, sha256Hex } from '../../scripts/document-manifest';

/**
 * The client's one place for failures (spec 000 §8): `unauthorized`/`unauthorised` in any case logs out, a
 * network failure shows a single 'Unable to reach Listwise' toast, and every request carries the bearer token.
 */
const Query = gql`
  query Probe {
    staticCashbackAmount
  }
`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

const load = async () => {
  vi.resetModules();
  const auth = await import('@/lib/auth-store');
  const client = await import('@/lib/graphql-client');
  const toast = await import('@/lib/toast');
  return { ...auth, ...client, ...toast };
};

const toastMessages = (toasts: readonly { message: string }[]) => toasts.map((t) => t.message);

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // Errors are reported to the console in development; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GraphQL client', () => {
  it('sends POST with the bearer token of the session', async () => {
    const { authStore, createGraphqlClient } = await load();
    authStore.completeLogin({ token: 'tok-1', userType: 'AGENT', isGhostUser: false });
    fetchMock.mockResolvedValue(json({ data: { staticCashbackAmount: 500 } }));
    const result = await createGraphqlClient().query(Query, {}).toPromise();
    expect(result.data).toEqual({ staticCashbackAmount: 500 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init!.method).toBe('POST');
    expect(new Headers(init!.headers).get('authorization')).toBe('Bearer tok-1');
  });

  it('sends an operation as the hash the build lists in the trusted-documents manifest, without its text', async () => {
    const { createGraphqlClient } = await load();
    fetchMock.mockResolvedValue(json({ data: { staticCashbackAmount: 500 } }));
    await createGraphqlClient().query(Query, {}).toPromise();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as Record<string, unknown>;
    expect(body.query).toBeUndefined();
    expect(body.extensions).toEqual({ persistedQuery: { version: 1, sha256Hash: sha256Hex(documentText(Query)) } });
    expect(documentText(Query)).toContain('staticCashbackAmount');

    const Mutation = gql`
      mutation ProbeLogout {
        logout
      }
    `;
    fetchMock.mockResolvedValue(json({ data: { logout: true } }));
    await createGraphqlClient().mutation(Mutation, {}).toPromise();
    const mutationBody = JSON.parse(String(fetchMock.mock.calls[1]![1]!.body)) as Record<string, unknown>;
    expect(mutationBody).toMatchObject({ extensions: { persistedQuery: { sha256Hash: sha256Hex(documentText(Mutation)) } } });
  });

  it('in development, resends the full text when the server does not know the hash', async () => {
    const { createGraphqlClient } = await load();
    fetchMock
      .mockResolvedValueOnce(json({ errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'bad_request' } }] }))
      .mockResolvedValueOnce(json({ data: { staticCashbackAmount: 500 } }));
    const result = await createGraphqlClient().query(Query, {}).toPromise();
    expect(result.data).toEqual({ staticCashbackAmount: 500 });
    const retry = JSON.parse(String(fetchMock.mock.calls[1]![1]!.body)) as Record<string, unknown>;
    expect(retry.query).toBe(documentText(Query));
  });

  it.each(['unauthorized', 'Unauthorised', 'UNAUTHORIZED'])('logs out on a %s error', async (message) => {
    const { authStore, createGraphqlClient } = await load();
    authStore.completeLogin({ token: 'tok-2', userType: 'SELLER', isGhostUser: false });
    fetchMock.mockResolvedValue(json({ data: null, errors: [{ message, extensions: { code: 'unauthorized' } }] }));
    await createGraphqlClient().query(Query, {}, { requestPolicy: 'network-only' }).toPromise();
    expect(authStore.getState()).toMatchObject({ status: 'loggedOut', token: null });
  });

  it('stays logged in on other errors, and when the answer belongs to an older session', async () => {
    const { authStore, createGraphqlClient } = await load();
    authStore.completeLogin({ token: 'tok-3', userType: 'SELLER', isGhostUser: false });
    fetchMock.mockResolvedValue(json({ data: null, errors: [{ message: 'not_found', extensions: { code: 'not_found' } }] }));
    await createGraphqlClient().query(Query, {}).toPromise();
    expect(authStore.getState().status).toBe('loggedIn');

    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const pending = createGraphqlClient().query(Query, {}, { requestPolicy: 'network-only' }).toPromise();
    authStore.beginLogin();
    authStore.completeLogin({ token: 'tok-4', userType: 'AGENT', isGhostUser: false });
    answer(json({ data: null, errors: [{ message: 'unauthorized' }] }));
    await pending;
    expect(authStore.getState()).toMatchObject({ status: 'loggedIn', token: 'tok-4' });
  });

  it('shows one "Unable to reach Listwise" toast however many calls fail', async () => {
    const { createGraphqlClient, currentToasts } = await load();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createGraphqlClient();
    const results = await Promise.all([1, 2, 3].map((n) => client.query(Query, { n }, { requestPolicy: 'network-only' }).toPromise()));
    expect(results.every((r) => r.error?.networkError)).toBe(true);
    expect(toastMessages(currentToasts())).toEqual(['Unable to reach Listwise']);
    await client.query(Query, { n: 4 }, { requestPolicy: 'network-only' }).toPromise();
    expect(toastMessages(currentToasts())).toEqual(['Unable to reach Listwise']);
  });

  it('shows no network toast for an answer that arrived, even unreadable', async () => {
    const { createGraphqlClient, currentToasts } = await load();
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 500, headers: { 'content-type': 'text/html' } }));
    const result = await createGraphqlClient().query(Query, {}).toPromise();
    expect(result.error?.networkError).toBeTruthy();
    expect(currentToasts()).toEqual([]);
  });
});
