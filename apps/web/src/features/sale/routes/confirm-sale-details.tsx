/**
 * /agent/property-sale/{id}/confirm/details: the sale price and the contract date (spec 000 §5 'Sale confirm').
 * Confirming asks first ('Charge $1,100 to Visa ending 4242?'), then charges the lead fee; a declined card shows 'Payment declined' under the form (the sale itself
 * stays confirmed, and confirming again retries the fee; a later visit offers only that). not_found shows
 * 'Property sale not found'.
 */
import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from 'urql';
import { Navigate, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { formatCalendarDate, formatDate, formatDollars } from '@listwise/domain/format';
import { confirmPropertySaleSchema, contractDateProblem } from '@listwise/domain/sale-validation';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { DefaultPaymentMethodQuery } from '@/components/payments/payment-api';
import { TextField } from '@/components/text-field';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useConfirmPropertySale, type PropertySale } from '@/features/sale/api/property-sale';
import { isSaleFinalized, PropertySaleNotFound, PropertySalePage, saleAddress } from '@/features/sale/components/property-sale-page';
import { SalePriceField } from '@/features/sale/components/sale-price-field';
import { chargeQuestion, leadFeeWords, type LeadFee } from '@/lib/lead-fee';

/**
 * The server's rule, checked as the agent types: not after today and not before the listing (both as the server
 * counts them, in the property's time zone), with the catalogue's messages.
 */
const contractDateRule =
  (sale: PropertySale) =>
  (values: { contractDate: string }, ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void }) => {
    const problem = contractDateProblem(values.contractDate, { today: sale.contractDateLatest, listedOn: sale.contractDateEarliest });
    if (problem) ctx.addIssue({ code: 'custom', path: ['contractDate'], message: ERROR_MESSAGES[problem] });
  };

interface Values {
  salePrice: number;
  contractDate: string;
}

/**
 * Asks before the lead fee is charged: the amount and the card it goes on. `onConfirm` runs the charge; the dialog
 * stays until it answers.
 */
