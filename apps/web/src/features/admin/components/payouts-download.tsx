/**
 * 'Download payouts' on the console's Sales tab (issue 14): the cashback claims that are payable, as an ABA file
 * for the bank's Direct Entry upload or as CSV, with the clear bank details. The operator re-enters their
 * password first (checked on the server, failures rate limited); every download is audit-logged with its claims.
 * After the bank has made the transfers, each claim is marked paid below.
 */
import { useState, type FormEvent } from 'react';
import { formatDollars } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { PasswordField } from '@/components/password-field';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDownloadCashbackPayouts, type PayoutFile, type PayoutFileFormat } from '@/features/admin/api/sales';

const FORMAT_LABELS: Record<PayoutFileFormat, string> = { ABA: 'ABA file', CSV: 'CSV' };

/** Hands the file to the browser as a download; the content never touches storage on the way. */
function saveFile(file: PayoutFile) {
  const url = URL.createObjectURL(new Blob([file.content], { type: `${file.contentType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function PayoutsDownload() {
  const [format, setFormat] = useState<PayoutFileFormat | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, download] = useDownloadCashbackPayouts();

  const close = () => {
    setFormat(null);
    setPassword('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!format) return;
    if (!password) return setError('Enter your password');
    setError(null);
    const result = await download({ password, format });
    if (result.error || !result.data) {
      // A wrong password stays in the dialog to try again; anything else (nothing to pay) is said there too.
      setError(errorMessage(result.error));
      if (errorCode(result.error) === 'incorrect_password') setPassword('');
      return;
    }
    const file = result.data.downloadCashbackPayouts;
    saveFile(file);
    close();
    showToast(
      `Downloaded ${file.fileName}: ${file.claimCount} ${file.claimCount === 1 ? 'claim' : 'claims'}, ${formatDollars(file.total)}.`,
      {
        tone: 'success',
      },
    );
  };

  return (
    <section aria-labelledby="payouts-heading" className="rounded-xl border border-line bg-white p-4 md:p-5">
      <h3 id="payouts-heading" className="font-semibold text-ink">
        Pay cashback claims
      </h3>
      <p className="mt-1 leading-7 text-ink-soft">
        Download the claims that are payable and upload the ABA file to the bank (or use the CSV). Once the bank has paid them, mark each
        claim paid below: the seller is e-mailed.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        {(['ABA', 'CSV'] as const).map((value) => (
          <Button key={value} variant={value === 'ABA' ? 'primary' : 'secondary'} width="auto" onClick={() => setFormat(value)}>
            Download {FORMAT_LABELS[value]}
          </Button>
        ))}
      </div>
      <ModalDialog
        isOpen={format !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title={`Download payouts as ${format ? FORMAT_LABELS[format] : ''}`}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="leading-7 text-ink-soft">
            The file holds sellers&apos; full bank details. Enter your password to download it; the download is recorded in the audit log.
          </p>
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            // The dialog opens to type the password at once.
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" width="auto" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" width="auto" isLoading={fetching}>
              Download
            </Button>
          </div>
        </form>
      </ModalDialog>
    </section>
  );
}
