import crypto from 'node:crypto';
import fc from 'fast-check';
import { isErrorCode } from '@listwise/domain/errors';
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schemaTables from '../db/schema/index.ts';
import { encodeCursor } from '../lib/pagination.ts';
import { createSession } from '../modules/accounts/sessions.service.ts';
import { subscribeAgent, createAppraisedProperty, BANK, SOLD } from '../modules/sales/test-factories.ts';
import { findSuburb, createMedia } from '../modules/appraisals/test-factories.ts';
import { createAdmin, PASSWORD } from '../test/factories.ts';
import { startTestServer, type GqlResult, type TestServer } from '../test/harness.ts';
import { graphqlLiteral, operationDocument, schemaOperations, type SchemaOperation } from '../test/schema-operations.ts';

/**
 * Fuzzing every operation (issue 13): for each query and mutation of the printed schema, fast-check builds
 * well-shaped documents whose arguments are hostile (empty, huge, NUL and other control characters, lone
 * surrogates, right-to-left marks, extreme and fractional numbers, malformed ids and cursors, far dates, wrong
 * enum values, wrong types through variables), sent inline or as variables, as anonymous, a ghost seller, a
 * seller, an agent and an operator, with real ids of their objects mixed in so calls get past `not_found`.
 *
 * Every answer must be: below HTTP 500, free of `internal_error`, every error a catalogue code, and never echo a
 * password or a bank number. Seeded and bounded: FUZZ_SEED (default below) and FUZZ_RUNS runs per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

type Role = 'anonymous' | 'ghost' | 'seller' | 'agent' | 'admin';
const ROLES: Role[] = ['anonymous', 'ghost', 'seller', 'agent', 'admin'];

let server: TestServer;
const userIds = {} as Record<Exclude<Role, 'anonymous'>, string>;
/** Ids of real rows (the fixtures' property, requests, appraisals, sale, media, subscriptions, users). */
let realIds: string[] = [];
/** Strings that must never appear in an answer. */
const SECRETS = [PASSWORD, BANK.accountNumber];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
  const scenario = await createAppraisedProperty(server, { appraisers: 2 });
  const agent = scenario.appraisers[0]!;
  const sold = await server.gql(SOLD, { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK }, scenario.seller.token);
  if (sold.errors) throw new Error(JSON.stringify(sold.errors));
  await subscribeAgent(server, agent.userId, (await findSuburb(server)).id);
  await createMedia(server, scenario.seller.userId);
  const admin = await createAdmin(server);
  const ghost = await server.gql<{ createGhostUser: { user: { id: string } } }>(`mutation { createGhostUser { user { id } } }`);
  Object.assign(userIds, {
    ghost: ghost.data!.createGhostUser.user.id,
    seller: scenario.seller.userId,
    agent: agent.userId,
    admin: (await server.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, admin.email) }))!.id,
  });
  const { db } = server.deps;
  const tables = [
    schemaTables.properties,
    schemaTables.propertyAppraisalRequests,
    schemaTables.propertyAppraisals,
    schemaTables.propertySales,
    schemaTables.cashbackClaims,
    schemaTables.userMedia,
    schemaTables.suburbSubscriptions,
    schemaTables.charges,
  ];
  for (const table of tables) realIds.push(...(await db.select({ id: table.id }).from(table).limit(3)).map((row) => String(row.id)));
  realIds.push(...Object.values(userIds), String((await findSuburb(server)).id));
  realIds = [...new Set(realIds)];
}, 60_000);
afterAll(() => server?.stop());

// ——— values ———