function ChargeDialog({
  leadFee,
  isOpen,
  onOpenChange,
  onConfirm,
  isCharging,
}: {
  /** The sale's own fee (fixed once it was confirmed). */
  leadFee: LeadFee;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onConfirm: () => void;
  isCharging: boolean;
}) {
  const [{ data }] = useQuery({ query: DefaultPaymentMethodQuery, pause: !isOpen, requestPolicy: 'cache-and-network' });
  const card = data?.myDefaultPaymentMethod;
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title={chargeQuestion(leadFeeWords(leadFee).total, card)}>
      <div className="flex flex-col gap-5">
        <p className="text-ink-soft">
          The {LEAD_FEE_NAME} of {leadFeeWords(leadFee).plusGst} is charged now, when you confirm this sale, and we e-mail you its tax
          invoice.
          {!card && ' You have no card on file: add one in Profile Settings first.'}
        </p>
        <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-end">
          <Button variant="secondary" width="auto" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button width="auto" isLoading={isCharging} onClick={onConfirm}>
            Charge and confirm
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

/**
 * A sale confirmed earlier whose lead fee was declined: price and date are recorded (they are kept once), so the
 * agent only settles the fee, after fixing their card; confirming again retries the charge.
 */
function LeadFeeRetry({ sale }: { sale: PropertySale }) {
  // The fee this sale recorded when it was confirmed: what the retry charges, whatever the setting says now.
  const { leadFee } = sale;
  const navigate = useNavigate();
  const [{ fetching }, confirmSale] = useConfirmPropertySale();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const retry = async () => {
    setServerError(null);
    const result = await confirmSale({ id: sale.id, salePrice: sale.salePrice ?? 0, contractDate: sale.contractDate ?? '' });
    setIsAsking(false);
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(`/agent/property-sale/${sale.id}/confirm/finalized`, { replace: true });
  };
  return (
    <div className="flex flex-col gap-5">
      <p className="leading-7 text-ink-soft">
        <span className="font-semibold text-ink">{saleAddress(sale)}</span>, sold for {sale.sellerName}.
      </p>
      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-line bg-white p-4">
        <div>
          <dt className="text-sm text-ink-soft">Sale price</dt>
          <dd className="font-semibold text-ink">{sale.salePrice === null ? '—' : formatDollars(sale.salePrice)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-soft">Contract date</dt>
          <dd className="font-semibold text-ink">{sale.contractDate ? formatDate(`${sale.contractDate}T00:00:00`) : '—'}</dd>
        </div>
      </dl>
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-6 text-ink">
        You have confirmed this sale, but the {LEAD_FEE_NAME} of {leadFeeWords(leadFee).total} (including GST) could not be charged to your
        card. Update your card in <TextLink to="/agent/profile-settings">Profile Settings</TextLink>, then pay the {LEAD_FEE_NAME} here.
      </p>
      <Button isLoading={fetching} onClick={() => setIsAsking(true)}>
        Pay {LEAD_FEE_NAME}
      </Button>
      <FormError message={serverError} />
      <ChargeDialog
        leadFee={sale.leadFee}
        isOpen={isAsking}
        onOpenChange={setIsAsking}
        onConfirm={() => void retry()}
        isCharging={fetching}
      />
    </div>
  );
}

function SaleDetailsForm({ sale }: { sale: PropertySale }) {
  const navigate = useNavigate();
  const [{ fetching }, confirmSale] = useConfirmPropertySale();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isGone, setIsGone] = useState(false);
  const [toCharge, setToCharge] = useState<Values | null>(null);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(confirmPropertySaleSchema.superRefine(contractDateRule(sale))),
    mode: 'onTouched',
    defaultValues: { salePrice: sale.salePrice ?? undefined, contractDate: sale.contractDate ?? '' },
  });

  if (isGone) return <PropertySaleNotFound />;

  // The form checks the details; the dialog asks before the card is charged.
  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    setToCharge(values);
  });
  const charge = async (values: Values) => {
    const result = await confirmSale({ id: sale.id, ...values });
    setToCharge(null);
    if (errorCode(result.error) === 'not_found') return setIsGone(true);
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(`/agent/property-sale/${sale.id}/confirm/finalized`, { replace: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="leading-7 text-ink-soft">
        <span className="font-semibold text-ink">{saleAddress(sale)}</span>, sold for {sale.sellerName}.
      </p>
      <Controller
        control={control}
        name="salePrice"
        render={({ field, fieldState }) => (
          <SalePriceField
            label="Sale price"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label="Contract date"
        type="date"
        required
        min={sale.contractDateEarliest ?? undefined}
        max={sale.contractDateLatest}
        description={
          sale.contractDateEarliest
            ? `Between ${formatCalendarDate(sale.contractDateEarliest)}, when the property was listed, and today`
            : 'Today or earlier'
        }
        error={errors.contractDate?.message}
        {...register('contractDate')}
      />
      <Button type="submit" isLoading={isSubmitting || fetching}>
        Confirm Sale
      </Button>
      <FormError message={serverError} />
      <ChargeDialog
        leadFee={sale.leadFee}
        isOpen={toCharge !== null}
        onOpenChange={(isOpen) => !isOpen && setToCharge(null)}
        onConfirm={() => toCharge && void charge(toCharge)}
        isCharging={fetching}
      />
    </form>
  );
}

export default function ConfirmSaleDetailsRoute() {
  return (
    <PropertySalePage title="Sale Details">
      {(sale) =>
        // Confirmed and paid already: the details are recorded once, so there is nothing to fill in again.
        isSaleFinalized(sale) ? (
          <Navigate to={`/agent/property-sale/${sale.id}/confirm/finalized`} replace />
        ) : sale.disputedAt || sale.voidedAt ? (
          <Navigate to={`/agent/property-sale/${sale.id}/confirm`} replace />
        ) : sale.confirmedAt ? (
          <LeadFeeRetry sale={sale} />
        ) : (
          <SaleDetailsForm sale={sale} />
        )
      }
    </PropertySalePage>
  );
}
