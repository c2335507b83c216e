/**
 * Taking a review or an agent's reply down: only for a reason of the published review policy, never for being
 * negative; the writer is e-mailed the reason and the decision goes in the audit log.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { REVIEW_POLICY_PATH, REVIEW_REMOVAL_REASON_LABELS, ReviewRemovalReason } from '@listwise/domain/reviews';
import { Choice, ChoiceGroup } from '@/components/form-fields';
import { TextLink } from '@/components/text-link';
import { ConfirmAction } from '@/features/admin/shared/admin-ui';

const REMOVAL_REASONS = Object.values(ReviewRemovalReason);

interface RemoveWithReasonProps {
  label: string;
  title: string;
  confirmLabel: string;
  /** Who is e-mailed the reason ('The reviewer', 'The agent'). */
  told: string;
  /** Shown when no reason is chosen. */
  requiredMessage: string;
  /** Resolves with the server's error message, or null when done. */
  onRemove: (reason: ReviewRemovalReason) => Promise<string | null>;
}

export function RemoveWithReason({ label, title, confirmLabel, told, requiredMessage, onRemove }: RemoveWithReasonProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(z.object({ reason: z.enum(REMOVAL_REASONS, { error: requiredMessage }) })) });
  return (
    <ConfirmAction
      label={label}
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={async () => {
        // Stays open (false) until a reason is chosen: the group shows why.
        let answer: string | null | false = false;
        await handleSubmit(async ({ reason }) => {
          answer = await onRemove(reason);
        })();
        return answer;
      }}
    >
      <div className="flex flex-col gap-4">
        <p>
          Take it down only for a reason of the{' '}
          <TextLink to={REVIEW_POLICY_PATH} reloadDocument>
            published policy
          </TextLink>
          , never for being negative. {told} is e-mailed the reason, and the decision goes in the audit log.
        </p>
        <ChoiceGroup legend="Reason for taking it down" required layout="column" error={errors.reason?.message}>
          {REMOVAL_REASONS.map((value) => (
            <Choice key={value} type="radio" value={value} label={REVIEW_REMOVAL_REASON_LABELS[value]} {...register('reason')} />
          ))}
        </ChoiceGroup>
      </div>
    </ConfirmAction>
  );
}
