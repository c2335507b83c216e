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

/**
 * An agent declined. The e-mail says only what is so: whether an agent serving the suburb may still be asked (else
 * that the seller can ask to be told when one joins), and, when this was the last request outstanding, that no
 * other answer is on its way (so the 'all responded' e-mail is not sent beside it).
 */
export function AppraisalRequestDeclinedEmail({
  agentName,
  reason,
  address,
  link,
  othersToAsk,
  appraisalsReceived,
}: {
  agentName: string;
  reason: string;
  address: string;
  link: string;
  /** Agents serving the suburb the seller has not asked and may still ask. */
  othersToAsk: number;
  /** Appraisals received, when no request is left outstanding; null while other agents are still answering. */
  appraisalsReceived: number | null;
}) {
  return (
    <EmailLayout heading={`${agentName} cannot appraise your property`}>
      <EmailText>
        {agentName} has declined your appraisal request for {address}, so you need not wait for their answer. The reason they gave: “
        {reason}”.
      </EmailText>
      {appraisalsReceived !== null && (
        <EmailText>
          Every agent you asked has now answered or their request has expired. You received{' '}
          {appraisalsReceived === 1 ? '1 appraisal' : `${appraisalsReceived} appraisals`}.
        </EmailText>
      )}
      {othersToAsk > 0 ? (
        <>
          <EmailText>
            {othersToAsk === 1 ? 'Another agent serves' : `${othersToAsk} other agents serve`} your suburb on Listwise and can be asked from
            your property page.
          </EmailText>
          <EmailButton href={link}>Ask another agent</EmailButton>
        </>
      ) : (
        <>
          <EmailText>
            No other agent you can ask serves your suburb on Listwise at the moment. On your property page you can ask us to e-mail you when
            one joins.
          </EmailText>
          <EmailButton href={link}>View my property</EmailButton>
        </>
      )}
    </EmailLayout>
  );
}

/** 'E-mail me when an agent joins', left on a listing's page: the one e-mail, leading to where one tap asks them. */
export function AgentJoinedForListingEmail(props: { suburbName: string; address: string; agentCount: number; link: string }) {
  return (
    <EmailLayout heading={`An agent now serves ${props.suburbName}`}>
      <EmailText>
        You asked us to tell you when an agent you can ask about {props.address} joins Listwise.{' '}
        {props.agentCount === 1 ? 'One has' : `${props.agentCount} have`}: you can ask for a free appraisal from your property page.
      </EmailText>
      <EmailButton href={props.link}>Ask the new agent</EmailButton>
      <EmailText>This is the only e-mail we send about it.</EmailText>
    </EmailLayout>
  );
}
