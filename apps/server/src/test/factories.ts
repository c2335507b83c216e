import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sellerProfiles, users } from '../db/schema/accounts.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { TestServer } from './harness.ts';
import { theRow } from '../lib/rows.ts';
import { acceptanceOfCurrentTerms } from '../modules/accounts/terms.ts';

/** Test data factories: real rows through the API where it exists, direct inserts for set-up shortcuts. */

export const uniqueEmail = (prefix = 'user') => `${prefix}.${crypto.randomBytes(5).toString('hex')}@example.com`;
export const PASSWORD = 'correct-horse-battery';

const SIGN_UP = `mutation($email: String!, $password: String!) { createAgentUser(email: $email, password: $password) { token user { id email } } }`;

export async function signUpAgent(server: TestServer, email = uniqueEmail('agent'), password = PASSWORD, headers?: Record<string, string>) {
  const result = await server.gql<{ createAgentUser: { token: string; user: { id: string } } }>(
    SIGN_UP,
    { email, password },
    null,
    headers,
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return { email, password, token: result.data.createAgentUser.token, userId: result.data.createAgentUser.user.id };
}

/** A complete, verified seller created directly (the listing flow builds them through the API). */
export async function createSeller(
  server: TestServer,
  overrides: { status?: 'APPROVED' | 'PENDING_VERIFICATION'; email?: string; name?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail('seller');
  const user = await server.deps.db
    .insert(users)
    .values({
      email,
      userType: 'SELLER',
      passwordHash: await hashPassword(PASSWORD),
      mobileNumber: '+61412345678',
      emailVerifiedAt: new Date(),
      // Accepted the terms in force, as every account that signed up through the app has.
      ...acceptanceOfCurrentTerms(new Date()),
    })
    .returning()
    .then(theRow);
  await server.deps.db.insert(sellerProfiles).values({
    userId: user.id,
    name: overrides.name ?? 'Test Seller',
    isPrivacyPolicyAccepted: true,
    status: overrides.status ?? 'APPROVED',
  });
  return { email, password: PASSWORD, userId: user.id, token: await login(server, email, PASSWORD) };
}

export async function createAdmin(server: TestServer) {
  const email = uniqueEmail('admin');
  await server.deps.db
    .insert(users)
    .values({ email, userType: 'ADMIN', passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
  return { email, token: await login(server, email, PASSWORD) };
}

export async function login(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  const result = await server.gql<{ login: { token: string } }>(
    `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
    { e: email, p: password },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.login.token;
}

export async function markEmailVerified(server: TestServer, userId: string) {
  await server.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}
