import type { ChargeKind, ChargeStatus } from '@listwise/domain/payments';
import { centsToDollars } from '@listwise/domain/pricing';
import { formatAbn } from '@listwise/domain/tax-invoice';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import { byKey } from '../../graphql/loaders.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { listOwnCharges } from './billing-history.service.ts';
import type { ChargeRow } from '../../db/schema/payments.ts';
import { findInvoicesOfCharges, getOwnTaxInvoice, invoiceNumberOf, type TaxInvoiceRow } from './tax-invoices.service.ts';

/**
 * The agent's billing history and tax invoices: `myCharges` lists what the signed-in agent was
 * charged, each with its invoice once paid; `taxInvoice(id)` is one of their invoices, to view and print.
 */

const invoiceByChargeId = perRequest((ctx) =>
  byKey(
    (chargeIds: readonly string[]) => findInvoicesOfCharges(ctx.deps.db, chargeIds),
    (row) => row.chargeId,
  ),
);

export const TaxInvoiceRef = builder.objectRef<TaxInvoiceRow>('TaxInvoice').implement({
  description: 'A tax invoice as issued: supplier, customer and amounts (dollars) are fixed when it is issued.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'What `taxInvoice(id)` takes.' }),
    number: t.string({ description: "The invoice number, as printed ('LW-000042').", resolve: (i) => invoiceNumberOf(i) }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime', description: 'When it was issued (the charge succeeded).' }),
    supplierName: t.exposeString('supplierName', { description: "Listwise's legal name." }),
    supplierAbn: t.string({
      description: "Listwise's ABN, spaced as printed ('51 824 753 556').",
      resolve: (i) => formatAbn(i.supplierAbn),
    }),
    customerName: t.exposeString('customerName', { description: "The agent's name." }),
    customerEmail: t.exposeString('customerEmail', { nullable: true, description: "The agent's e-mail; null when the account had none." }),
    customerAgencyName: t.exposeString('customerAgencyName', { nullable: true, description: "The agent's agency; null when not given." }),
    customerAgencyAbn: t.exposeString('customerAgencyAbn', {
      nullable: true,
      description: "The buyer agency's ABN when the invoice was issued (11 digits).",
    }),
    description: t.exposeString('description', {
      description: "What was supplied ('Suburb subscription, 12 months: Surry Hills NSW 2010').",
    }),
    amountExcludingGst: t.float({ description: 'Dollars before GST.', resolve: (i) => centsToDollars(i.amountExcludingGstCents) }),
    gst: t.float({ description: 'The GST, in dollars.', resolve: (i) => centsToDollars(i.gstCents) }),
    total: t.float({ description: 'Including GST.', resolve: (i) => centsToDollars(i.totalCents) }),
    pdfBase64: t.string({
      description: 'The invoice as a one-page A4 PDF, base64-encoded: what the agent downloads. Made when asked.',
      // pdf-lib is loaded at the first invoice asked for, not at every start: with its fonts and zlib, about 170 modules.
      resolve: async (i) => {
        const { renderTaxInvoicePdf } = await import('./tax-invoice-pdf.ts');
        return Buffer.from(await renderTaxInvoicePdf(i)).toString('base64');
      },
    }),
  }),
});

const ChargeKindEnum = builder.enumType('ChargeKind', {
  description: 'What an agent was charged for.',
  values: describedValues<ChargeKind>({
    SUBSCRIPTION: 'Suburb subscriptions bought with `subscribeToSuburbs`.',
    RENEWAL: "A suburb subscription's next 12 months.",
    LEAD_FEE: 'The lead fee for a sale through Listwise.',
  }),
});
const ChargeStatusEnum = builder.enumType('ChargeStatus', {
  description: 'Where a charge stands.',
  values: describedValues<ChargeStatus>({
    PENDING: 'Sent to the provider; the outcome is not known yet.',
    SUCCEEDED: 'Paid; the tax invoice is issued.',
    FAILED: 'Declined or failed: nothing was taken.',
    REFUNDED: 'Paid, then given back.',
  }),
});

const ChargeRef = builder.objectRef<ChargeRow>('Charge').implement({
  description: "One of the signed-in user's charges: what it was for, the amount with its GST (dollars), and its invoice once paid.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The charge id.' }),
    kind: t.field({ type: ChargeKindEnum, description: 'What it was for.', resolve: (c) => c.kind }),
    description: t.exposeString('description', { description: 'What it was for, in words (the suburbs, the property).' }),
    amount: t.float({ description: 'Dollars, including GST.', resolve: (c) => centsToDollars(c.amountCents) }),
    gst: t.float({ description: 'The GST in `amount`, in dollars.', resolve: (c) => centsToDollars(c.gstCents) }),
    status: t.field({ type: ChargeStatusEnum, description: 'Where it stands.', resolve: (c) => c.status }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    invoice: t.field({
      type: TaxInvoiceRef,
      nullable: true,
      description: 'Its tax invoice once paid; null before.',
      resolve: (c, _a, ctx) => invoiceByChargeId(ctx).load(c.id),
    }),
  }),
});

builder.queryFields((t) => ({
  myCharges: t.connection({
    type: ChargeRef,
    authScopes: { agent: true },
    description: "The signed-in agent's charges, newest first.",
    resolve: (_r, args, ctx) => listOwnCharges(ctx.deps.db, currentUser(ctx), { first: args.first, after: args.after }),
  }),
  taxInvoice: t.field({
    type: TaxInvoiceRef,
    authScopes: { agent: true },
    description: "One of the signed-in agent's tax invoices; anyone else's is not_found.",
    args: { id: t.arg.id({ required: true, description: 'The invoice id.' }) },
    resolve: (_r, args, ctx) => getOwnTaxInvoice(ctx.deps.db, currentUser(ctx), String(args.id)),
  }),
}));
