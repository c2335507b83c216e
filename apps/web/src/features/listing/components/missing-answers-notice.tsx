/**
 * What publishing still needs (select-agents): the catalogue message, then each step with its missing answers
 * and a link to answer them there (the step returns here once saved, the chosen agents kept).
 */
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import type { AnswerStep } from '@listwise/domain/question-requirements';
import { TextLink } from '@/components/text-link';
import { stepPathForMissingAnswer } from '@/features/listing/lib/resume-publishing';
import { WIZARD_STEPS } from '@/features/listing/lib/wizard-flow';

export function MissingAnswersNotice({ groups, id }: { groups: { step: AnswerStep; labels: string[] }[]; id?: string }) {
  if (groups.length === 0) return null;
  return (
    <div id={id} role="alert" className="flex flex-col gap-3 rounded-lg border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-ink">
      <p className="font-semibold text-danger">{ERROR_MESSAGES.required_questions_not_answered}</p>
      <ul className="flex flex-col gap-2">
        {groups.map(({ step, labels }) => (
          <li key={step} className="flex flex-col gap-1">
            <span>
              <span className="font-semibold">{WIZARD_STEPS[step].title}:</span> {labels.join(', ')}
            </span>
            <TextLink to={stepPathForMissingAnswer(step)} className="self-start">
              Answer in step {WIZARD_STEPS[step].number}, {WIZARD_STEPS[step].title}
            </TextLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
