import { CARD_BRAND_LABELS } from '@listwise/domain/payments';
import { cx } from '@/components/cx';
import type { PaymentMethod } from './payment-api';

/** 'Visa ending in 4242' with a small card mark. */
export function CardSummary({ method, className }: { method: Pick<PaymentMethod, 'cardBrand' | 'cardSuffix'>; className?: string }) {
  const brand = CARD_BRAND_LABELS[method.cardBrand] ?? method.cardBrand.toUpperCase();
  return (
    <span className={cx('inline-flex items-center gap-2 text-ink', className)}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        className="size-5 shrink-0 text-brand-800"
        aria-hidden="true"
      >
        <rect x="2.5" y="5" width="19" height="14" rx="2" />
        <path d="M2.5 10h19" />
      </svg>
      <span>
        <span className="font-semibold">{brand}</span> ending in <span className="font-semibold">{method.cardSuffix}</span>
      </span>
    </span>
  );
}
