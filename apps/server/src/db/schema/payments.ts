import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { PaymentProvider, ChargeKind, ChargeStatus } from '@listwise/domain/payments';
import { oneOf } from './checks.ts';

/** The enumerations of these columns live in packages/domain; re-exported for the code that reads the rows. */
export type { PaymentProvider, ChargeKind, ChargeStatus };

/**
 * Money: each user's customer at the payment provider, their saved cards (brand and last four only), and
 * the `charges` ledger of every attempt to take money, with its GST part. Amounts are integer cents, GST-inclusive.
 * The `test_gateway_*` tables are the built-in test gateway's own state (what Stripe would hold), shared by
 * every API instance; they stay empty when Stripe is configured.
 */

/**
 * What a charge buys (`charges.purpose`). `suburbIds` on a purpose holds those suburbs' places while the charge
 * is open, so the per-suburb maximum counts them.
 */
export type ChargePurpose =
  | { type: 'suburb-purchase'; suburbIds: number[]; freeTrials: number }
  | { type: 'reactivation'; subscriptionId: string; suburbIds: number[] }
  // Renewals recorded before they held their place have no suburbIds.
  | { type: 'renewal'; subscriptionId: string; periodEnd: string; suburbIds?: number[] }
  | { type: 'lead-fee'; saleId: string; attempt: number }
  | { type: 'none' };

/** Every purpose's type: each needs its outcome's handler. */
export const CHARGE_PURPOSE_TYPES = ['suburb-purchase', 'reactivation', 'renewal', 'lead-fee', 'none'] as const;
export type ChargePurposeType = (typeof CHARGE_PURPOSE_TYPES)[number];
// The list names every purpose: a purpose added to ChargePurpose without it fails to compile here.
const everyPurposeListed: Exclude<ChargePurpose['type'], ChargePurposeType> extends never ? true : never = true;
void everyPurposeListed;

export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('payment_customers_provider_check', t.provider, PaymentProvider),
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_provider_id_unique').on(t.provider, t.providerCustomerId),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardSuffix: text('card_suffix').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('payment_methods_provider_check', t.provider, PaymentProvider),
    uniqueIndex('payment_methods_provider_id_unique').on(t.provider, t.providerPaymentMethodId),
    // At most one default card per user and provider.
    uniqueIndex('payment_methods_default_unique')
      .on(t.userId, t.provider)
      .where(sql`${t.isDefault}`),
  ],
);

export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No cascade: the ledger outlives nothing, and users who were charged are never deleted.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<ChargeKind>().notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    currency: text('currency').notNull().default('aud'),
    status: text('status').$type<ChargeStatus>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    referenceId: text('reference_id'),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    providerChargeId: text('provider_charge_id'),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What the charge buys, for whoever records its outcome (the request, or the reconciler after a crash). */
    purpose: jsonb('purpose').$type<ChargePurpose>().notNull(),
    /** When the outcome was recorded: what was bought became active, or a refund became owed, or it failed. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** Set when the money must go back (the suburb filled meanwhile…); cleared never: `refundedAt` says it went. */
    refundReason: text('refund_reason'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundError: text('refund_error'),
    /** When the reconciler tries the refund again; null once it is made or its retries are spent. */
    refundNextAttemptAt: timestamp('refund_next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('charges_kind_check', t.kind, ChargeKind),
    oneOf('charges_status_check', t.status, ChargeStatus),
    oneOf('charges_provider_check', t.provider, PaymentProvider),
    // Keyset pages of the ledger (console, an agent's charges, myCharges), newest first, for each filter it offers.
    index('charges_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('charges_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('charges_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
    index('charges_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('charges_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.fulfilledAt} is null`),
    index('charges_refund_owed_idx')
      .on(t.refundNextAttemptAt)
      .where(sql`${t.refundReason} is not null and ${t.refundedAt} is null`),
    uniqueIndex('charges_one_open_suburb_purchase')
      .on(t.userId)
      .where(sql`${t.kind} = 'SUBSCRIPTION' and ${t.fulfilledAt} is null`),
    index('charges_reference_idx').on(t.referenceId),
  ],
);

/**
 * Tax invoices: one per lead fee that was paid, numbered in one sequence (`sequence`, printed LW-000042). The
 * supplier's name and ABN, the customer and the amounts are copied in when the invoice is issued, so a reprint
 * shows what was issued even after the settings or the agent's profile change.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: integer('sequence').generatedAlwaysAsIdentity().notNull().unique(),
    chargeId: uuid('charge_id')
      .notNull()
      .unique()
      .references(() => charges.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierAbn: text('supplier_abn').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerAgencyName: text('customer_agency_name'),
    /** The buyer's ABN as it was when the invoice was issued (a GST tax invoice of $1,000 or more names the buyer or its ABN). */
    customerAgencyAbn: text('customer_agency_abn'),
    description: text('description').notNull(),
    amountExcludingGstCents: integer('amount_excluding_gst_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [index('tax_invoices_user_issued_idx').on(t.userId, t.issuedAt.desc())],
);

// ---- The built-in test gateway's state (Stripe-like objects with Stripe-like ids). ----

export const testGatewayCustomers = pgTable('test_gateway_customers', {
  id: text('id').primaryKey(),
  email: text('email'),
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testGatewaySetupIntents = pgTable('test_gateway_setup_intents', {
  id: text('id').primaryKey(),
  // Only a hash of the client secret is kept; the browser holds the secret itself.
  clientSecretHash: text('client_secret_hash').notNull().unique(),
  customerId: text('customer_id').notNull(),
  status: text('status').$type<'requires_payment_method' | 'succeeded'>().notNull(),
  paymentMethodId: text('payment_method_id'),
  lastErrorCode: text('last_error_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testGatewayPaymentMethods = pgTable('test_gateway_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id'),
  cardBrand: text('card_brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  billingName: text('billing_name'),
  // How charges to this card behave (Stripe's test cards: 4242… succeeds, 4000…0341 attaches but declines;
  // 'succeed_refund_fails' pays but every refund of it fails, which lets tests and demos see a refund go wrong).
  chargeBehaviour: text('charge_behaviour').$type<'succeed' | 'decline' | 'succeed_refund_fails'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testGatewayPaymentIntents = pgTable('test_gateway_payment_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  customerId: text('customer_id').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description'),
  status: text('status').$type<'succeeded' | 'failed'>().notNull(),
  failureCode: text('failure_code'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Row types, next to their tables: services and resolvers import them from here.
export type ChargeRow = typeof charges.$inferSelect;
