import { defaultFieldResolver, type GraphQLField, type GraphQLSchema } from 'graphql';
import { InputError } from '../lib/parse-input.ts';

/**
 * Text arguments never carry control characters. Postgres refuses 0x00 in text, so a NUL that reached a
 * query failed as `internal_error`; the others (backspace, escape, DEL…) are never typed by a person and only hide
 * text in e-mails, logs and the console. Tab, line feed and carriage return stay: notes and bios have lines. Lone
 * surrogates are refused the same way.
 * Checked once for every field of the schema, on the arguments as graphql-js coerced them (inline literals and
 * variables alike, inside input objects and lists), so no resolver can forget it.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Half of a UTF-16 surrogate pair on its own: no keyboard makes one, and UTF-8 (Postgres, e-mail) cannot hold it, so
// it would be stored silently altered (as U+FFFD).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHARACTER_REASON = 'Text must not contain control characters or broken characters';

/** The dotted path (`suburbs.1.name`) of the first string holding a control character or a lone surrogate, or null. */
export function findControlCharacter(value: unknown, path: string): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) || LONE_SURROGATE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, `${path}.${index}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      const found = findControlCharacter(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** Wraps the resolver of every field that takes arguments so control characters answer `validation_failed`. */
export function refuseControlCharacters(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    // Duck-typed: graphql's CJS and ESM copies each have their own classes (see errors.ts). Input object fields
    // have no `args`; introspection types are graphql's own.
    if (!('getFields' in type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields()) as Partial<GraphQLField<unknown, unknown>>[]) {
      if (!field.args?.length) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        const field = findControlCharacter(args, '');
        if (field) throw new InputError('validation_failed', field, CONTROL_CHARACTER_REASON);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
