/**
 * /agent/invoices/{id}: one of the agent's tax invoices, as issued, laid out to print on one A4 page
 * (the app's navigation hides in print), and downloaded as a PDF (the file a bookkeeper asks for). Another
 * agent's invoice, or none, is 'Invoice not found'.
 */
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { blobFromBase64, downloadBlob } from '@/lib/download-file';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useParams } from 'react-router';
import { useTaxInvoice, useTaxInvoicePdf } from '@/features/agent-settings/api/billing';
import { TaxInvoiceDocument } from '@/features/agent-settings/components/tax-invoice-document';

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
      <TaxInvoiceDocument invoice={invoice} />
    </div>
  );
}
