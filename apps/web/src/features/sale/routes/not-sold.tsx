/** /property/{propertyId}/not-sold: 'Thanks for your feedback' after the seller decided not to sell or not to use Listwise. */
import { useParams } from 'react-router';
import { HeartIcon, OutcomePage } from '@/features/sale/components/outcome-page';

export default function NotSoldRoute() {
  const { propertyId = '' } = useParams();
  return (
    <OutcomePage title="Thanks for your feedback" propertyId={propertyId} icon={<HeartIcon />}>
      <p>We have taken your property off the market. Agents who have not sent an appraisal yet will no longer be asked for one.</p>
      <p>If your plans change, you can create a new listing at any time.</p>
    </OutcomePage>
  );
}
