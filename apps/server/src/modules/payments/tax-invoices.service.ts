import { and, eq, inArray } from 'drizzle-orm';
import { formatCents, formatDateInZone } from '@listwise/domain/format';
import { formatInvoiceNumber, invoiceAmounts } from '@listwise/domain/tax-invoice';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { taxInvoices } from '../../db/schema/payments.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { TaxInvoiceEmail } from '../notifications/templates/money-emails.tsx';
import type { ChargeRow } from '../../db/schema/payments.ts';

/**
 * Tax invoices and the agent's billing history. Every charge that paid for something (a lead fee, a
 * suburb subscription, a renewal) gets one invoice, numbered in one sequence, with the supplier (Listwise's legal
 * name and ABN from the configuration), the agent, the amount before GST, the GST and the total, copied in when
 * issued; the agent is e-mailed it. Agents read their own charges and invoices only: another agent's invoice is
 * `not_found`.
 */

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;

export const invoiceNumberOf = (invoice: Pick<TaxInvoiceRow, 'sequence'>) => formatInvoiceNumber(invoice.sequence);

/** Issues the invoice of a paid charge and e-mails it; a charge already invoiced is left as it is. Returns the new invoice. */
export async function issueTaxInvoice(deps: Deps, tx: Tx, charge: ChargeRow): Promise<TaxInvoiceRow | null> {
  const [customer] = await tx
    .select({ email: users.email, name: agentProfiles.name, agencyName: agentProfiles.agencyName, agencyAbn: agentProfiles.agencyAbn })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(eq(users.id, charge.userId));
  const amounts = invoiceAmounts(charge.amountCents);
  const [invoice] = await tx
    .insert(taxInvoices)
    .values({
      chargeId: charge.id,
      userId: charge.userId,
      issuedAt: charge.settledAt ?? deps.clock.now(),
      supplierName: deps.config.LISTWISE_LEGAL_NAME,
      supplierAbn: deps.config.listwiseAbn.replace(/\s+/g, ''),
      customerName: customer?.name || customer?.email || 'Agent',
      customerEmail: customer?.email ?? null,
      customerAgencyName: customer?.agencyName ?? null,
      customerAgencyAbn: customer?.agencyAbn ?? null,
      description: charge.description,
      amountExcludingGstCents: amounts.excludingGstCents,
      gstCents: amounts.gstCents,
      totalCents: amounts.totalCents,
    })
    .onConflictDoNothing({ target: taxInvoices.chargeId })
    .returning();
  if (!invoice) return null;
  if (invoice.customerEmail) {
    await queueEmail(deps, tx, {
      to: invoice.customerEmail,
      subject: `Tax invoice ${invoiceNumberOf(invoice)} from Listwise`,
      template: 'tax-invoice',
      body: TaxInvoiceEmail({
        number: invoiceNumberOf(invoice),
        issuedOn: formatDateInZone(invoice.issuedAt),
        supplierName: invoice.supplierName,
        supplierAbn: invoice.supplierAbn,
        customerName: invoice.customerName,
        customerAgencyName: invoice.customerAgencyName,
        customerAgencyAbn: invoice.customerAgencyAbn,
        description: invoice.description,
        excludingGst: formatCents(invoice.amountExcludingGstCents),
        gst: formatCents(invoice.gstCents),
        total: formatCents(invoice.totalCents),
        link: `${deps.config.appUrl}/agent/invoices/${invoice.id}`,
      }),
    });
  }
  return invoice;
}

/** taxInvoice(id): one of the signed-in agent's invoices; anyone else's (or a malformed id) is `not_found`. */
export async function getOwnTaxInvoice(db: Tx, user: UserRow, id: string): Promise<TaxInvoiceRow> {
  if (!isUuid(id)) throw notFound();
  const invoice = await db.query.taxInvoices.findFirst({ where: and(eq(taxInvoices.id, id), eq(taxInvoices.userId, user.id)) });
  if (!invoice) throw notFound();
  return invoice;
}

/** Invoices of several charges at once (a page of the billing history). */
export const findInvoicesOfCharges = (db: Tx, chargeIds: readonly string[]) =>
  chargeIds.length
    ? db
        .select()
        .from(taxInvoices)
        .where(inArray(taxInvoices.chargeId, [...chargeIds]))
    : Promise.resolve([]);
