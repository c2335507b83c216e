/**
 * /agent/invoices/{id}: one of the agent's tax invoices, as issued (issue 14), laid out to print on one A4 page
 * (the app's navigation hides in print), and downloaded as a PDF (issue 23: the file a bookkeeper asks for). Another
 * agent's invoice, or none, is 'Invoice not found'.
 */
import { useState } from 'react';
import { formatDate, formatDollars } from '@listwise/domain/format';
import { formatAbn } from '@listwise/domain/tax-invoice';
import { Button, ButtonLink } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { blobFromBase64, downloadBlob } from '@/lib/download-file';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useParams } from 'react-router';
import { useTaxInvoice, useTaxInvoicePdf, type TaxInvoice } from '@/features/agent-settings/api/billing';

/** 'Download PDF': the server makes the file; it is saved as 'Listwise tax invoice LW-000042.pdf'. */
function DownloadPdf({ id }: { id: string }) {
  const fetchPdf = useTaxInvoicePdf();
  const [isBusy, setIsBusy] = useState(false);
  const download = async () => {
    setIsBusy(true);
    const result = await fetchPdf(id);
    setIsBusy(false);
    const pdf = result.data?.taxInvoice;
    if (!pdf) return showToast(errorMessage(result.error), { tone: 'error' });
    downloadBlob(blobFromBase64(pdf.pdfBase64, 'application/pdf'), `Listwise tax invoice ${pdf.number}.pdf`);
  };
  return (
    <Button variant="primary" width="auto" isLoading={isBusy} onClick={() => void download()}>
      Download PDF
    </Button>
  );
}

function Row({ label, value, isTotal = false }: { label: string; value: string; isTotal?: boolean }) {
  return (
    <div className={`flex justify-between gap-6 border-b border-slate-200 py-3 ${isTotal ? 'font-bold text-ink' : 'text-ink'}`}>
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap">{value}</dd>
    </div>
  );
}

function InvoiceDocument({ invoice }: { invoice: TaxInvoice }) {
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
          <dd className="font-semibold">{formatDate(invoice.issuedAt)}</dd>
        </dl>
      </div>
      <div className="mt-8">
        <h2 className="text-sm font-semibold text-ink-soft uppercase">Billed to</h2>
        {/* The buyer is the agency, with its ABN (issue 22: a tax invoice of $1,000 or more names the buyer or its ABN). */}
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

export default function TaxInvoiceRoute() {
  const { id = '' } = useParams();
  const [{ data, error, fetching }] = useTaxInvoice(id);
  const invoice = data?.taxInvoice;
  useDocumentTitle(invoice ? `Tax invoice ${invoice.number}` : 'Tax invoice');
  if (!invoice) {
    if (fetching) return <PageSpinner />;
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Invoice not found</h1>
        <p className="mt-3 leading-7 text-ink-soft">
          {error && errorCode(error) !== 'not_found' ? errorMessage(error) : 'This invoice does not exist, or it is not yours.'}
        </p>
        <ButtonLink to="/agent/profile-settings?tab=billing" className="mt-8">
          Back to billing
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 py-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between print:hidden">
        <TextLink to="/agent/profile-settings?tab=billing">Back to billing</TextLink>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" width="auto" onClick={() => window.print()}>
            Print
          </Button>
          <DownloadPdf id={invoice.id} />
        </div>
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Tax invoice {invoice.number}</h1>
      <InvoiceDocument invoice={invoice} />
    </div>
  );
}
