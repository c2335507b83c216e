import { GraphQLError } from 'graphql';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { InputError } from '../lib/parse-input.ts';

/**
 * Turns anything a resolver throws into the contract of ARCHITECTURE.md: `message` and `extensions.code`
 * are the catalogue code, `extensions.field` names the input at fault. Unknown errors are logged with the
 * request id and answered `internal_error`; nothing internal leaks.
 */
// Duck-typed on purpose: graphql ships CJS and ESM builds, and Yoga may hold the other copy of the class.
interface GraphQLErrorLike {
  name: 'GraphQLError';
  message: string;
  originalError?: unknown;
  extensions?: Record<string, unknown>;
  path?: readonly (string | number)[];
}
const isGraphQLError = (value: unknown): value is GraphQLErrorLike => value instanceof Error && value.name === 'GraphQLError';

export function toClientError(error: unknown, log: (error: unknown) => void): GraphQLError {
  const path = isGraphQLError(error) ? error.path : undefined;
  const badVariable = isGraphQLError(error) ? /^Variable "\$([^"]+)" got invalid value.*?(?: at "([^"]+)")?;/s.exec(error.message) : null;
  if (badVariable) {
    // graphql-js repeats the value it refused, and a value can be a password or bank details: name the field only.
    return new GraphQLError(`Variable "$${badVariable[1]}" got an invalid value`, {
      extensions: { code: 'bad_request', field: badVariable[2] ?? badVariable[1], http: { status: 400 } },
    });
  }
  let original: unknown = error;
  while (isGraphQLError(original) && original.originalError) original = original.originalError;
  // Already in contract shape (an error masked once before, or thrown as a GraphQLError with a code).
  if (isGraphQLError(original) && typeof original.extensions?.code === 'string') {
    return new GraphQLError(original.message, { path, extensions: original.extensions });
  }
  if (original instanceof AppError) {
    const extensions = {
      code: original.code,
      ...(original.field && { field: original.field }),
      ...(original instanceof InputError && { reason: original.reason }),
    };
    return new GraphQLError(original.code, { path, extensions });
  }
  if (original instanceof ZodError) {
    const issue = original.issues[0];
    return new GraphQLError('validation_failed', {
      path,
      extensions: { code: 'validation_failed', field: issue?.path.join('.'), reason: issue?.message },
    });
  }
  // Errors from graphql-js itself (unknown field, bad variable, depth limit) describe the query, not the server.
  if (isGraphQLError(original)) {
    return new GraphQLError(original.message, { path, extensions: { code: 'bad_request' } });
  }
  log(original);
  return new GraphQLError('internal_error', { path, extensions: { code: 'internal_error' } });
}
