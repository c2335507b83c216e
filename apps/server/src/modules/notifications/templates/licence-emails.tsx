import { formatCalendarDate } from '@listwise/domain/format';
import { EmailButton, EmailLayout, EmailGreeting, EmailText } from './layout.tsx';

/** E-mails about an agent's state licence: the operator's decision on it. */

export function LicenceVerifiedEmail(props: { agentName: string | null; number: string; state: string; link: string }) {
  return (
    <EmailLayout heading="Your licence is verified">
      <EmailGreeting name={props.agentName} />
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
      <EmailGreeting name={props.agentName} />
      <EmailText>
        We checked your {props.state} licence {props.number} on the state&apos;s public register and could not verify it: {props.reason}
      </EmailText>
      <EmailText>Correct the number or state in your profile settings and save it: we check it again.</EmailText>
      <EmailButton href={props.link}>Correct my licence</EmailButton>
    </EmailLayout>
  );
}

/** 30 and 7 days before the licence's expiry date: renew it, and enter the renewed one. */
export function LicenceExpiryReminderEmail(props: {
  agentName: string | null;
  number: string;
  state: string;
  expiresOn: string;
  daysLeft: number;
  link: string;
}) {
  const when = props.daysLeft === 0 ? 'today' : props.daysLeft === 1 ? 'tomorrow' : `in ${props.daysLeft} days`;
  return (
    <EmailLayout heading="Your licence expires soon">
      <EmailGreeting name={props.agentName} />
      <EmailText>
        Your {props.state} licence {props.number} expires {when}, on {formatCalendarDate(props.expiresOn)}.
      </EmailText>
      <EmailText>
        Once it has expired, sellers no longer see &lsquo;Licence verified&rsquo; beside your name and no new appraisal requests reach you
        (your suburbs keep their place) until we have verified your renewed licence. Renew it with the state, then enter its new expiry date
        in your profile settings so we can check it in time.
      </EmailText>
      <EmailButton href={props.link}>Update my licence</EmailButton>
    </EmailLayout>
  );
}

/** An operator suspended the agent: why, and what it means. */
export function AgentSuspendedEmail(props: { agentName: string | null; reason: string }) {
  return (
    <EmailLayout heading="Your agent account is suspended">
      <EmailGreeting name={props.agentName} />
      <EmailText>Our team has suspended your Listwise agent account. The reason: {props.reason}</EmailText>
      <EmailText>
        While it is suspended, no new appraisal requests reach you and sellers do not see your profile. Requests you already have stay open,
        and your suburbs keep their place. Reply to this e-mail or contact Listwise support to resolve it.
      </EmailText>
    </EmailLayout>
  );
}

export function AgentSuspensionLiftedEmail(props: { agentName: string | null; link: string }) {
  return (
    <EmailLayout heading="Your agent account is active again">
      <EmailGreeting name={props.agentName} />
      <EmailText>
        Our team has lifted the suspension of your Listwise agent account. Sellers see your profile again and new appraisal requests reach
        you as before.
      </EmailText>
      <EmailButton href={props.link}>Open Listwise</EmailButton>
    </EmailLayout>
  );
}
