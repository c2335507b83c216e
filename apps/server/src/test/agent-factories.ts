import { and, eq } from 'drizzle-orm';
import { suburbs } from '../db/schema/suburbs.ts';
import { setSetting } from '../modules/settings/settings.service.ts';
import { signUpAgent } from './factories.ts';
import type { TestServer } from './harness.ts';

/** Factories for agents, saved cards and suburb subscriptions, all through the real API. */

const BASIC_DETAILS = `mutation($name: String!, $mobileNumber: String!) {
  updateAgentProfileBasicDetails(name: $name, mobileNumber: $mobileNumber) { id }
}`;
const CREATE_SETUP_INTENT = `mutation { stripeCreateSetupIntent { id clientSecret } }`;
const CONFIRM_PAYMENT_METHOD = `mutation($id: String!) { stripeConfirmPaymentMethod(stripePaymentMethodId: $id) { id cardBrand cardSuffix } }`;
const SUBSCRIBE = `mutation($ids: [ID!]!) { subscribeToSuburbs(suburbIds: $ids) { id isFreeTrial suburb { id name } } }`;

/** A signed-up agent with name and mobile number (what subscribing needs). */
export async function createAgentWithBasicDetails(server: TestServer, name = 'Alex Agent', mobileNumber = '0412 345 678') {
  const agent = await signUpAgent(server);
  const result = await server.gql(BASIC_DETAILS, { name, mobileNumber }, agent.token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return agent;
}

/**
 * Saves a card as the agent's default: a Stripe test payment-method id (`pm_card_visa`, `pm_card_chargeDeclined`…)
 * straight through `stripeConfirmPaymentMethod`, as an API client without a browser would.
 */
export async function saveCard(server: TestServer, token: string, paymentMethodId = 'pm_card_visa') {
  const intent = await server.gql(CREATE_SETUP_INTENT, {}, token);
  if (intent.errors) throw new Error(JSON.stringify(intent.errors));
  const result = await server.gql<{ stripeConfirmPaymentMethod: { id: string; cardBrand: string; cardSuffix: string } }>(
    CONFIRM_PAYMENT_METHOD,
    { id: paymentMethodId },
    token,
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.stripeConfirmPaymentMethod;
}

/** The browser's path at the built-in test gateway: confirm the setup intent with a card number, get a `pm_…` id. */
export async function confirmSetupWithCard(
  server: TestServer,
  clientSecret: string,
  card: { number: string; expMonth?: number; expYear?: number; cvc?: string },
  billingName = 'Alex Agent',
) {
  const response = await fetch(`${server.url}/payments/test-gateway/confirm-setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientSecret,
      card: { number: card.number, expMonth: card.expMonth ?? 12, expYear: card.expYear ?? 2034, cvc: card.cvc ?? '123' },
      billingDetails: { name: billingName },
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      setupIntent?: { id: string; status: string; paymentMethod: string };
      error?: { type: string; code: string; message: string; declineCode?: string };
    },
  };
}

/** A suburb's id by name and postcode (from the real dataset). */
export async function suburbId(server: TestServer, name: string, postcode: string): Promise<number> {
  const [row] = await server.deps.db
    .select({ id: suburbs.id })
    .from(suburbs)
    .where(and(eq(suburbs.searchName, name.toLowerCase()), eq(suburbs.postcode, postcode)));
  if (!row) throw new Error(`no suburb ${name} ${postcode}`);
  return row.id;
}

export async function subscribe(server: TestServer, token: string, suburbIds: number[]) {
  return server.gql<{ subscribeToSuburbs: { id: string; isFreeTrial: boolean; suburb: { id: string; name: string } }[] }>(
    SUBSCRIBE,
    { ids: suburbIds.map(String) },
    token,
  );
}

export const setFreeTrialsAllowed = (server: TestServer, value: number) => setSetting(server.deps.db, 'totalFreeTrialsAllowed', value);
