/**
 * The GraphQL client: POST /graphql with `Authorization: Bearer <token>`, a normalised Graphcache, and one
 * place that reacts to failures (spec 000 §8):
 * - an `unauthorized`/`unauthorised` error logs the user out (only if the token is still the current one,
 *   so a late answer to an old session cannot end a new one);
 * - a network failure shows a single 'Unable to reach Listwise' toast;
 * - every GraphQL error is reported (logged to the console in development).
 * A new client is built for each session epoch (see auth-store), which empties the cache on logout.
 *
 * Trusted documents: every operation goes out as the SHA-256 of its text only (`extensions.persistedQuery`); the
 * build lists the same hashes in dist/persisted-documents.json, the only documents the server runs in production.
 * The development server answers `PersistedQueryNotFound` for a document it has no manifest entry for and the
 * client then resends the full text; a production build never does (an unknown document there is an error).
 */
import { Client, fetchExchange, getOperationName, makeOperation, mapExchange, type Operation } from 'urql';
import { cacheExchange, type Data, type UpdatesConfig } from '@urql/exchange-graphcache';
import { relayPagination } from '@urql/exchange-graphcache/extras';
import { persistedExchange } from '@urql/exchange-persisted';
import { FALLBACK_MESSAGES, isUnauthorizedMessage } from '@listwise/domain/errors';
import { env } from '@/config/env';
import { authStore } from '@/lib/auth-store';
import { isNetworkFailure } from '@/lib/errors';
import { reportError } from '@/lib/error-reporting';
import { showToast } from '@/lib/toast';

const NETWORK_TOAST_ID = 'network-unreachable';

/** Types without an `id` are embedded in their parent instead of normalised. */
const keys = {
  AuthPayload: () => null,
  MessagePayload: () => null,
  PageInfo: () => null,
  CreateUserMediaPayload: () => null,
  // The appraisal loop's lists (connections and edges have no id) and the agent's free-trial state.
  QueryMyPendingAppraisalRequestsConnection: () => null,
  QueryMyPendingAppraisalRequestsConnectionEdge: () => null,
  QueryMyCompleteAppraisalRequestsConnection: () => null,
  QueryMyCompleteAppraisalRequestsConnectionEdge: () => null,
  QueryMyAppointmentRequestsConnection: () => null,
  QueryMyAppointmentRequestsConnectionEdge: () => null,
  AgentSuburbSubscriptionFreeTrialState: () => null,
  // Suburb subscriptions and cards (features/agent-signup, features/agent-settings, components/payments).
  SubscriptionToRenew: () => null,
  PaymentGatewayConfig: () => null,
  // The listing wizard and 'My Properties' (features/listing, features/seller-properties).
  PropertyConnection: () => null,
  PropertyEdge: () => null,
  QuestionRequirements: () => null,
  // Held agents have no request id yet: the list lives inside its Property.
  AgentAsked: () => null,
  AddressSuggestion: () => null,
  ListingPrefill: () => null,
  SocialSignInProviderInfo: () => null,
  SocialSignInResult: () => null,
  // The operators' console (features/admin): its lists (connections and edges) and its settings have no id.
  QueryAdminSellersAwaitingVerificationConnection: () => null,
  QueryAdminSellersAwaitingVerificationConnectionEdge: () => null,
  QueryAdminSuburbsConnection: () => null,
  QueryAdminSuburbsConnectionEdge: () => null,
  QueryAdminSuburbSubscriptionsConnection: () => null,
  QueryAdminSuburbSubscriptionsConnectionEdge: () => null,
  QueryAdminAgentsConnection: () => null,
  QueryAdminAgentsConnectionEdge: () => null,
  QueryAdminPropertySalesConnection: () => null,
  QueryAdminPropertySalesConnectionEdge: () => null,
  QueryAdminCashbackClaimsConnection: () => null,
  QueryAdminCashbackClaimsConnectionEdge: () => null,
  QueryAdminAuditLogConnection: () => null,
  QueryAdminAuditLogConnectionEdge: () => null,
  LedgerChargeConnection: () => null,
  LedgerChargeEdge: () => null,
  AdminSettings: () => null,
  // The seller's comparison (features/seller-appraisals) and the lead fee: values, not entities.
  AppraisalCost: () => null,
  AppraisalComparison: () => null,
  AgentTrackRecord: () => null,
  LeadFee: () => null,
  AppointmentCalendar: () => null,
  SuburbDemand: () => null,
  QueryAdminLicencesToCheckConnection: () => null,
  QueryAdminLicencesToCheckConnectionEdge: () => null,
  // The agent's billing history (features/agent-settings).
  QueryMyChargesConnection: () => null,
  QueryMyChargesConnectionEdge: () => null,
  // Agent reviews (components/reviews, features/reviews): lists and values without an id.
  AgentReviewsConnection: () => null,
  AgentReviewsConnectionEdge: () => null,
  QueryAgentReviewsConnection: () => null,
  QueryAgentReviewsConnectionEdge: () => null,
  QueryMyAgentReviewsConnection: () => null,
  QueryMyAgentReviewsConnectionEdge: () => null,
  QueryAdminReviewsToModerateConnection: () => null,
  QueryAdminReviewsToModerateConnectionEdge: () => null,
  AgentReviewSummary: () => null,
  AgentReviewReply: () => null,
};

