import { expect, type APIRequestContext } from '@playwright/test';

/** Direct API access for set-up and checks: GraphQL, the dev mailbox and the movable clock. */

export const DEMO_PASSWORD = 'listwise-demo';
export const DEMO = {
  admin: 'admin@listwise.test',
  seller: 'seller@listwise.test',
  agents: ['agent.bondi@listwise.test', 'agent.surry@listwise.test', 'agent.fitzroy@listwise.test'],
} as const;

export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
/** A surname of letters only, new on every run: a retry must not meet the agent (or the name) of the attempt before. */
export function uniqueSurname(): string {
  const letters =
    Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6) || 'abcdef';
  return letters[0]!.toUpperCase() + letters.slice(1);
}

export async function gql<T = Record<string, unknown>>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
) {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL error: ${body.errors.map((e) => e.message).join(', ')}`);
  return body.data;
}

export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const data = await gql<{ login: { token: string } }>(
    request,
    `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
    {
      e: email,
      p: password,
    },
  );
  return data.login.token;
}

interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Waits for an e-mail to `to` whose subject matches, and returns it (newest first). */
export async function waitForEmail(request: APIRequestContext, to: string, subject: RegExp): Promise<MailboxEntry> {
  let found: MailboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to.toLowerCase())}`)).json()) as MailboxEntry[];
        found = list.find((m) => subject.test(m.subject));
        return !!found;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** The first link in an e-mail's text whose path matches. */
export function linkIn(email: MailboxEntry, path: RegExp): string {
  const url = email.text.match(/https?:\/\/\S+/g)?.find((u) => path.test(new URL(u).pathname));
  if (!url) throw new Error(`no link matching ${path} in e-mail '${email.subject}': ${email.text}`);
  return new URL(url).pathname;
}

export async function advanceClock(request: APIRequestContext, ms: number) {
  const response = await request.post('/dev/clock', { data: { advanceMs: ms } });
  expect(response.ok()).toBe(true);
}

/** Puts the server's clock back to the real time: a journey that moved it does so after itself, pass or fail. */
export async function resetClock(request: APIRequestContext) {
  const response = await request.post('/dev/clock', { data: { reset: true } });
  expect(response.ok()).toBe(true);
}
