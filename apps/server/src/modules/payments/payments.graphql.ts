import type { PaymentProvider } from '@listwise/domain/payments';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import * as payments from './payments.service.ts';

/** Saving a card (spec 000 §7 `stripeCreateSetupIntent`, `stripeConfirmPaymentMethod`, `myDefaultPaymentMethod`). */

const SetupIntentRef = builder.objectRef<{ id: string; clientSecret: string }>('SetupIntent').implement({
  description: 'A card set-up for the card form to confirm with the payment provider.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The provider's set-up id." }),
    clientSecret: t.exposeString('clientSecret', { description: 'What the card form confirms the set-up with; keep it in the page only.' }),
  }),
});

export const PaymentMethodRef = builder.objectRef<payments.PaymentMethodRow>('PaymentMethod').implement({
  description: 'A saved card: only its brand and last digits are kept.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The saved card id.' }),
    cardBrand: t.exposeString('cardBrand', { description: 'visa, mastercard, amex, …' }),
    cardSuffix: t.exposeString('cardSuffix', { description: 'The last four digits.' }),
    expMonth: t.exposeInt('expMonth', { nullable: true, description: 'Expiry month, 1 to 12; null when the provider did not say.' }),
    expYear: t.exposeInt('expYear', { nullable: true, description: 'Expiry year, four digits; null when the provider did not say.' }),
  }),
});

const PaymentGatewayKindEnum = builder.enumType('PaymentGatewayKind', {
  description: 'The payment provider this server charges through.',
  values: describedValues<PaymentProvider>({
    TEST: 'The built-in test gateway (development and tests): no real money moves.',
    STRIPE: 'Stripe.',
  }),
});

const PaymentGatewayConfigRef = builder
  .objectRef<{ kind: 'TEST' | 'STRIPE'; publishableKey: string | null; testConfirmSetupUrl: string | null }>('PaymentGatewayConfig')
  .implement({
    description: 'How the browser confirms a card: Stripe Elements with the publishable key, or the built-in test gateway.',
    fields: (t) => ({
      kind: t.field({ type: PaymentGatewayKindEnum, description: 'The provider.', resolve: (c) => c.kind }),
      publishableKey: t.exposeString('publishableKey', {
        nullable: true,
        description: "Stripe's publishable key; null for the test gateway.",
      }),
      testConfirmSetupUrl: t.exposeString('testConfirmSetupUrl', {
        nullable: true,
        description: "The test gateway's path that confirms a set-up in place of Stripe; null with Stripe.",
      }),
    }),
  });

builder.queryFields((t) => ({
  myDefaultPaymentMethod: t.field({
    type: PaymentMethodRef,
    nullable: true,
    authScopes: { agent: true },
    description: "The signed-in agent's default card with this server's provider; null when none is saved.",
    resolve: (_r, _a, ctx) => payments.findDefaultPaymentMethod(ctx.deps.db, currentUser(ctx).id, ctx.deps.payments.provider),
  }),
  paymentGatewayConfig: t.field({
    type: PaymentGatewayConfigRef,
    description: 'How the card form talks to the payment provider. Anyone may ask.',
    resolve: (_r, _a, ctx) => ({
      kind: ctx.deps.payments.provider,
      publishableKey: ctx.deps.payments.publishableKey,
      testConfirmSetupUrl: ctx.deps.payments.provider === 'TEST' ? '/payments/test-gateway/confirm-setup' : null,
    }),
  }),
}));

builder.mutationFields((t) => ({
  stripeCreateSetupIntent: t.field({
    type: SetupIntentRef,
    authScopes: { agent: true },
    description: 'A new card set-up for the card form to confirm; ask for a new one each time the form opens or fails.',
    resolve: (_r, _a, ctx) => payments.createSetupIntent(ctx.deps, currentUser(ctx)),
  }),
  stripeConfirmPaymentMethod: t.field({
    type: PaymentMethodRef,
    authScopes: { agent: true },
    description:
      "Saves the card the provider confirmed as the signed-in agent's default. not_found for a payment method unknown to the provider or another customer's.",
    args: {
      stripePaymentMethodId: t.arg.string({ required: true, description: "The provider's payment method id from the confirmed set-up." }),
    },
    resolve: (_r, args, ctx) => payments.confirmPaymentMethod(ctx.deps, currentUser(ctx), args.stripePaymentMethodId),
  }),
}));