/** Infinite lists: the pages of one list (first/after) are merged into one connection in the cache. */
/**
 * A new draft is the seller's current draft: without this link a page that had read `currentDraftProperty` as null
 * (the address step of a signed-in seller, the home page) would keep that null and bounce the wizard back to step 1.
 */
const updates: UpdatesConfig = {
  Mutation: {
    startNewDraftProperty: (result, _args, cache) => {
      cache.link('Query', 'currentDraftProperty', (result.startNewDraftProperty as Data | null) ?? null);
    },
    // The agent's sign-up choice of suburbs is whatever was saved last, and nothing once subscribed (the server
    // empties it then): the screens reading it follow without another request.
    saveSignupSuburbSelection: (result, _args, cache) => {
      cache.link('Query', 'mySignupSuburbSelection', (result.saveSignupSuburbSelection as Data[] | null) ?? []);
    },
    subscribeToSuburbs: (result, _args, cache) => {
      if (result.subscribeToSuburbs) cache.link('Query', 'mySignupSuburbSelection', []);
    },
  },
};

// The console's lists (adminReviewsToModerate and the others) are not merged here: PagedList asks one query per page.
const resolvers = {
  Query: {
    myPendingAppraisalRequests: relayPagination(),
    myCompleteAppraisalRequests: relayPagination(),
    myAppointmentRequests: relayPagination(),
    myProperties: relayPagination(),
    myCharges: relayPagination(),
    agentReviews: relayPagination(),
    myAgentReviews: relayPagination(),
  },
};

const withAuthHeader = (operation: Operation): Operation => {
  const token = authStore.getState().token;
  const base =
    typeof operation.context.fetchOptions === 'function' ? operation.context.fetchOptions() : (operation.context.fetchOptions ?? {});
  const headers = new Headers(base.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  return makeOperation(operation.kind, operation, {
    ...operation.context,
    fetchOptions: { ...base, headers: Object.fromEntries(headers.entries()) },
    authToken: token,
  });
};

export const createGraphqlClient = (): Client =>
  new Client({
    url: env.graphqlUrl,
    // The contract is POST only (urql 6 would otherwise send short queries as GET).
    preferGetMethod: false,
    requestPolicy: 'cache-first',
    exchanges: [
      cacheExchange({ keys, resolvers, updates }),
      mapExchange({
        onOperation: withAuthHeader,
        onError(error, operation) {
          for (const gqlError of error.graphQLErrors) reportError('graphql', gqlError, getOperationName(operation.query));
          if (error.networkError) reportError('network', error.networkError, getOperationName(operation.query));

          const sentToken = operation.context.authToken;
          if (typeof sentToken === 'string' && error.graphQLErrors.some((e) => isUnauthorizedMessage(e.message))) {
            authStore.expireSession(sentToken);
          }
          if (isNetworkFailure(error)) {
            showToast(FALLBACK_MESSAGES.unreachable, { id: NETWORK_TOAST_ID, tone: 'error' });
          }
        },
      }),
      // After Graphcache, so the hash is of the formatted text (with __typename) the manifest holds.
      persistedExchange({ preferGetForPersistedQueries: false, enableForMutation: true, enforcePersistedQueries: !env.isDevelopment }),
      fetchExchange,
    ],
  });

let current: { epoch: number; client: Client } | null = null;

/** The client of a session epoch: the same instance for the same epoch, a fresh one (empty cache) for a new one. */
export const clientForEpoch = (epoch: number): Client => {
  if (!current || current.epoch !== epoch) current = { epoch, client: createGraphqlClient() };
  return current.client;
};
