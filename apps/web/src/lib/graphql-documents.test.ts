// @vitest-environment happy-dom
/**
 * The web app's GraphQL documents are GraphQL Code Generator's output (docs/decisions/0019): `npm run generate`
 * validates them against apps/server/schema.graphql and types them, and `npm run typecheck` fails when that output is
 * stale. This checks what the build relies on: every operation is valid and named once, and each document a module
 * exports is the very object the generated file holds, so the trusted-documents manifest (made from those objects
 * alone, scripts/persisted-documents.ts) holds every text the browser sends.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, Kind, validate, type DocumentNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentText, generatedDocuments, persistedDocumentsOf, sha256Hex } from '../../scripts/document-manifest';

const sources = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.*', '!../main.tsx', '!../generated/**']);
// happy-dom replaces the global URL, so paths are resolved with node:path.
const here = dirname(fileURLToPath(import.meta.url));
const readSource = (key: string) => readFileSync(resolve(here, key), 'utf8');
const declaresDocuments = (key: string) => /\bgraphql\(`/.test(readSource(key));

const schema = buildSchema(readFileSync(resolve(here, '../../../server/schema.graphql'), 'utf8'));

const isOperation = (document: DocumentNode) => document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION);
const operationName = (document: DocumentNode) =>
  document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)?.name?.value ?? '(anonymous)';
const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;

describe('web GraphQL documents', () => {
  const generated = generatedDocuments();
  const operations = generated.filter(isOperation);
  const modules = Object.entries(sources).filter(([key]) => declaresDocuments(key));
  const exported: DocumentNode[] = [];

  // Importing every module that declares a document transforms most of the app: beside the journeys' load in npm
  // test that outlasted vitest's 10-second default for a hook.
  beforeAll(async () => {
    for (const [, load] of modules) exported.push(...Object.values((await load()) as Record<string, unknown>).filter(isDocument));
  }, 120_000);

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

  it('hands urql the generated documents, so the manifest holds the text of each one the app sends', () => {
    const strays = exported.filter((document) => !generated.includes(document)).map(operationName);
    expect(strays).toEqual([]);
    const manifest = persistedDocumentsOf(generated);
    const missing = exported.filter(isOperation).filter((document) => manifest[sha256Hex(documentText(document))] === undefined);
    expect(missing.map(operationName)).toEqual([]);
  });
});
