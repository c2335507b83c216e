import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { agentProfiles, users } from '../apps/server/src/db/schema/accounts.ts';
import { load, printTable, startBenchServer } from './lib.ts';
import { theRow } from '../apps/server/src/lib/rows.ts';

/**
 * `login` and `me` under load. login is dominated by argon2id (19 MiB, 2 passes) by design;
 * me is one indexed session look-up plus the user's profile.
 */
export async function benchLoginAndMe() {
  const server = await startBenchServer();
  try {
    const email = 'bench.agent@example.com';
    const user = await server.deps.db
      .insert(users)
      .values({ email, userType: 'AGENT', passwordHash: await hashPassword('bench-password'), emailVerifiedAt: new Date() })
      .returning()
      .then(theRow);
    await server.deps.db.insert(agentProfiles).values({ userId: user.id, name: 'Bench Agent' });
    const loginBody = {
      query: `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
      variables: { e: email, p: 'bench-password' },
    };
    const loginResponse = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(loginBody),
    });
    const token = ((await loginResponse.json()) as { data: { login: { token: string } } }).data.login.token;
    const meBody = { query: `{ me { id email userType isEmailVerified profileComplete agentProfile { name badge } } }` };
    const rows = [await load('login', server.url, loginBody, { connections: 4 }), await load('me', server.url, meBody, { token })];
    printTable(rows);
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLoginAndMe();
