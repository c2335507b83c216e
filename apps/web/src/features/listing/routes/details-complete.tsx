/**
 * /new-property/details-complete — 'Property Saved' (spec 001 §2): the listing is saved; next, choose agents.
 * Without a draft there is nothing saved to choose agents for: the seller goes back to the address step.
 */
import { ButtonLink } from '@/components/button';
import { DraftGate } from '@/features/listing/components/draft-gate';
import { WizardPage } from '@/features/listing/components/wizard-page';
import { WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';

export default function DetailsCompleteRoute() {
  return (
    <DraftGate>
      {() => (
        <WizardPage
          centered
          title="Property Saved"
          description="Your property details are saved. Now choose up to 5 local agents to appraise it: they respond within 48 hours."
        >
          <ButtonLink to={WIZARD_PATHS.selectAgents}>Continue</ButtonLink>
        </WizardPage>
      )}
    </DraftGate>
  );
}
