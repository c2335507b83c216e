/** /property/{propertyId}/sold: 'Congratulations!' after the seller reported the sale and claimed the cash offer. */
import { useParams } from 'react-router';
import { formatDollars } from '@listwise/domain/format';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
import { CheckIcon, OutcomePage } from '@/features/sale/components/outcome-page';

export default function SoldRoute() {
  const { propertyId = '' } = useParams();
  const [{ data }] = useStaticCashbackAmount();
  const offer = data ? `your ${formatDollars(data.staticCashbackAmount)} cash offer` : 'your cash offer';
  return (
    <OutcomePage title="Congratulations!" propertyId={propertyId} icon={<CheckIcon />}>
      <p>Congratulations on the sale of your property. We have asked your agent to confirm the sale.</p>
      <p>Once they confirm it is unconditional, we pay {offer} into the bank account you gave us.</p>
    </OutcomePage>
  );
}
