import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import * as payments from './payments.service.ts';

/** Saving a card (spec 000 §7 `stripeCreateSetupIntent`, `stripeConfirmPaymentMethod`, `myDefaultPaymentMethod`). */

const SetupIntentRef = builder.objectRef<{ id: string; clientSecret: string }>('SetupIntent').implement({
  description: 'A card set-up for the card form to confirm with the payment provider.',
  fields: (t) => ({ id: t.exposeID('id'), clientSecret: t.exposeString('clientSecret') }),
});

export const PaymentMethodRef = builder.objectRef<payments.PaymentMethodRow>('PaymentMethod').implement({
  description: 'A saved card: only its brand and last digits are kept.',
  fields: (t) => ({
    id: t.exposeID('id'),
    cardBrand: t.exposeString('cardBrand', { description: 'visa, mastercard, amex, …' }),
    cardSuffix: t.exposeString('cardSuffix'),
    expMonth: t.exposeInt('expMonth', { nullable: true }),
    expYear: t.exposeInt('expYear', { nullable: true }),
  }),
});

const PaymentGatewayKindEnum = builder.enumType('PaymentGatewayKind', { values: ['TEST', 'STRIPE'] as const });

const PaymentGatewayConfigRef = builder
  .objectRef<{ kind: 'TEST' | 'STRIPE'; publishableKey: string | null; testConfirmSetupUrl: string | null }>('PaymentGatewayConfig')
  .implement({
    description: 'How the browser confirms a card: Stripe Elements with the publishable key, or the built-in test gateway.',
    fields: (t) => ({
      kind: t.field({ type: PaymentGatewayKindEnum, resolve: (c) => c.kind }),
      publishableKey: t.exposeString('publishableKey', { nullable: true }),
      testConfirmSetupUrl: t.exposeString('testConfirmSetupUrl', { nullable: true }),
    }),
  });

builder.queryFields((t) => ({
  myDefaultPaymentMethod: t.field({
    type: PaymentMethodRef,
    nullable: true,
    authScopes: { agent: true },
    resolve: (_r, _a, ctx) => payments.findDefaultPaymentMethod(ctx.deps.db, currentUser(ctx).id, ctx.deps.payments.provider),
  }),
  paymentGatewayConfig: t.field({
    type: PaymentGatewayConfigRef,
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
    resolve: (_r, _a, ctx) => payments.createSetupIntent(ctx.deps, currentUser(ctx)),
  }),
  stripeConfirmPaymentMethod: t.field({
    type: PaymentMethodRef,
    authScopes: { agent: true },
    args: { stripePaymentMethodId: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => payments.confirmPaymentMethod(ctx.deps, currentUser(ctx), args.stripePaymentMethodId),
  }),
}));
