/**
 * GraphQL operations for saving a card (spec 000 §7): the gateway the browser talks to, a setup intent for each
 * attempt, saving the confirmed payment method, and the agent's default card.
 */
import { gql } from 'urql';

export type PaymentGatewayKind = 'TEST' | 'STRIPE';

export interface PaymentGatewayConfig {
  kind: PaymentGatewayKind;
  publishableKey: string | null;
  testConfirmSetupUrl: string | null;
}

export interface PaymentMethod {
  id: string;
  cardBrand: string;
  cardSuffix: string;
}

export const PaymentGatewayConfigQuery = gql<{ paymentGatewayConfig: PaymentGatewayConfig }, Record<string, never>>`
  query PaymentGatewayConfig {
    paymentGatewayConfig {
      kind
      publishableKey
      testConfirmSetupUrl
    }
  }
`;

export const CreateSetupIntentMutation = gql<{ stripeCreateSetupIntent: { id: string; clientSecret: string } }, Record<string, never>>`
  mutation StripeCreateSetupIntent {
    stripeCreateSetupIntent {
      id
      clientSecret
    }
  }
`;

export const ConfirmPaymentMethodMutation = gql<{ stripeConfirmPaymentMethod: PaymentMethod }, { stripePaymentMethodId: string }>`
  mutation StripeConfirmPaymentMethod($stripePaymentMethodId: String!) {
    stripeConfirmPaymentMethod(stripePaymentMethodId: $stripePaymentMethodId) {
      id
      cardBrand
      cardSuffix
    }
  }
`;

export const DefaultPaymentMethodQuery = gql<{ myDefaultPaymentMethod: PaymentMethod | null }, Record<string, never>>`
  query MyDefaultPaymentMethod {
    myDefaultPaymentMethod {
      id
      cardBrand
      cardSuffix
    }
  }
`;
