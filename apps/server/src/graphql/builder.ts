import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { AppError } from '../lib/app-error.ts';
import type { GraphQLContext } from './context.ts';

/** Configures Pothos and its plugins; types live in their modules (modules/<domain>/<domain>.graphql.ts). */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: { loggedIn: boolean; agent: boolean; seller: boolean; admin: boolean };
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    DateTime: { Input: Date; Output: Date };
  };
}>({
  plugins: [ScopeAuthPlugin, RelayPlugin],
  defaultFieldNullability: false,
  relay: { clientMutationId: 'omit', cursorType: 'String' },
  scopeAuth: {
    authScopes: (context) => ({
      loggedIn: !!context.user,
      agent: context.user?.userType === 'AGENT',
      seller: context.user?.userType === 'SELLER',
      admin: context.user?.userType === 'ADMIN',
    }),
    // No session at all is `unauthorized` (the web app logs out); a wrong role is `forbidden`.
    unauthorizedError: (_parent, context) => new AppError(context.user ? 'forbidden' : 'unauthorized'),
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType('DateTime', {
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new AppError('validation_failed');
    return date;
  },
});
