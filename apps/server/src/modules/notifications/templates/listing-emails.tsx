import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/** E-mails of the listing flow (PRODUCT.md 'Notifications'): a new appraisal request to an agent, a seller awaiting verification to admins. */

export function NewAppraisalRequestEmail({
  agentName,
  description,
  link,
}: {
  agentName: string | null;
  description: string;
  link: string;
}) {
  return (
    <EmailLayout heading="New appraisal request">
      <EmailText>Hi {agentName ?? 'there'},</EmailText>
      <EmailText>A seller has asked you to appraise their property: {description}.</EmailText>
      <EmailText>Please send your appraisal within 48 hours, before the request expires.</EmailText>
      <EmailButton href={link}>View the request</EmailButton>
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
