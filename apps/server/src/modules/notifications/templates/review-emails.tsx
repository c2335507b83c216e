import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

/**
 * E-mails of agent reviews (modules/reviews): the seller's invitation and its one reminder, the agent told of a
 * review, and the reviewer told of an operator's decision. Review and reply texts are rendered by React as text,
 * so markup in them arrives inert.
 */

export function ReviewInvitationEmail({
  agentName,
  suburbName,
  isSale,
  isReminder,
  link,
}: {
  agentName: string;
  suburbName: string;
  isSale: boolean;
  isReminder: boolean;
  link: string;
}) {
  const subject = isSale ? `your sale in ${suburbName} with ${agentName}` : `${agentName}'s appraisal of your property in ${suburbName}`;
  return (
    <EmailLayout heading={isReminder ? `A reminder: how was ${agentName}?` : `How was ${agentName}?`}>
      <EmailText>
        Tell other sellers about {subject}. Listwise asks every seller who received an appraisal; agents cannot choose who is asked, and
        reviews are never removed for being negative.
      </EmailText>
      <EmailText>Your review shows your first name and suburb only.</EmailText>
      <EmailButton href={link}>Review {agentName}</EmailButton>
      {isReminder ? null : <EmailText>If you have not reviewed by then, we will remind you once in 7 days.</EmailText>}
    </EmailLayout>
  );
}

export function NewAgentReviewEmail({ rating, text, link }: { rating: number; text: string; link: string }) {
  return (
    <EmailLayout heading="A seller has reviewed you">
      <EmailText>
        {rating} out of 5 stars: “{text}”
      </EmailText>
      <EmailText>You may publish one reply, which you can edit later, and report a review that breaks the review policy.</EmailText>
      <EmailButton href={link}>See the review</EmailButton>
    </EmailLayout>
  );
}

export function ReviewModeratedEmail({
  agentName,
  isPublished,
  reasonLabel,
  policyLink,
  editLink = null,
}: {
  agentName: string;
  isPublished: boolean;
  reasonLabel: string | null;
  policyLink: string;
  /** Offered when the writer can mend the review: their edit goes back to our team. */
  editLink?: string | null;
}) {
  return (
    <EmailLayout heading={isPublished ? `Your review of ${agentName} is published` : `Your review of ${agentName} was removed`}>
      {isPublished ? (
        <EmailText>Our team has checked your review and it now shows to other sellers. Thank you for writing it.</EmailText>
      ) : (
        <EmailText>Our team removed your review under the review policy. The reason: {reasonLabel}.</EmailText>
      )}
      {editLink && (
        <>
          <EmailText>
            You can still edit your review: change what the reason names, keep your rating and your opinion, and save it. Our team checks it
            again before it shows.
          </EmailText>
          <EmailButton href={editLink}>Edit my review</EmailButton>
        </>
      )}
      <EmailButton href={policyLink}>Read the review policy</EmailButton>
    </EmailLayout>
  );
}

/** An operator took an agent's reply down: the reason from the policy, and where to write it again. */
export function ReplyRemovedEmail({
  reasonLabel,
  repliesLink,
  policyLink,
}: {
  reasonLabel: string;
  repliesLink: string;
  policyLink: string;
}) {
  return (
    <EmailLayout heading="Your reply to a review was taken down">
      <EmailText>Our team took your reply to a review down under the review policy. The reason: {reasonLabel}.</EmailText>
      <EmailText>
        You can write a new reply on your reviews page. Replies never name the reviewer beyond their first name, or give their address,
        phone number or e-mail.
      </EmailText>
      <EmailButton href={repliesLink}>My reviews</EmailButton>
      <EmailButton href={policyLink}>Read the review policy</EmailButton>
    </EmailLayout>
  );
}
