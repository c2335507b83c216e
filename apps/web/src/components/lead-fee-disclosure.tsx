/**
 * Fee disclosure to sellers (issue 11): agents pay Listwise when a sale through Listwise completes. The amount is
 * the server's lead-fee setting, the same one that charges the agent.
 */
import { formatDollars } from '@listwise/domain/format';
import { cx } from '@/components/cx';
import { useLeadFee } from '@/lib/lead-fee';

export function LeadFeeDisclosure({ className }: { className?: string }) {
  const fee = useLeadFee();
  const amount = fee ? ` of ${formatDollars(fee.excludingGstDollars)} plus GST (${formatDollars(fee.includingGstDollars)})` : '';
  return (
    <p className={cx('text-sm leading-6 text-ink-soft', className)}>
      <strong className="font-semibold text-ink">How Listwise is paid:</strong> agents pay Listwise a fee{amount} when a sale through
      Listwise completes. Sellers pay Listwise nothing, and the agent's commission is not changed by it.
    </p>
  );
}
