/**
 * A sale's lead fee in the console: its status, and Retry or Waive (with a reason) while it is declined. The amount is
 * the sale's own (what a retry charges, whatever the setting says since), in the domain's words for it.
 */
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_FEE_TITLE, leadFeeWordsOfDollars } from '@listwise/domain/agent-fees';
import { formatDate, formatDollars } from '@listwise/domain/format';
import { operatorReasonSchema } from '@listwise/domain/sale-validation';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useRetryLeadFee, useWaiveLeadFee, type AdminPropertySale } from '@/features/admin/sales/api';
import { adminUserName } from '@/features/admin/shared/types';
import { ConfirmAction, OperatorReasonField, Pill } from '@/features/admin/shared/admin-ui';

export function LeadFee({ sale }: { sale: AdminPropertySale }) {
  const fee = leadFeeWordsOfDollars(sale.leadFee);
  const [, retry] = useRetryLeadFee();
  const status = {
    NOT_DUE: <Pill>Due when the agent confirms</Pill>,
    PENDING: <Pill tone="warn">Charging</Pill>,
    SUCCEEDED: <Pill tone="good">Paid {sale.leadFeeCharge ? formatDollars(sale.leadFeeCharge.amount) : ''}</Pill>,
    FAILED: <Pill tone="bad">Declined</Pill>,
    WAIVED: <Pill>Waived</Pill>,
  }[sale.leadFeeStatus];
  return (
    <section aria-label="Lead fee" className="flex flex-col gap-2">
      <h4 className="font-semibold text-ink">
        {LEAD_FEE_TITLE} ({fee.plusGst})
      </h4>
      <div className="flex flex-wrap items-center gap-3">
        {status}
        {sale.leadFeeAttempts > 1 && <span className="text-sm text-ink-soft">{sale.leadFeeAttempts} attempts</span>}
        {sale.leadFeeStatus === 'FAILED' && (
          <ConfirmAction
            label="Retry"
            title="Charge the lead fee again?"
            confirmLabel={`Charge ${fee.total}`}
            variant="primary"
            onConfirm={async () => {
              const result = await retry({ propertySaleId: sale.id });
              if (result.error) return errorMessage(result.error);
              showToast('The lead fee has been charged.', { tone: 'success' });
              return null;
            }}
          >
            We charge {fee.total} (including {fee.gst} GST) to {adminUserName(sale.sellingAgent, 'the agent')}&apos;s default card.
          </ConfirmAction>
        )}
        {sale.leadFeeStatus === 'FAILED' && <WaiveLeadFee sale={sale} />}
      </div>
      {sale.leadFeeStatus === 'FAILED' && sale.leadFeeCharge?.failureReason && (
        <p className="text-sm text-ink-soft">Last decline: {sale.leadFeeCharge.failureReason}</p>
      )}
      {sale.leadFeeStatus === 'WAIVED' && sale.leadFeeWaiverReason && (
        <p className="text-sm break-words text-ink-soft">
          Waived{sale.leadFeeWaivedAt ? ` on ${formatDate(sale.leadFeeWaivedAt)}` : ''}: {sale.leadFeeWaiverReason}
        </p>
      )}
      {sale.leadFeeStatus === 'FAILED' && !sale.leadFeeCharge && sale.leadFeeFailureCode === 'user_missing_stripe_customer' && (
        <p className="text-sm text-ink-soft">The agent has no card on file.</p>
      )}
    </section>
  );
}

function WaiveLeadFee({ sale }: { sale: AdminPropertySale }) {
  const [, waive] = useWaiveLeadFee();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(operatorReasonSchema), defaultValues: { reason: '' } });
  const reasonLength = useWatch({ control, name: 'reason' }).length;
  return (
    <ConfirmAction
      label="Waive"
      title="Waive the lead fee?"
      confirmLabel="Waive the fee"
      onConfirm={async () => {
        // Stays open (false) while the reason is invalid: the field shows why.
        let answer: string | null | false = false;
        await handleSubmit(async ({ reason }) => {
          const result = await waive({ propertySaleId: sale.id, reason });
          if (result.error) answer = errorMessage(result.error);
          else {
            showToast("The lead fee is waived; the seller's cashback is payable.", { tone: 'success' });
            answer = null;
          }
        })();
        return answer;
      }}
    >
      <div className="flex flex-col gap-4">
        <p>
          The agent is not charged and nothing retries the fee. The seller&apos;s cashback becomes payable. The reason goes in the audit
          log.
        </p>
        <OperatorReasonField
          label="Why the fee is waived"
          length={reasonLength}
          error={errors.reason?.message}
          registration={register('reason')}
        />
      </div>
    </ConfirmAction>
  );
}
