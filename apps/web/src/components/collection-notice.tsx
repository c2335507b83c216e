/**
 * The collection notice (APP 5): on every form that collects personal information, a short note of what
 * is collected, why, who receives it, and a link to the privacy policy. One component, so the notices say the same
 * things the same way; each form names what it collects with `purpose`.
 */
import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { cx } from '@/components/cx';
import { textLinkClasses } from '@/components/text-link';

export type CollectionPurpose = 'listing' | 'seller-account' | 'agent-signup' | 'profile' | 'agent-profile' | 'bank-details';

const NOTICES: Record<CollectionPurpose, { what: string; why: string; who: string }> = {
  listing: {
    what: 'your name, email, mobile number, the property’s address and the details and photos you add',
    why: 'to create your account and ask agents for appraisals',
    who: `the agents you choose (your street, photos and notes only once they accept our ${LEAD_FEE_NAME} terms; your mobile number only with an agent you ask for an appointment)`,
  },
  'seller-account': {
    what: 'your mobile number and a password',
    why: 'to secure your account and, if you ask an agent for an appointment, so that agent can call you to arrange it',
    who: 'only an agent you ask for an appointment (agents who appraise your property without one never see it)',
  },
  'agent-signup': {
    what: 'your email, name, mobile number, licence and card',
    why: `to create your agent account, check your licence and take your subscription and ${LEAD_FEE_NAME} payments`,
    who: 'sellers who receive your appraisals, and our payment provider (Stripe), which holds your card',
  },
  profile: {
    what: 'your name, email and mobile number',
    why: 'to run your account and let the agents you choose contact you',
    who: 'the agents you ask for an appraisal or an appointment',
  },
  'agent-profile': {
    what: 'your name, email, mobile number, photo and agency details',
    why: 'to run your account and show sellers who is appraising their property',
    who: 'sellers who receive your appraisals, and anyone who sees your public profile if you turn it on',
  },
  'bank-details': {
    what: 'your account name, BSB and account number',
    why: 'only to pay your cashback once the agent confirms the sale',
    who: 'our bank, to make the payment; we store them encrypted and never show them in full',
  },
};

export function CollectionNotice({ purpose, className }: { purpose: CollectionPurpose; className?: string }) {
  const notice = NOTICES[purpose];
  return (
    <aside
      aria-label="How we use your information"
      className={cx('rounded-lg bg-slate-50 px-4 py-3 text-sm leading-6 text-ink-soft', className)}
    >
      <p>
        <strong className="font-semibold text-ink">Your information:</strong> we collect {notice.what} {notice.why}. We share it with{' '}
        {notice.who}. You can see, download or delete it in Profile Settings. Read our{' '}
        <a href="/terms-and-conditions?tab=privacy" target="_blank" rel="noreferrer" className={textLinkClasses}>
          privacy policy
        </a>{' '}
        for more, including how to complain.
      </p>
    </aside>
  );
}
