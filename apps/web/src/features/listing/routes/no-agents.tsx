/**
 * /new-property/no-agents — 'We are working to find agents in your local area' (spec 001 §2): the listing went out
 * with no agent to send it to yet. A seller awaiting verification also learns that ownership is being checked.
 */
import { ButtonLink } from '@/components/button';
import { VerificationPendingNotice } from '@/components/verification-pending-notice';
import { useCurrentUser } from '@/lib/current-user';
import { WizardPage } from '@/features/listing/components/wizard-page';

export default function NoAgentsRoute() {
  const [{ data }] = useCurrentUser();
  const isPending = !!data?.me?.sellerProfile && data.me.sellerProfile.status !== 'APPROVED';
  return (
    <WizardPage
      centered
      title="We are working to find agents in your local area"
      description="No Listwise agent covers your suburb yet. Your property is saved, and we will let you know as soon as local agents can appraise it."
    >
      <div className="flex flex-col items-center gap-6">
        {isPending && <VerificationPendingNotice headingLevel={2} />}
        <ButtonLink to="/">Go to My Properties</ButtonLink>
      </div>
    </WizardPage>
  );
}
