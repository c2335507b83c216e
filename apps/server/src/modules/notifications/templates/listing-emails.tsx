import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { SELLER_REJECTION_NEXT_STEPS } from '@listwise/domain/seller-verification';
import { EmailButton, EmailLayout, EmailGreeting, EmailText } from './layout.tsx';

/**
 * E-mails of the listing flow (PRODUCT.md 'Notifications'): a new appraisal request to an agent, a seller awaiting
 * verification to admins, and a rejected verification to the seller.
 */

export function NewAppraisalRequestEmail({
  agentName,
  description,
  link,
  vendorDisclosure,
}: {
  agentName: string | null;
  description: string;
  link: string;
  /** Ready wording to disclose the lead fee to the vendor (`leadFeeVendorDisclosure`). */
  vendorDisclosure: string;
}) {
  return (
    <EmailLayout heading="New appraisal request">
      <EmailGreeting name={agentName} />
      <EmailText>A seller has asked you to appraise their property: {description}.</EmailText>
      <EmailText>Please send your appraisal within 48 hours, before the request expires.</EmailText>
      <EmailButton href={link}>View the request</EmailButton>
      <EmailText>
        Disclosing the {LEAD_FEE_NAME}: in NSW, Queensland and South Australia the law requires you to tell the vendor about the{' '}
        {LEAD_FEE_NAME} you pay Listwise. You can use or adapt this wording:
      </EmailText>
      <EmailText>“{vendorDisclosure}”</EmailText>
    </EmailLayout>
  );
}

export function SellerAwaitingVerificationEmail({
  sellerName,
  sellerEmail,
  description,
  agentCount,
  link,
}: {
  sellerName: string | null;
  sellerEmail: string | null;
  description: string;
  agentCount: number;
  link: string;
}) {
  const agents = agentCount === 1 ? '1 agent is' : `${agentCount} agents are`;
  return (
    <EmailLayout heading="A seller is awaiting verification">
      <EmailText>
        {sellerName ?? 'A seller'} ({sellerEmail ?? 'no e-mail'}) published a property ({description}) and said they are not its owner.
      </EmailText>
      <EmailText>
        {agentCount > 0
          ? `${agents} waiting for their appraisal request until the seller is approved.`
          : 'No agent serves this suburb yet, so the seller also needs agents found for them.'}
      </EmailText>
      <EmailButton href={link}>Open the admin console</EmailButton>
    </EmailLayout>
  );
}

/** To a seller an operator could not verify: the reason, what to do next, and the listing that waits. */
export function SellerVerificationRejectedEmail({
  sellerName,
  address,
  reason,
  link,
}: {
  sellerName: string | null;
  address: string | null;
  reason: string;
  link: string;
}) {
  return (
    <EmailLayout heading="We could not verify your listing">
      <EmailGreeting name={sellerName} />
      <EmailText>
        You told us you are not the owner of {address ?? 'the property you listed'}, so we check that you may sell it before the agents you
        chose receive your appraisal request. We could not verify this listing:
      </EmailText>
      <EmailText>&ldquo;{reason}&rdquo;</EmailText>
      <EmailText>{SELLER_REJECTION_NEXT_STEPS}</EmailText>
      <EmailButton href={link}>Send proof</EmailButton>
    </EmailLayout>
  );
}

/** The listing-verification outcome when it is good: the held requests have gone out (or none could). */
export function SellerVerificationApprovedEmail({
  sellerName,
  address,
  agentsAsked,
  link,
}: {
  sellerName: string | null;
  address: string | null;
  agentsAsked: number;
  link: string;
}) {
  return (
    <EmailLayout heading="Your listing is verified">
      <EmailGreeting name={sellerName} />
      <EmailText>We have verified that you may sell {address ?? 'the property you listed'}.</EmailText>
      <EmailText>
        {agentsAsked === 0
          ? 'None of the agents you chose serves your suburb any more, so no request has gone out. You can ask other agents from your property page.'
          : `${agentsAsked === 1 ? 'The agent you chose has' : `The ${agentsAsked} agents you chose have`} now received your appraisal request. Appraisals should arrive within 48 hours.`}
      </EmailText>
      <EmailButton href={link}>View my property</EmailButton>
    </EmailLayout>
  );
}

/** To each agent asked (request still open or appraisal sent) once the seller has changed the published listing. */
export function ListingUpdatedEmail({ agentName, description, link }: { agentName: string | null; description: string; link: string }) {
  return (
    <EmailLayout heading="A listing you were asked to appraise has changed">
      <EmailGreeting name={agentName} />
      <EmailText>The seller has updated the details of their property: {description}.</EmailText>
      <EmailText>Please check the latest details before you send or discuss your appraisal.</EmailText>
      <EmailButton href={link}>View the request</EmailButton>
    </EmailLayout>
  );
}

/** To each agent whose request was still open, or who had sent an appraisal, when the seller withdraws the listing. */
export function ListingWithdrawnEmail({
  agentName,
  description,
  wasPending,
}: {
  agentName: string | null;
  description: string;
  wasPending: boolean;
}) {
  return (
    <EmailLayout heading="A listing has been withdrawn">
      <EmailGreeting name={agentName} />
      <EmailText>The seller has withdrawn their property from Listwise: {description}.</EmailText>
      <EmailText>
        {wasPending
          ? 'Your appraisal request is no longer required, and nothing more is needed from you.'
          : 'Thank you for your appraisal; the seller will not go ahead with this listing for now.'}
      </EmailText>
    </EmailLayout>
  );
}
