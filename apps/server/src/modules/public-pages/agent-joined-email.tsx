import { EmailButton, EmailLayout, EmailText } from '../notifications/templates/layout.tsx';

/** The one e-mail of 'Tell me when an agent joins'. */
export function AgentJoinedSuburbEmail(props: { suburbName: string; pageLink: string; startLink: string }) {
  return (
    <EmailLayout heading={`An agent now serves ${props.suburbName}`}>
      <EmailText>
        You asked us to tell you when an agent joins Listwise in {props.suburbName}. One has: list your property to ask them for a free
        appraisal. The suburb&apos;s page shows the profiles agents there have made public.
      </EmailText>
      <EmailButton href={props.pageLink}>See agents in {props.suburbName}</EmailButton>
      <EmailText>
        Or start your listing now: <a href={props.startLink}>{props.startLink}</a>
      </EmailText>
      <EmailText>This is the only e-mail we send about it: your address is not kept on a mailing list, and nothing more follows.</EmailText>
    </EmailLayout>
  );
}
