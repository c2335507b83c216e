/**
 * One tax invoice as issued, the body of /agent/invoices/{id}: laid out to print on one A4 page. Its date
 * is the Sydney calendar date, as in the invoice e-mail and the PDF, so the three never name different days.
 */
import { formatDateInZone, formatDollars } from '@listwise/domain/format';
import { formatAbn } from '@listwise/domain/tax-invoice';
import type { TaxInvoice } from '@/features/agent-settings/api/billing';

function Row({ label, value, isTotal = false }: { label: string; value: string; isTotal?: boolean }) {
  return (
    <div className={`flex justify-between gap-6 border-b border-slate-200 py-3 ${isTotal ? 'font-bold text-ink' : 'text-ink'}`}>
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap">{value}</dd>
    </div>
  );
}

export function TaxInvoiceDocument({ invoice }: { invoice: TaxInvoice }) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6 md:p-10 print:border-0 print:p-0">
      <div className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <div>
          <p className="text-2xl font-bold text-brand-900">Listwise</p>
          <p className="mt-2 text-ink">{invoice.supplierName}</p>
          <p className="text-ink">ABN {formatAbn(invoice.supplierAbn)}</p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-ink sm:text-right">
          <dt className="text-ink-soft">Invoice number</dt>
          <dd className="font-semibold">{invoice.number}</dd>
          <dt className="text-ink-soft">Date</dt>
          {/* The date in Sydney, as the e-mail and the PDF print it, whatever the device's zone. */}
          <dd className="font-semibold">{formatDateInZone(invoice.issuedAt)}</dd>
        </dl>
      </div>
      <div className="mt-8">
        <h2 className="text-sm font-semibold text-ink-soft uppercase">Billed to</h2>
        {/* The buyer is the agency, with its ABN (a tax invoice of $1,000 or more names the buyer or its ABN). */}
        {invoice.customerAgencyName && <p className="mt-1 font-semibold text-ink">{invoice.customerAgencyName}</p>}
        {invoice.customerAgencyAbn && <p className="text-ink">ABN {formatAbn(invoice.customerAgencyAbn)}</p>}
        <p className={invoice.customerAgencyName ? 'text-ink' : 'mt-1 text-ink'}>{invoice.customerName}</p>
        {invoice.customerEmail && <p className="break-all text-ink">{invoice.customerEmail}</p>}
      </div>
      <dl className="mt-8">
        <Row label={invoice.description} value={formatDollars(invoice.amountExcludingGst)} />
        <Row label="GST (10%)" value={formatDollars(invoice.gst)} />
        <Row label="Total paid (including GST)" value={formatDollars(invoice.total)} isTotal />
      </dl>
      <p className="mt-6 text-sm text-ink-soft">Paid by card. Amounts in Australian dollars.</p>
    </article>
  );
}
