/** /new-property/request-sent — 'Request Sent!' (spec 001 §2): the chosen agents have the request. */
import { ButtonLink } from '@/components/button';
import { WizardPage } from '@/features/listing/components/wizard-page';

export default function RequestSentRoute() {
  return (
    <WizardPage
      centered
      title="Request Sent!"
      description="Your appraisal request is on its way to the agents you chose. Agents respond within 48 hours (2 business days, longer in holidays), and we will e-mail you as each appraisal arrives."
    >
      <ButtonLink to="/">Go to My Properties</ButtonLink>
    </WizardPage>
  );
}
