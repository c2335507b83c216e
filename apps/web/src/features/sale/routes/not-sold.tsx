/** /property/{propertyId}/not-sold: 'Thanks for your feedback' after the seller decided not to sell or not to use Listwise. */
import type { SaleProperty } from '@/features/sale/api/sale-property';
import { HeartIcon, isSoldUnconditionally, OutcomePage } from '@/features/sale/components/outcome-page';

/** Completed without a sale through Listwise (the seller's answer was recorded). */
const isOffMarket = (property: SaleProperty) => property.state === 'COMPLETE' && !isSoldUnconditionally(property);

export default function NotSoldRoute() {
  return (
    <OutcomePage title="Thanks for your feedback" icon={<HeartIcon />} isShown={isOffMarket}>
      <p>We have taken your property off the market. Agents who have not sent an appraisal yet will no longer be asked for one.</p>
      <p>If your plans change, you can create a new listing at any time.</p>
    </OutcomePage>
  );
}
