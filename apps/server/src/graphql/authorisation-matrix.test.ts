import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getNamedType, isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORISATION_MATRIX, authorisationMarkdown, type MatrixRow, type Outcome } from '../test/authorisation-matrix.ts';
import { buildWorld, ROLE_NAMES, ROLES, sessionFor, type Role, type World } from '../test/authorisation-world.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { operationDocument, schemaOperations, type SchemaOperation } from '../test/schema-operations.ts';

/**
 * The authorisation matrix (issue 13): every query and mutation of the printed schema, called by each role
 * (anonymous, a ghost seller, sellers A and B, agents A, B and C, an operator) on seller A's objects, must answer
 * what apps/server/src/test/authorisation-matrix.ts says: `ok` or that refusal's catalogue code. A call that
 * changes its object runs for each role expected to succeed in a world of its own; refusals share one.
 */
const TABLE_FILE = 'apps/server/src/test/authorisation-matrix.ts';
const DOC_FILE = path.resolve(import.meta.dirname, '../../../../docs/authorisation.md');
const operations = schemaOperations();

let server: TestServer;
let shared: World;
// Fresh worlds are built ahead, while earlier calls run, and each is used once.
const spareWorlds: Promise<World>[] = [];
const SPARE_WORLDS = 3;
function freshWorld(): Promise<World> {
  while (spareWorlds.length < SPARE_WORLDS + 1) {
    const world = buildWorld(server);
    world.catch(() => undefined); // a failure surfaces where the world is awaited, not as an unhandled rejection
    spareWorlds.push(world);
  }
  return spareWorlds.shift()!;
}
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '10000' });
  shared = await buildWorld(server);
}, 60_000);
afterAll(async () => {
  await Promise.allSettled(spareWorlds);
  await server?.stop();
});

const missingRowMessage = (names: string[]) =>
  `No row in the authorisation matrix for ${names.map((n) => `\`${n}\``).join(', ')}.\n` +
  `Every query and mutation needs one: add it to AUTHORISATION_MATRIX in ${TABLE_FILE} with the object it is called ` +
  `on (args, from the world in apps/server/src/test/authorisation-world.ts, adding objects there if needed) and the ` +
  `outcome for each role (${ROLES.join(', ')}): 'ok' or the catalogue code of the refusal. Mark calls that change ` +
  `their object with changesState. Then run \`npm run generate\` to reprint docs/authorisation.md.`;

async function outcomeOf(operation: SchemaOperation, row: MatrixRow, world: World, role: Role) {
  const token = await sessionFor(server, world, role);
  const selection = isObjectType(getNamedType(operation.type)) ? '{ __typename }' : '';
  const result = await server.gql(operationDocument(operation, selection), row.args?.(world, role) ?? {}, token);
  const error = result.errors?.[0];
  return { outcome: (error ? (error.extensions?.code ?? error.message) : 'ok') as Outcome, message: error?.message };
}

describe('authorisation matrix', () => {
  it('has a row for every operation of the schema, and none for an operation that is gone', () => {
    const names = operations.map((operation) => operation.name);
    const missing = names.filter((name) => !AUTHORISATION_MATRIX[name]);
    if (missing.length) expect.fail(missingRowMessage(missing));
    const gone = Object.keys(AUTHORISATION_MATRIX).filter((name) => !names.includes(name));
    expect(gone, `rows in ${TABLE_FILE} for operations no longer in the schema: remove them`).toEqual([]);
  });

  it('is printed, current, in docs/authorisation.md (npm run generate)', () => {
    expect(readFileSync(DOC_FILE, 'utf8'), 'docs/authorisation.md is out of date: run `npm run generate`').toBe(
      authorisationMarkdown(operations),
    );
  });

  it.each(operations.map((operation) => [`${operation.kind} ${operation.name}`, operation] as const))(
    '%s',
    async (_label, operation) => {
      const row = AUTHORISATION_MATRIX[operation.name];
      if (!row) return expect.fail(missingRowMessage([operation.name]));
      // Refusals first, together on the shared world (a refusal changes nothing); then the roles that may, each on a
      // world of its own when the call changes its object.
      const wrong: string[] = [];
      const check = async (role: Role) => {
        const world = row.changesState && row.expected[role] === 'ok' ? await freshWorld() : shared;
        const { outcome, message } = await outcomeOf(operation, row, world, role);
        if (outcome !== row.expected[role]) {
          wrong.push(
            `  ${ROLE_NAMES[role]}: expected ${row.expected[role]}, got ${outcome}${message && message !== outcome ? ` (${message})` : ''}`,
          );
        }
      };
      await Promise.all(ROLES.filter((role) => row.expected[role] !== 'ok').map(check));
      await Promise.all(ROLES.filter((role) => row.expected[role] === 'ok').map(check));
      if (wrong.length) expect.fail(`${operation.name} on ${row.object}:\n${wrong.join('\n')}\n(the table: ${TABLE_FILE})`);
    },
    60_000,
  );
});
