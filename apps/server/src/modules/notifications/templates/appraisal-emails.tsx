import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/** E-mails of the appraisal loop (PRODUCT.md 'Notifications'): to agents about requests, to sellers about appraisals. */

export function AppraisalRequestReminderEmail({ address, hoursLeft, link }: { address: string; hoursLeft: number; link: string }) {
  return (
    <EmailLayout heading="An appraisal request is about to expire">
      <EmailText>
        The seller of {address} is still waiting for your appraisal. The request expires in about {hoursLeft} hours.
      </EmailText>
      <EmailButton href={link}>Appraise property</EmailButton>
    </EmailLayout>
  );
}

export function AppraisalRequestExpiredEmail({ address, link }: { address: string; link: string }) {
  return (
    <EmailLayout heading="An appraisal request has expired">
      <EmailText>
        The appraisal request for {address} expired before an appraisal was sent, so the seller can no longer receive one from you.
      </EmailText>
      <EmailText>New requests from sellers in your suburbs arrive on your Listwise home page.</EmailText>
      <EmailButton href={link}>View my requests</EmailButton>
    </EmailLayout>
  );
}

export function AppraisalReceivedEmail({ agentName, address, link }: { agentName: string; address: string; link: string }) {
  return (
    <EmailLayout heading="You have received an appraisal">
      <EmailText>
        {agentName} has sent you an appraisal for {address}, with an estimated selling range, fees and comparable sales.
      </EmailText>
      <EmailButton href={link}>Read the appraisal</EmailButton>
    </EmailLayout>
  );
}

export function AllAppraisalRequestsSettledEmail({
  address,
  appraisalCount,
  link,
}: {
  address: string;
  appraisalCount: number;
  link: string;
}) {
  const received = appraisalCount === 1 ? '1 appraisal' : `${appraisalCount} appraisals`;
  return (
    <EmailLayout heading="All your agents have responded">
      <EmailText>
        Every agent you asked about {address} has now answered or their request has expired. You received {received}.
      </EmailText>
      <EmailButton href={link}>View my property</EmailButton>
    </EmailLayout>
  );
}

export function AppraisalRequestDeclinedEmail({
  agentName,
  reason,
  address,
  link,
}: {
  agentName: string;
  reason: string;
  address: string;
  link: string;
}) {
  return (
    <EmailLayout heading={`${agentName} cannot appraise your property`}>
      <EmailText>
        {agentName} has declined your appraisal request for {address}, so you need not wait for their answer. The reason they gave: “
        {reason}”.
      </EmailText>
      <EmailText>Other agents serve your suburb on Listwise: you can ask them from your property page.</EmailText>
      <EmailButton href={link}>Ask another agent</EmailButton>
    </EmailLayout>
  );
}
