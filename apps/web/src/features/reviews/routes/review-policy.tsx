/**
 * /review-policy: the public rules of agent reviews, linked from every review list. What it says is
 * what the server does: who may review, the holds, the removal reasons (ReviewRemovalReason) and the reply.
 */
import {
  REVIEW_EDIT_DAYS,
  REVIEW_HOLD_REASON_LABELS,
  REVIEW_INVITATION_DELAY_DAYS,
  REVIEW_REMINDER_DELAY_DAYS,
  REVIEW_REMOVAL_REASON_LABELS,
  REVIEW_SUMMARY_MIN_COUNT,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '@listwise/domain/reviews';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ReviewPolicyRoute() {
  useDocumentTitle('How agent reviews work');
  return (
    <div className="px-5 py-10">
      <PageHeader
        title="How agent reviews work"
        description="Reviews on Listwise come only from sellers who really received an appraisal from the agent through Listwise."
      />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-8 leading-7 text-ink">
        <section aria-labelledby="who" className="flex flex-col gap-2">
          <h2 id="who" className="text-xl font-semibold">
            Who can review
          </h2>
          <p>
            The seller of a property can review each agent whose appraisal they received, once per appraisal. A review of the agent the
            seller sold through is marked “Verified sale” once that agent has confirmed the sale. A review is {REVIEW_TEXT_MIN} to{' '}
            {REVIEW_TEXT_MAX.toLocaleString('en-AU')} characters with 1 to 5 stars, and its writer can edit it for {REVIEW_EDIT_DAYS} days;
            an edited review says so. A review shows the writer’s first name and suburb, never their surname, e-mail, phone or address.
          </p>
        </section>
        <section aria-labelledby="asked" className="flex flex-col gap-2">
          <h2 id="asked" className="text-xl font-semibold">
            Every seller is asked
          </h2>
          <p>
            We e-mail every seller {REVIEW_INVITATION_DELAY_DAYS} days after an appraisal arrives, and again as soon as a sale is confirmed,
            with one reminder {REVIEW_REMINDER_DELAY_DAYS} days later. Agents cannot ask for, choose or pay for reviews.
          </p>
        </section>
        <section aria-labelledby="held" className="flex flex-col gap-2">
          <h2 id="held" className="text-xl font-semibold">
            Reviews we check before they show
          </h2>
          <p>Reviews are published at once, except these, which our team checks first:</p>
          <ul className="list-disc pl-6">
            {Object.values(REVIEW_HOLD_REASON_LABELS).map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
          <p>A public mail provider such as Gmail or Outlook shared with the agent does not count.</p>
        </section>
        <section aria-labelledby="removed" className="flex flex-col gap-2">
          <h2 id="removed" className="text-xl font-semibold">
            Why a review is removed
          </h2>
          <p>Our team removes a review only for one of these reasons, and never for being negative:</p>
          <ul className="list-disc pl-6">
            {Object.values(REVIEW_REMOVAL_REASON_LABELS).map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
          <p>Every decision is recorded, and the writer is e-mailed with the reason.</p>
        </section>
        <section aria-labelledby="agents" className="flex flex-col gap-2">
          <h2 id="agents" className="text-xl font-semibold">
            What agents can do
          </h2>
          <p>
            The agent is told of each review and may publish one reply, which they can edit. An agent may report a review for one of the
            reasons above; a report does not hide it. An agent’s average rating shows once they have {REVIEW_SUMMARY_MIN_COUNT} published
            reviews.
          </p>
        </section>
      </div>
    </div>
  );
}