const HUGE = 'x'.repeat(100_000);
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'Bondi\u0000',
  '\u0007\u0008',
  '\u001b[2J',
  '\u007f',
  '\u202eevil\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  '\ud800',
  'a\udfffb',
  '\ufeff',
  HUGE,
  '🏠'.repeat(5_000),
  '0',
  '-1',
  'NaN',
  '1e309',
  "'; drop table users; --",
  '%_\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
];
const DATES = [
  '0001-01-01',
  '1900-01-01',
  '1970-01-01',
  '2026-02-30',
  '2026-13-01',
  '9999-12-31',
  '275760-09-13',
  '-000001-01-01',
  'tomorrow',
];
const TIMES = ['00:00:00', '23:59:59', '24:00:00', '25:61:61', '12:00', 'noon', '-01:00:00'];
const DATE_TIMES = [
  '0001-01-01T00:00:00Z',
  '1000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '1970-01-01T00:00:00Z',
  'not a date',
];
const base64 = (text: string) => Buffer.from(text).toString('base64url');
const CURSORS = [
  'not-a-cursor',
  '!!!',
  base64('null'),
  base64('[]'),
  base64('{}'),
  base64('["x"]'),
  base64('[1,2]'),
  encodeCursor({ sortKey: '9999-12-31T23:59:59.999Z', id: crypto.randomUUID() }),
  encodeCursor({ sortKey: '0001-01-01T00:00:00Z', id: crypto.randomUUID() }),
  encodeCursor({ sortKey: '+275760-09-13T00:00:00.000Z', id: crypto.randomUUID() }),
  encodeCursor({ sortKey: '2026-11-21T06:40:35.123Z', id: 'not-a-uuid' }),
  encodeCursor({ sortKey: 'zzz', id: '1' }),
  encodeCursor({ sortKey: '\u0000', id: '\u0000' }),
  base64(HUGE),
];
const MALFORMED_IDS = [
  '',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'not-an-id',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  "1' or '1'='1",
  '\u0000',
  HUGE,
];
const INTS = [0, -1, 1, 5, 50, 51, 2_147_483_647, -2_147_483_648];
const FLOATS = [0, -0, -1, 0.5, 0.1 + 0.2, 1e-7, 99.999, 1e15, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2];
/** A value of another type than the variable declares: graphql-js must refuse it, never a resolver. */
const WRONG_TYPES = [123, 1.5, 'text', true, { a: 1 }, [1, 'two'], null, -2_147_483_649];

const stringFor = (name: string): fc.Arbitrary<string> => {
  const specific = /^(after|before)$/.test(name)
    ? CURSORS
    : /date$/i.test(name)
      ? DATES
      : /time$/i.test(name)
        ? TIMES
        : /email/i.test(name)
          ? ['a@b.co', 'UPPER@EXAMPLE.COM', `${'x'.repeat(300)}@example.com`, 'no-at-sign', 'a@b\u0000.co']
          : [];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...specific) },
    ...(specific.length ? [{ weight: 3, arbitrary: fc.constantFrom(...specific) }] : []),
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  );
};

function scalarValue(typeName: string, argName: string): fc.Arbitrary<unknown> {
  switch (typeName) {
    case 'ID':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...realIds) },
        { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_IDS) },
        { weight: 1, arbitrary: fc.uuid().map(String) },
        { weight: 1, arbitrary: fc.constantFrom(0, -1, 2_147_483_648) },
      );
    case 'Int':
      return fc.oneof(fc.constantFrom(...INTS), fc.integer());
    case 'Float':
      return fc.oneof(fc.constantFrom(...FLOATS), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'Boolean':
      return fc.boolean();
    case 'DateTime':
      return fc.constantFrom(...DATE_TIMES);
    default:
      return stringFor(argName);
  }
}

function valueFor(type: GraphQLInputType, name: string, depth = 0): fc.Arbitrary<unknown> {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  let value: fc.Arbitrary<unknown>;
  if (isListType(inner)) value = fc.array(valueFor(inner.ofType, name, depth + 1), { maxLength: depth > 1 ? 1 : 4 });
  else if (isEnumType(inner))
    value = fc.oneof(fc.constantFrom(...inner.getValues().map((v) => v.name)), fc.constantFrom('NOT_A_VALUE', 'pending', ''));
  else if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    value = fc.record(Object.fromEntries(fields.map((field) => [field.name, valueFor(field.type, field.name, depth + 1)])), {
      requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
    });
  } else value = scalarValue(isScalarType(inner) ? inner.name : 'String', name);
  return fc.oneof(
    { weight: 8, arbitrary: value },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    ...(nullable ? [{ weight: 1, arbitrary: fc.constant(null) }] : []),
  );
}

/**
 * The first cases of every operation, run as each role: every text argument carries a NUL (the bug of issue 13)
 * and everything else is plausible, so each resolver sees one before any random case.
 */
