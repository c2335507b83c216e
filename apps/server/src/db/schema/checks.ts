import { sql, type SQL } from 'drizzle-orm';
import { check, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The database's CHECK constraints on enumerated text columns, made from the enumerations of packages/domain:
 * the values the GraphQL enums and the code use are the only ones a row can hold. Adding a value is a
 * change in packages/domain and a generated migration; a value the code does not know can never be stored.
 */
const literals = (values: readonly string[]): SQL => {
  for (const value of values) if (!/^[A-Za-z0-9_]+$/.test(value)) throw new Error(`not an enumeration value: ${value}`);
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
};
const valuesIn = (values: Readonly<Record<string, string>> | readonly string[]): readonly string[] =>
  Array.isArray(values) ? values : Object.values(values);

/** `column in (…)`; a null passes (whether the column may be null is its own NOT NULL). */
export const oneOf = (name: string, column: AnyPgColumn, values: Readonly<Record<string, string>> | readonly string[]) =>
  check(name, sql`${column} in (${literals(valuesIn(values))})`);

/** Every element of a text[] column is one of the values. */
export const eachOneOf = (name: string, column: AnyPgColumn, values: Readonly<Record<string, string>> | readonly string[]) =>
  check(name, sql`${column} <@ array[${literals(valuesIn(values))}]::text[]`);
