/**
 * 'This is not my sale': the agent named by a seller can refuse the sale instead of confirming it.
 * Nothing is charged; an operator looks into it and the seller is told. An optional note goes to the operator.
 */
import { useId, useState } from 'react';
import { formatDate } from '@listwise/domain/format';
import { DISPUTE_REASON_MAX_LENGTH } from '@listwise/domain/sale-validation';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { inputClasses } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useDisputePropertySale, type PropertySale } from '@/features/sale/api/property-sale';

export function NotMySaleButton({ sale }: { sale: PropertySale }) {
  const noteId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, dispute] = useDisputePropertySale();
  const submit = async () => {
    setError(null);
    const result = await dispute({ id: sale.id, reason: reason.trim() || null });
    if (result.error) return setError(errorMessage(result.error));
    setIsOpen(false);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        This is not my sale
      </Button>
      <ModalDialog isOpen={isOpen} onOpenChange={setIsOpen} title="This is not my sale">
        <div className="flex flex-col gap-4">
          <p className="leading-7 text-ink-soft">
            Tell us the sale of this property was not yours. Nothing is charged: our team looks into it with {sale.sellerName}, who is told
            that you did not confirm the sale.
          </p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={noteId} className="text-sm font-semibold text-ink">
              Note for our team (optional)
            </label>
            <textarea
              id={noteId}
              rows={3}
              maxLength={DISPUTE_REASON_MAX_LENGTH}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={inputClasses(false)}
            />
          </div>
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" width="auto" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button width="auto" isLoading={fetching} onClick={submit}>
              Not my sale
            </Button>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}

/** An operator settled the sale as void (the agent disputed it, or never answered): nothing is left to do. */
export function VoidNotice({ sale }: { sale: PropertySale }) {
  return (
    <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 leading-7 text-ink">
      On {formatDate(sale.voidedAt!)} our team settled this sale as void: it is not counted as yours and nothing is charged. We e-mailed you
      why.
    </p>
  );
}

export function DisputedNotice({ sale }: { sale: PropertySale }) {
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 leading-7 text-ink">
      On {formatDate(sale.disputedAt!)} you told us this is not your sale. Nothing was charged; our team is looking into it with{' '}
      {sale.sellerName}.
    </p>
  );
}
