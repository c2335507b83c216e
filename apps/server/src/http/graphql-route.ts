import { randomUUID } from 'node:crypto';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getOperationAST, GraphQLError, type ValidationRule } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Deps } from '../deps.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-health.ts';
import { toClientError, useErrorContract } from '../graphql/errors.ts';
import { createLoaders } from '../graphql/loaders.ts';
import { schema } from '../app/schema.ts';
import { recordAgentNetworkAddress } from '../modules/accounts/agent-network-addresses.ts';
import { findSessionUser } from '../modules/accounts/sessions.service.ts';
import { sendApiError } from '../graphql/api-errors.ts';
import { termsGate } from './terms-gate.ts';
import { persistedDocumentsPlugin } from './persisted-documents.ts';
import { recordOperationOutcome } from './request-logging.ts';

/** POST /graphql: GraphQL Yoga inside Fastify, with depth/cost limits and the error contract. */

/**
 * What one document may ask (GraphQL Armor), refused with query_too_complex. A fragment spread counts as its fields
 * written in place: the limits measure what is asked, not how the document is spelt (the web app's documents share
 * fragments, nested up to three deep: docs/decisions/0019). The web app's own operations are checked against these
 * in graphql/contract.test.ts.
 */
export const QUERY_LIMITS = {
  maxDepth: { n: 12, flattenFragments: true },
  costLimit: { maxCost: 20_000, flattenFragments: true },
  maxAliases: { n: 20 },
  maxTokens: { n: 5000 },
  maxDirectives: { n: 20 },
} as const;

const bearerToken = (header: string | undefined) => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
};

// Production refuses `__schema` and `__type` (aliased or inside fragments too; `__typename` stays). Matched by
// name rather than with graphql's NoSchemaIntrospectionCustomRule, whose type checks break when the rule and
// the schema come from different copies of graphql (ESM and CJS builds), failing open or with internal_error.
const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);
const refuseIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (INTROSPECTION_FIELDS.has(node.name.value)) {
      context.reportError(
        new GraphQLError(`GraphQL introspection has been disabled, but the requested query contained the field "${node.name.value}".`, {
          nodes: node,
        }),
      );
    }
  },
});

const disableIntrospection: Plugin = {
  onValidate: ({ addValidationRule }) => addValidationRule(refuseIntrospection),
};

export function registerGraphQL(app: FastifyInstance, deps: Deps) {
  const logUnexpected = (error: unknown) => deps.logger.error({ err: error }, 'unexpected error in a GraphQL operation');
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    logging: false,
    batching: false,
    plugins: [
      EnvelopArmorPlugin({ ...QUERY_LIMITS, blockFieldSuggestion: { enabled: deps.config.isProduction } }),
      ...(deps.config.isProduction ? [disableIntrospection] : []),
      persistedDocumentsPlugin(deps.config, deps.logger),
      // Each query and mutation is compiled once to plain JavaScript (cached with the parsed document) instead of
      // being interpreted by graphql-js on every request. The API has no subscriptions: those stay with graphql-js,
      // which refuses them as a bad request.
      useGraphQlJit(
        {},
        {
          enableIf: (args) => getOperationAST(args.document, args.operationName)?.operation !== 'subscription',
          onError: (result) => deps.logger.debug({ errors: result.errors }, 'operation not compiled'),
        },
      ),
      useErrorContract(logUnexpected, deps.databaseHealth.noteFailure),
      termsGate,
      recordOperationOutcome,
    ],
    maskedErrors: { maskError: (error) => toClientError(error, logUnexpected, deps.databaseHealth.noteFailure) },
    context: async ({ req }): Promise<GraphQLContext> => {
      const token = bearerToken(req.headers.authorization);
      const session = token ? await findSessionUser(deps.db, token, deps.clock.now()) : null;
      // Reviews from an address the agent's own sessions use are held for an operator (modules/reviews).
      if (session?.user.userType === 'AGENT')
        await recordAgentNetworkAddress(deps.db, deps.logger, session.user.id, req.ip, deps.clock.now());
      return {
        deps,
        user: session?.user ?? null,
        sessionId: session?.sessionId ?? null,
        clientAddress: req.ip,
        requestId: String(req.id ?? randomUUID()),
        loaders: createLoaders(deps.db),
      };
    },
  });

  app.route({
    url: '/graphql',
    method: ['POST'],
    handler: async (req, reply) => {
      // While the database is known to be unreachable, answer at once rather than wait on a connection for each
      // request; a probe puts service back when it answers (db/database-health.ts).
      if (!deps.databaseHealth.isReachable()) {
        return sendApiError(reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)), 'service_unavailable');
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      // A JSON result is one small string: sent as such, not piped through a stream.
      const isJson = /json/.test(response.headers.get('content-type') ?? '');
      reply.send(isJson ? await response.text() : response.body);
      return reply;
    },
  });
}
