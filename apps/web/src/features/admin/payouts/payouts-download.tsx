/**
 * 'Pay cashback claims' on the console's Payouts tab: the cashback claims payable and in no
 * batch yet become a payout batch, downloaded as an ABA file for the bank's Direct Entry upload or as CSV, with the
 * clear bank details. The operator re-enters their password first (checked on the server, failures rate limited
 * and audit-logged). The same dialog downloads a batch again (PayoutPasswordDialog).
 */
import { useState, type FormEvent } from 'react';
import { formatDollars } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { PasswordField } from '@/components/password-field';
import { downloadBlob } from '@/lib/download-file';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDownloadCashbackPayouts, type PayoutFile, type PayoutFileFormat } from '@/features/admin/payouts/api';

export const FORMAT_LABELS: Record<PayoutFileFormat, string> = { ABA: 'ABA file', CSV: 'CSV' };

/** Hands the file to the browser as a download; the content never touches storage on the way. */
export function saveFile(file: PayoutFile) {
  downloadBlob(new Blob([file.content], { type: `${file.contentType};charset=utf-8` }), file.fileName);
}

export const downloadedMessage = (file: PayoutFile) =>
  `Downloaded ${file.fileName}: ${file.claimCount} ${file.claimCount === 1 ? 'claim' : 'claims'}, ${formatDollars(file.total)}.`;

interface PayoutPasswordDialogProps {
  title: string;
  isOpen: boolean;
  isBusy: boolean;
  onClose: () => void;
  /** Resolves with the file, or with the server's answer to show (a wrong password empties the field). */
  onSubmit: (password: string) => Promise<PayoutFile | { error: unknown }>;
}

/** Asks for the operator's password, then saves the file the server answers. */
export function PayoutPasswordDialog({ title, isOpen, isBusy, onClose, onSubmit }: PayoutPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password');
    setError(null);
    const answer = await onSubmit(password);
    if ('error' in answer) {
      // A wrong password stays in the dialog to try again; anything else (nothing to pay) is said there too.
      setError(errorMessage(answer.error));
      if (errorCode(answer.error) === 'incorrect_password') setPassword('');
      return;
    }
    saveFile(answer);
    close();
    showToast(downloadedMessage(answer), { tone: 'success' });
  };
  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
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
          <Button type="submit" width="auto" isLoading={isBusy}>
            Download
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function PayoutsDownload({ onDownloaded }: { onDownloaded: () => void }) {
  const [format, setFormat] = useState<PayoutFileFormat | null>(null);
  const [{ fetching }, download] = useDownloadCashbackPayouts();
  return (
    <section aria-labelledby="payouts-heading" className="rounded-xl border border-line bg-white p-4 md:p-5">
      <h3 id="payouts-heading" className="font-semibold text-ink">
        Pay cashback claims
      </h3>
      <p className="mt-1 leading-7 text-ink-soft">
        A download makes a payout batch of the claims that are payable and in no batch yet, and marks them &lsquo;In payout&rsquo;, so a
        second download never pays a seller twice. Upload the ABA file to the bank (or use the CSV); once the bank has paid, mark the batch
        paid below: each seller is e-mailed.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        {(['ABA', 'CSV'] as const).map((value) => (
          <Button key={value} variant={value === 'ABA' ? 'primary' : 'secondary'} width="auto" onClick={() => setFormat(value)}>
            Download {FORMAT_LABELS[value]}
          </Button>
        ))}
      </div>
      <PayoutPasswordDialog
        title={`Download payouts as ${format ? FORMAT_LABELS[format] : ''}`}
        isOpen={format !== null}
        isBusy={fetching}
        onClose={() => setFormat(null)}
        onSubmit={async (password) => {
          const result = await download({ password, format: format! });
          if (result.error || !result.data) return { error: result.error };
          onDownloaded();
          return result.data.downloadCashbackPayouts;
        }}
      />
    </section>
  );
}