function nulValue(type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [nulValue(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0]!.name;
  if (isInputObjectType(inner))
    return Object.fromEntries(Object.values(inner.getFields()).map((field) => [field.name, nulValue(field.type)]));
  const name = isScalarType(inner) ? inner.name : 'String';
  const values: Record<string, unknown> = { ID: realIds[0], Int: 5, Float: 1, Boolean: true, DateTime: '9999-12-31T23:59:59Z' };
  return name in values ? values[name] : 'Bondi\u0000';
}
const nulExamples = (operation: SchemaOperation): [Record<string, unknown>, Role, boolean][] => {
  const variables = Object.fromEntries(operation.args.map((arg) => [arg.name, nulValue(arg.type)]));
  return ROLES.map((role) => [variables, role, false]);
};

const argumentsFor = (args: readonly GraphQLArgument[]) =>
  fc.record(Object.fromEntries(args.map((arg) => [arg.name, valueFor(arg.type, arg.name)])), {
    requiredKeys: args.filter((arg) => isNonNullType(arg.type)).map((arg) => arg.name),
  }) as fc.Arbitrary<Record<string, unknown>>;

// ——— requests ———

async function tokenFor(role: Role): Promise<string | null> {
  // A fresh session per call: logout and password changes revoke sessions, and every run starts signed in.
  return role === 'anonymous' ? null : createSession(server.deps.db, userIds[role], server.deps.clock.now());
}

/** The document with every argument inline (a literal) instead of a variable. */
function inlineDocument(operation: SchemaOperation, variables: Record<string, unknown>) {
  const args = operation.args
    .filter((arg) => arg.name in variables)
    .map((arg) => `${arg.name}: ${graphqlLiteral(variables[arg.name], arg.type)}`)
    .join(', ');
  return operationDocument({ ...operation, args: [] }).replace(
    new RegExp(`\\{ ${operation.name} `),
    `{ ${operation.name}${args ? `(${args})` : ''} `,
  );
}

/** Password and bank-number arguments worth looking for in the answer (long and varied enough not to match by chance). */
const sentSecrets = (variables: Record<string, unknown>) =>
  Object.entries(variables)
    .filter(([name, value]) => /password|accountNumber|bsb/i.test(name) && typeof value === 'string')
    .map(([, value]) => value as string)
    .filter((value) => value.length >= 10 && new Set(value).size >= 6);

function problemsWith(result: GqlResult<unknown>, raw: string, secrets: string[]): string[] {
  const problems: string[] = [];
  if (result.status >= 500) problems.push(`HTTP ${result.status}`);
  for (const error of result.errors ?? []) {
    const code = error.extensions?.code;
    if (code === 'internal_error') problems.push('internal_error');
    else if (!isErrorCode(code))
      problems.push(`code ${JSON.stringify(code)} is not in the catalogue (message: ${error.message.slice(0, 200)})`);
  }
  for (const secret of secrets) if (raw.includes(secret)) problems.push(`the answer echoes a secret (${secret.slice(0, 4)}…)`);
  return problems;
}

async function send(operation: SchemaOperation, variables: Record<string, unknown>, role: Role, inline: boolean) {
  const token = await tokenFor(role);
  const query = inline ? inlineDocument(operation, variables) : operationDocument(operation);
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ query, variables: inline ? {} : variables }),
  });
  const raw = await response.text();
  let body: GqlResult<unknown>;
  try {
    body = { ...(JSON.parse(raw) as GqlResult<unknown>), status: response.status };
  } catch {
    body = { data: null, errors: [{ message: raw.slice(0, 200), extensions: {} }], status: response.status };
  }
  return { body, raw, query };
}

// ——— the properties ———

const operations = schemaOperations();
// Each operation gets its own stream of cases, so adding an operation does not change the others' cases.
const seedFor = (name: string) => (SEED ^ crypto.createHash('sha256').update(name).digest().readInt32BE(0)) | 0;

describe('fuzzing every operation', () => {
  it('covers the schema', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it.each(operations.map((operation) => [`${operation.kind} ${operation.name}`, operation] as const))(
    '%s',
    async (_label, operation) => {
      const property = fc.asyncProperty(
        argumentsFor(operation.args),
        fc.constantFrom(...ROLES),
        fc.boolean(),
        async (variables, role, inline) => {
          const { body, raw, query } = await send(operation, variables, role, inline);
          const problems = problemsWith(body, raw, [...SECRETS, ...sentSecrets(variables)]);
          if (problems.length) {
            throw new Error(
              `${problems.join('; ')}\nas ${role}: ${query.slice(0, 500)}\nvariables: ${JSON.stringify(variables).slice(0, 500)}\n` +
                `answer: ${raw.slice(0, 500)}`,
            );
          }
        },
      );
      const seed = seedFor(operation.name);
      try {
        await fc.assert(property, {
          seed,
          numRuns: RUNS,
          examples: nulExamples(operation),
          endOnFailure: true,
          includeErrorInReport: true,
        });
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\nReplay: FUZZ_SEED=${SEED} npx vitest run apps/server/src/graphql/operations-fuzz.test.ts -t '${operation.name}' (fast-check seed ${seed})`,
          { cause: error },
        );
      }
    },
    60_000,
  );
});
