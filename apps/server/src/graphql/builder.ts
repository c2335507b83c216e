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
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Every list pages forwards by keyset (lib/pagination.ts): one description of the relay types and arguments
    // here serves every connection.
    defaultConnectionTypeOptions: { description: 'One page of a list, in the order the field that answers it names.' },
    defaultEdgeTypeOptions: { description: 'One item of a page, with the cursor that marks its place.' },
    edgesFieldOptions: { description: "The page's items, in the list's order." },
    nodeFieldOptions: { description: 'The item.' },
    cursorFieldOptions: { description: "An opaque marker of this item's place; pass it as `after` for the items after it." },
    pageInfoFieldOptions: { description: 'Where this page sits in the list.' },
    pageInfoTypeOptions: { description: 'Where a page sits in its list, and the cursors to ask for the next one.' },
    hasNextPageFieldOptions: { description: 'True when items follow this page: ask again with `after: endCursor`.' },
    hasPreviousPageFieldOptions: { description: 'Always false: lists page forwards only.' },
    startCursorFieldOptions: { description: "The first item's cursor; null on an empty page." },
    endCursorFieldOptions: { description: "The last item's cursor, the `after` of the next page; null on an empty page." },
    firstArgOptions: { description: 'How many items to answer: 1 to 50, 10 when left out (below 1 is `validation_failed`).' },
    afterArgOptions: {
      description:
        'The `endCursor` of the previous page; left out, the list starts at its beginning. A cursor not handed out by this list is `validation_failed`.',
    },
    lastArgOptions: { description: 'Not supported and ignored: lists page forwards only, with `first` and `after`.' },
    beforeArgOptions: { description: 'Not supported and ignored: lists page forwards only, with `first` and `after`.' },
  },
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

builder.queryType({
  description:
    "What a client can read. A field for signed-in users answers `unauthorized` without a session and `forbidden` to the wrong role (sellers, agents, operators); an object that is not the caller's is `not_found`, as if it did not exist.",
});
builder.mutationType({
  description:
    "What a client can change. Besides the codes a field names, any field may answer `unauthorized` (no session), `forbidden` (the wrong role), `not_found` (an object that is not the caller's), `validation_failed` (with `extensions.field`), `service_unavailable` (retry after a few seconds) or `internal_error`.",
});

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC (`2026-11-21T06:40:35.123Z`); an input may carry any offset.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new AppError('validation_failed');
    return date;
  },
});
