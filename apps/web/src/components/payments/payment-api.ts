/**
 * GraphQL operations for saving a card (spec 000 §7): the gateway the browser talks to, a setup intent for each
 * attempt, saving the confirmed payment method, and the agent's default card.
 */
import { graphql } from '@/generated/graphql';
export type { PaymentGatewayKind } from '@/generated/graphql/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type PaymentGatewayConfig = ResultOf<typeof PaymentGatewayConfigQuery>['paymentGatewayConfig'];

export type PaymentMethod = NonNullable<ResultOf<typeof DefaultPaymentMethodQuery>['myDefaultPaymentMethod']>;

export const PaymentGatewayConfigQuery = graphql(`
  query PaymentGatewayConfig {
    paymentGatewayConfig {
      kind
      publishableKey
      testConfirmSetupUrl
    }
  }
`);

export const CreateSetupIntentMutation = graphql(`
  mutation StripeCreateSetupIntent {
    stripeCreateSetupIntent {
      id
      clientSecret
    }
  }
`);

export const ConfirmPaymentMethodMutation = graphql(`
  mutation StripeConfirmPaymentMethod($stripePaymentMethodId: String!) {
    stripeConfirmPaymentMethod(stripePaymentMethodId: $stripePaymentMethodId) {
      id
      cardBrand
      cardSuffix
    }
  }
`);

export const DefaultPaymentMethodQuery = graphql(`
  query MyDefaultPaymentMethod {
    myDefaultPaymentMethod {
      id
      cardBrand
      cardSuffix
    }
  }
`);
