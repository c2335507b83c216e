/** /property/{propertyId}/sold: 'Congratulations!' after the seller reported the sale and claimed the cashback. */
import { formatDollars } from '@listwise/domain/format';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
import { CheckIcon, isSoldUnconditionally, OutcomePage } from '@/features/sale/components/outcome-page';

export default function SoldRoute() {
  const [{ data }] = useStaticCashbackAmount();
  const offer = data ? `your ${formatDollars(data.staticCashbackAmount)} cashback` : 'your cashback';
  return (
    <OutcomePage title="Congratulations!" icon={<CheckIcon />} isShown={isSoldUnconditionally}>
      <p>Congratulations on the sale of your property. We have asked your agent to confirm the sale.</p>
      <p>Once they confirm it is unconditional, we pay {offer} into the bank account you gave us.</p>
    </OutcomePage>
  );
}
