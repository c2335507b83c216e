/**
 * The card modal (spec 000 §4 'Card setup'): opening it creates a setup intent; a saved card closes it. Shared by
 * the agent sign-up payment step, profile settings and the payment-condition modal.
 */
import { ModalDialog } from '@/components/dialog';
import { CardForm } from './card-form';
import type { PaymentMethod } from './payment-api';

interface CardModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The agent's name, used as the billing name. */
  billingName: string;
  onSaved?: (method: PaymentMethod) => void;
  title?: string;
}

export function CardModal({ isOpen, onOpenChange, billingName, onSaved, title = 'Add New Card' }: CardModalProps) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} isDismissable={false}>
      {/* Mounted only while open, so each opening starts with a fresh setup intent. */}
      {isOpen && (
        <CardForm
          billingName={billingName}
          onCancel={() => onOpenChange(false)}
          onSaved={(method) => {
            onSaved?.(method);
            onOpenChange(false);
          }}
        />
      )}
    </ModalDialog>
  );
}
