/**
 * `npm run bench -- tracing-overhead` (last in `npm run bench`: tracing, once on, stays on in the process): what observability costs a request. One server (metrics counted, tracing
 * off, as production runs without OTEL_EXPORTER_OTLP_ENDPOINT) and, on the same deps and database, a second app
 * without the metrics hooks: `me` is loaded on each in turn, three rounds, so the machine's noise shows as the spread
 * between rounds. Then tracing is turned on (spans exported by OTLP to a local receiver that discards them) and a
 * third app is loaded the same way, for the price of tracing on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentProfiles, users } from '../apps/server/src/db/schema/index.ts';
import { buildHttpApp } from '../apps/server/src/http/app.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { theRow } from '../apps/server/src/lib/rows.ts';
import { startTracing } from '../apps/server/src/observability/tracing.ts';
import { ME_QUERY } from './bare-routes.ts';
import { BENCH_PASSWORD, load, loginToken, printTable, startBenchServer, type LoadResult } from './lib.ts';

const ROUNDS = 3;
const SECONDS = 5;

export async function benchTracingOverhead(): Promise<LoadResult[]> {
  const server = await startBenchServer();
  const receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('{}')));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const bare = await buildHttpApp(server.deps);
  try {
    const { db } = server.deps;
    const agent = await db
      .insert(users)
      .values({
        email: 'bench.tracing@example.com',
        userType: 'AGENT',
        passwordHash: await hashPassword(BENCH_PASSWORD),
        emailVerifiedAt: new Date(),
      })
      .returning()
      .then(theRow);
    await db.insert(agentProfiles).values({ userId: agent.id, name: 'Bench Agent' });
    const token = await loginToken(server.url, 'bench.tracing@example.com');
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const body = { query: ME_QUERY };
    const results: LoadResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      results.push(await load(`me, metrics on, tracing off (round ${round})`, server.url, body, { token, durationSeconds: SECONDS }));
      results.push(await load(`me, no metrics hooks (round ${round})`, bareUrl, body, { token, durationSeconds: SECONDS }));
    }
    const tracing = startTracing({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    // Built after tracing started: the Fastify instrumentation hooks into instances made from then on.
    const traced = await buildHttpApp(server.deps);
    const tracedUrl = await traced.listen({ port: 0, host: '127.0.0.1' });
    for (let round = 1; round <= ROUNDS; round++) {
      results.push(await load(`me, tracing on (round ${round})`, tracedUrl, body, { token, durationSeconds: SECONDS }));
    }
    await traced.close();
    await tracing?.shutdown();
    printTable(results);
    return results;
  } finally {
    await bare.close();
    await server.stop();
    receiver.close();
  }
}
