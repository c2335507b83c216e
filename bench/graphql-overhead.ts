import assert from 'node:assert/strict';
import { agentProfiles, users } from '../apps/server/src/db/schema/accounts.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { BARE_ME_PATH, BARE_MY_PROPERTIES_PATH, ME_QUERY, registerBareRoutes } from './bare-routes.ts';
import { BENCH_PASSWORD, load, loginToken, printTable, startBenchServer, type LoadResult } from './lib.ts';
import { MY_PROPERTIES_QUERY, seedSellerWithProperties } from './my-properties.ts';
import { theRow } from '../apps/server/src/lib/rows.ts';

/**
 * The price of the GraphQL layer: `me` and `myProperties(first: 10)` through POST /graphql, side by side with
 * bare Fastify routes that run the same SQL and answer the same JSON (bare-routes.ts), on one server in one run.
 * Prints the GraphQL/bare throughput ratio of each (the target is ≥ 0.5) and GET /health for scale.
 */
const SELLER_PROPERTIES = 1_000;

async function post(url: string, path: string, body: unknown, token: string) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return response.json();
}

export async function benchGraphqlOverhead() {
  const server = await startBenchServer({ extraRoutes: [registerBareRoutes] });
  try {
    const { db } = server.deps;
    const agent = await db
      .insert(users)
      .values({
        email: 'bench.me@example.com',
        userType: 'AGENT',
        passwordHash: await hashPassword(BENCH_PASSWORD),
        emailVerifiedAt: new Date(),
      })
      .returning()
      .then(theRow);
    await db.insert(agentProfiles).values({ userId: agent.id, name: 'Bench Agent', numberOfEngagements: 12 });
    const agentToken = await loginToken(server.url, 'bench.me@example.com');
    const { token: sellerToken } = await seedSellerWithProperties(server, SELLER_PROPERTIES, SELLER_PROPERTIES);

    const meBody = { query: ME_QUERY };
    const myPropertiesBody = { query: MY_PROPERTIES_QUERY, variables: {} };
    // The comparison only means something if both answer the same: check before loading.
    const graphqlMe = await post(server.url, '/graphql', meBody, agentToken);
    assert.deepStrictEqual(await post(server.url, BARE_ME_PATH, {}, agentToken), graphqlMe);
    const graphqlMyProperties = (await post(server.url, '/graphql', myPropertiesBody, sellerToken)) as {
      data: { myProperties: { edges: unknown[] } };
    };
    assert.equal(graphqlMyProperties.data.myProperties.edges.length, 10);
    assert.deepStrictEqual(await post(server.url, BARE_MY_PROPERTIES_PATH, {}, sellerToken), graphqlMyProperties);

    const rows: LoadResult[] = [
      await load('GET /health', server.url, null, { method: 'GET', path: '/health' }),
      await load('me (GraphQL)', server.url, meBody, { token: agentToken }),
      await load('me (bare)', server.url, {}, { token: agentToken, path: BARE_ME_PATH }),
      await load('myProperties (GraphQL)', server.url, myPropertiesBody, { token: sellerToken }),
      await load('myProperties (bare)', server.url, {}, { token: sellerToken, path: BARE_MY_PROPERTIES_PATH }),
    ];
    printTable(rows);
    const ratio = (graphql: LoadResult, bare: LoadResult) => Math.round((graphql.requestsPerSecond / bare.requestsPerSecond) * 100) / 100;
    const ratios = [
      { operation: 'me', 'GraphQL/bare': ratio(rows[1]!, rows[2]!), target: 0.5 },
      { operation: 'myProperties(first: 10)', 'GraphQL/bare': ratio(rows[3]!, rows[4]!), target: 0.5 },
    ];
    printTable(ratios);
    return { rows, ratios };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGraphqlOverhead();
