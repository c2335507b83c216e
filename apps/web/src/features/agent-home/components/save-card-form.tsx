/**
 * Card entry inside the payment-condition modal. TODO(payments): render the shared card form of
 * components/payments once it lands; until then the agent is pointed to where cards are saved.
 */
import { TextLink } from '@/components/text-link';

export function SaveCardForm({ onSaved }: { onSaved: () => void }) {
  void onSaved;
  return (
    <p className="text-sm leading-6 text-ink-soft">
      You are missing a default payment method. Add a card in <TextLink to="/agent/profile-settings">Profile Settings</TextLink>, then come
      back.
    </p>
  );
}
