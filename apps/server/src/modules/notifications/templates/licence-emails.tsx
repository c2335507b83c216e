import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/** E-mails about an agent's state licence (issues 12 and 23): the operator's decision on it. */

export function LicenceVerifiedEmail(props: { agentName: string | null; number: string; state: string; link: string }) {
  return (
    <EmailLayout heading="Your licence is verified">
      <EmailText>Hi {props.agentName ?? 'there'},</EmailText>
      <EmailText>
        We checked your {props.state} licence {props.number} on the state&apos;s public register. Sellers now see &lsquo;Licence
        verified&rsquo; beside your name when they choose agents and read your appraisals.
      </EmailText>
      <EmailButton href={props.link}>View my licence</EmailButton>
    </EmailLayout>
  );
}

export function LicenceRejectedEmail(props: { agentName: string | null; number: string; state: string; reason: string; link: string }) {
  return (
    <EmailLayout heading="We could not verify your licence">
      <EmailText>Hi {props.agentName ?? 'there'},</EmailText>
      <EmailText>
        We checked your {props.state} licence {props.number} on the state&apos;s public register and could not verify it: {props.reason}
      </EmailText>
      <EmailText>Correct the number or state in your profile settings and save it: we check it again.</EmailText>
      <EmailButton href={props.link}>Correct my licence</EmailButton>
    </EmailLayout>
  );
}
