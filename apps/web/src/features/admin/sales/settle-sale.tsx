/**
 * Settling a sale the agent disputed, or one the agent left unanswered (14 days, or their account is closed): the
 * same choice, and for an unanswered sale the agent is e-mailed the reason too.
 */
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DISPUTE_SETTLEMENTS, settleDisputedSaleSchema } from '@listwise/domain/sale-validation';
import { ChoiceGroup, Choice } from '@/components/form-fields';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useSettleDisputedSale, useSettleUnansweredSale, type AdminPropertySale } from '@/features/admin/sales/api';
import { ConfirmAction, OperatorReasonField } from '@/features/admin/shared/admin-ui';

/**
 * The dialog's fields as typed, made into the API's input: the price and date count only when the sale stands, and
 * an empty one is missing (the domain schema then names it). No outcome chosen stops there, with only that message.
 */
const settleSaleFormSchema = z
  .object({
    outcome: z.enum(DISPUTE_SETTLEMENTS, { error: 'Choose whether the sale stands' }),
    reason: z.string(),
    salePrice: z.string(),
    contractDate: z.string(),
  })
  .transform(({ outcome, reason, salePrice, contractDate }) => {
    const stands = outcome === 'SALE_STANDS';
    return {
      outcome,
      reason,
      ...(stands && salePrice.trim() !== '' && { salePrice: Number(salePrice) }),
      ...(stands && contractDate !== '' && { contractDate }),
    };
  })
  .pipe(settleDisputedSaleSchema);

type SettleSaleFields = z.input<typeof settleSaleFormSchema>;

export function SettleSale({ sale, kind }: { sale: AdminPropertySale; kind: 'DISPUTED' | 'UNANSWERED' }) {
  const [, settleDisputed] = useSettleDisputedSale();
  const [, settleUnanswered] = useSettleUnansweredSale();
  const told = kind === 'UNANSWERED' ? 'the seller and the agent' : 'the seller';
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<SettleSaleFields, unknown, z.output<typeof settleSaleFormSchema>>({
    resolver: zodResolver(settleSaleFormSchema),
    defaultValues: { reason: '', salePrice: '', contractDate: '' },
  });
  const outcome = useWatch({ control, name: 'outcome' });
  const reasonLength = useWatch({ control, name: 'reason' }).length;

  const settle = async (values: z.output<typeof settleSaleFormSchema>): Promise<string | null> => {
    const variables = { propertySaleId: sale.id, ...values };
    const result = kind === 'UNANSWERED' ? await settleUnanswered(variables) : await settleDisputed(variables);
    if (result.error) return errorMessage(result.error);
    const data = result.data;
    const settled = data && ('settleUnansweredPropertySale' in data ? data.settleUnansweredPropertySale : data.settleDisputedPropertySale);
    showToast(
      values.outcome === 'SALE_VOID'
        ? `The sale is void; ${told} ${kind === 'UNANSWERED' ? 'have' : 'has'} been e-mailed why.`
        : settled?.leadFeeStatus === 'SUCCEEDED'
          ? 'The sale stands and the lead fee has been charged.'
          : 'The sale stands; the lead fee was declined and will be retried.',
      { tone: 'success' },
    );
    return null;
  };

  return (
    <ConfirmAction
      label={kind === 'UNANSWERED' ? 'Settle unanswered sale' : 'Settle dispute'}
      title={kind === 'UNANSWERED' ? 'Settle the unanswered sale' : 'Settle the disputed sale'}
      confirmLabel="Settle"
      variant="primary"
      onConfirm={async () => {
        // Stays open (false) while a field is invalid: each shows why.
        let answer: string | null | false = false;
        await handleSubmit(async (values) => {
          answer = await settle(values);
        })();
        return answer;
      }}
    >
      <div className="flex flex-col gap-4">
        <ChoiceGroup legend="Outcome" required layout="column" error={errors.outcome?.message}>
          <Choice type="radio" value="SALE_STANDS" label="The sale stands: charge the lead fee" {...register('outcome')} />
          <Choice type="radio" value="SALE_VOID" label={`The sale is void: charge nothing, tell ${told} why`} {...register('outcome')} />
        </ChoiceGroup>
        {outcome === 'SALE_STANDS' && (
          <>
            <TextField
              label="Sale price (dollars)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              required
              error={errors.salePrice?.message}
              {...register('salePrice')}
            />
            <TextField label="Contract date" type="date" required error={errors.contractDate?.message} {...register('contractDate')} />
          </>
        )}
        <OperatorReasonField
          label={
            kind === 'UNANSWERED'
              ? 'Why (e-mailed to the seller and the agent)'
              : outcome === 'SALE_VOID'
                ? 'Why (e-mailed to the seller)'
                : 'Why (kept in the audit log)'
          }
          length={reasonLength}
          error={errors.reason?.message}
          registration={register('reason')}
        />
      </div>
    </ConfirmAction>
  );
}
