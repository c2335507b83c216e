// @vitest-environment happy-dom
/**
 * Every GraphQL document the web app sends, validated against the printed server schema
 * (apps/server/schema.graphql). The documents are typed by hand (docs/decisions/0011), so this is what
 * catches a field, argument or type that drifted from the contract before a browser ever sends it.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, Kind, validate, type DocumentNode } from 'graphql';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const recorded = vi.hoisted(() => [] as DocumentNode[]);

// Record each document as its module builds it; urql's gql stays the real one.
vi.mock('urql', async (importOriginal) => {
  const real = await importOriginal<typeof import('urql')>();
  const recordingGql = ((...args: Parameters<typeof real.gql>) => {
    const document = real.gql(...args) as DocumentNode;
    recorded.push(document);
    return document;
  }) as typeof real.gql;
  return { ...real, gql: recordingGql };
});

const sources = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.*', '!../main.tsx']);
// happy-dom replaces the global URL, so paths are resolved with node:path.
const here = dirname(fileURLToPath(import.meta.url));
const readSource = (key: string) => readFileSync(resolve(here, key), 'utf8');
const usesGql = (key: string) => /\bgql\s*[`<(]/.test(readSource(key));

const schema = buildSchema(readFileSync(resolve(here, '../../../server/schema.graphql'), 'utf8'));

const operationName = (document: DocumentNode) =>
  document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)?.name?.value ?? '(anonymous)';

describe('web GraphQL documents', () => {
  const modules = Object.entries(sources).filter(([key]) => usesGql(key));
  let operations: DocumentNode[] = [];

  beforeAll(async () => {
    for (const [, load] of modules) await load();
    // Fragment-only documents are checked through the operations that spread them.
    operations = recorded.filter((d) => d.definitions.some((def) => def.kind === Kind.OPERATION_DEFINITION));
  });

  it('finds the modules that declare documents, and their operations', () => {
    expect(modules.length).toBeGreaterThan(30);
    expect(operations.length).toBeGreaterThan(modules.length);
  });

  it('validates every operation against the server schema', () => {
    const problems = operations.flatMap((document) =>
      validate(schema, document).map((error) => `${operationName(document)}: ${error.message}`),
    );
    expect(problems).toEqual([]);
  });

  it('names every operation once', () => {
    const names = operations.map(operationName);
    const repeated = names.filter((name, index) => names.indexOf(name) !== index);
    expect(names).not.toContain('(anonymous)');
    expect([...new Set(repeated)]).toEqual([]);
  });
});
