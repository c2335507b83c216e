import type pg from 'pg';
import { SCALE_EMAILS } from '../apps/server/src/db/seed/scale.ts';

/**
 * The soak's mixed load (soak.ts): what sellers, agents, operators and visitors do, each answering whether it
 * worked (HTTP 200 and no GraphQL error). The password reset queues an e-mail job (`email.send`), which one of the
 * two servers' workers delivers to the outbox: the jobs run under load as they do in production.
 */
export interface SoakContext {
  tokens: { agent: string; seller: string; admin: string };
  pool: pg.Pool;
}
export interface Operation {
  name: string;
  run: (url: string, context: SoakContext) => Promise<boolean>;
}

async function graphql(url: string, query: string, token?: string, variables: Record<string, unknown> = {}): Promise<boolean> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { errors?: { message: string }[] };
  // The first error's code or message goes into the run's list of errors, so a failed run says why.
  if (body.errors?.length) throw new Error(`HTTP ${response.status}: ${body.errors[0]!.message}`);
  return response.ok;
}

async function page(url: string, path: string): Promise<boolean> {
  const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return true;
}

let suburbPath: Promise<string> | undefined;
/** A suburb page with agents: the focus suburb, where the seed subscribes most of its agents. */
const suburbPage = (pool: pg.Pool) =>
  (suburbPath ??= pool
    .query<{ slug: string }>(
      `select lower(state) || '/' || regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g') || '-' || postcode as slug
       from suburbs where id = (select min(id) from suburbs)`,
    )
    .then((result) => `/agents/${result.rows[0]!.slug}`));

export const OPERATIONS: Operation[] = [
  {
    name: 'seller: myProperties',
    run: (url, c) => graphql(url, 'query SoakMyProperties { myProperties(first: 10) { edges { node { id state } } } }', c.tokens.seller),
  },
  {
    name: 'agent: pending requests',
    run: (url, c) => graphql(url, 'query SoakPending { myPendingAppraisalRequests(first: 10) { edges { node { id } } } }', c.tokens.agent),
  },
  {
    name: 'operator: ledger',
    run: (url, c) => graphql(url, 'query SoakLedger { adminCharges(first: 10) { edges { node { id } } } }', c.tokens.admin),
  },
  { name: 'agent: me', run: (url, c) => graphql(url, 'query SoakMe { me { id email } }', c.tokens.agent) },
  { name: 'visitor: /agents/nsw', run: (url) => page(url, '/agents/nsw') },
  { name: 'visitor: suburb page', run: async (url, c) => page(url, await suburbPage(c.pool)) },
  {
    name: 'seller: password reset (queues an e-mail job)',
    run: (url) =>
      graphql(url, 'mutation SoakReset($email: String!) { sendPasswordResetEmail(email: $email) { message } }', undefined, {
        email: SCALE_EMAILS.seller,
      }),
  },
];
