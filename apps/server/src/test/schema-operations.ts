import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';

/**
 * The operations of the printed contract (apps/server/schema.graphql, kept current by the contract test), for the
 * tests that must cover every query and mutation: the fuzzing test and the authorisation matrix. Built from the
 * printed file, not from Pothos, so an operation counts exactly when a client can see it.
 */
export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../../schema.graphql');

export interface SchemaOperation {
  kind: 'query' | 'mutation';
  name: string;
  args: readonly GraphQLArgument[];
  type: GraphQLOutputType;
}

export const printedSchema = () => buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));

export function schemaOperations(schema = printedSchema()): SchemaOperation[] {
  const fieldsOf = (kind: SchemaOperation['kind'], fields: Record<string, GraphQLField<unknown, unknown>> | undefined) =>
    Object.values(fields ?? {}).map((field) => ({ kind, name: field.name, args: field.args, type: field.type }));
  return [...fieldsOf('query', schema.getQueryType()?.getFields()), ...fieldsOf('mutation', schema.getMutationType()?.getFields())];
}

/**
 * A selection set for a field's type: every scalar down to `depth` levels, through objects and lists, skipping
 * fields that need arguments. Empty for a scalar type.
 */
export function selectionFor(type: GraphQLOutputType, depth = 3): string {
  const named = getNamedType(type);
  if (isLeafType(named) || !isObjectType(named)) return '';
  const parts = ['__typename'];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
    const inner = getNamedType(field.type);
    if (isLeafType(inner)) parts.push(field.name);
    else if (depth > 1) parts.push(`${field.name} ${selectionFor(field.type, depth - 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** `query($a: ID!, $b: Int) { name(a: $a, b: $b) { … } }`: every argument through a variable of its own type. */
export function operationDocument(operation: SchemaOperation, selection = selectionFor(operation.type)): string {
  const definitions = operation.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const args = operation.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return `${operation.kind}${definitions ? `(${definitions})` : ''} { ${operation.name}${args ? `(${args})` : ''} ${selection} }`;
}

/** A GraphQL literal for a JSON value (enum names bare), to send arguments inline as a client may. */
export function graphqlLiteral(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'null';
  const inner = isNonNullType(type) ? type.ofType : type;
  if (Array.isArray(value)) return `[${value.map((item) => graphqlLiteral(item, isListType(inner) ? inner.ofType : inner)).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = isInputObjectType(inner) ? inner.getFields() : {};
    const entries = Object.entries(value).map(([key, item]) => `${key}: ${graphqlLiteral(item, fields[key]?.type ?? inner)}`);
    return `{ ${entries.join(', ')} }`;
  }
  if (typeof value === 'string' && isEnumType(inner) && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) return value;
  return JSON.stringify(value);
}
