/**
 * The agent's reply under a review to moderate: a held reply is published or taken down, a published one can be
 * taken down; the agent is e-mailed a removal's reason and each decision goes in the audit log.
 */
import { REVIEW_HOLD_REASON_LABELS } from '@listwise/domain/reviews';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useModerateReviewReply, type ReviewToModerate } from '@/features/admin/reviews/api';
import { RemoveWithReason } from '@/features/admin/reviews/remove-with-reason';
import { ConfirmAction, Pill } from '@/features/admin/shared/admin-ui';

const REPLY_STATUS = {
  HELD: <Pill tone="warn">Reply held</Pill>,
  PUBLISHED: <Pill tone="good">Reply published</Pill>,
  REMOVED: <Pill>Reply taken down</Pill>,
} as const;

export function ReviewReply({ review, agentName, onDecided }: { review: ReviewToModerate; agentName: string; onDecided: () => void }) {
  const [, moderate] = useModerateReviewReply();
  const reply = review.reply;
  if (!reply) return null;
  const isHeld = reply.status === 'HELD';
  return (
    <section aria-label={`Reply from ${agentName}`} className="flex flex-col gap-3 rounded-lg border border-line p-3 md:p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="font-semibold text-ink">Reply from {agentName}</h4>
        {REPLY_STATUS[reply.status]}
      </div>
      <p className="leading-7 break-words whitespace-pre-line text-ink">{reply.text}</p>
      {reply.holdReasons.length > 0 && (
        <div className="text-sm text-ink-soft">
          <p className="font-semibold text-ink">Why the reply was held</p>
          <ul className="list-disc pl-5">
            {reply.holdReasons.map((reason) => (
              <li key={reason}>{REVIEW_HOLD_REASON_LABELS[reason]}</li>
            ))}
          </ul>
        </div>
      )}
      {reply.status !== 'REMOVED' && (
        <div className="flex flex-wrap gap-2">
          {isHeld && (
            <ConfirmAction
              label="Publish reply"
              title={`Publish ${agentName}'s reply?`}
              confirmLabel="Publish reply"
              variant="primary"
              onConfirm={async () => {
                const result = await moderate({ reviewId: review.id, publish: true });
                if (result.error) return errorMessage(result.error);
                showToast('The reply is published under the review.', { tone: 'success' });
                onDecided();
                return null;
              }}
            >
              The reply shows under the review on {agentName}&apos;s reviews at once.
            </ConfirmAction>
          )}
          <RemoveWithReason
            label="Take reply down"
            title={`Take ${agentName}'s reply down?`}
            confirmLabel="Take reply down"
            told="The agent"
            requiredMessage="Choose the reason for taking the reply down"
            onRemove={async (reason) => {
              const result = await moderate({ reviewId: review.id, publish: false, reason });
              if (result.error) return errorMessage(result.error);
              showToast(`The reply was taken down; ${agentName} has been e-mailed the reason.`, { tone: 'success' });
              onDecided();
              return null;
            }}
          />
        </div>
      )}
    </section>
  );
}
