/**
 * Stars for agent reviews: a read-only display with its words for screen readers, and the rating input, a React
 * Aria radio group (arrow keys move between 1 and 5 stars, Tab leaves the group), so it works by keyboard.
 */
import { useImperativeHandle, useRef, type Ref } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { REVIEW_RATING_MAX } from '@listwise/domain/review-limits';
import { cx } from '@/components/cx';
import { FieldError } from '@/components/field-error';

const STARS = Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1);

function Star({ isFilled, className }: { isFilled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={cx('size-5', isFilled ? 'text-amber-700' : 'text-line', className)}>
      <path
        fill="currentColor"
        d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z"
        stroke={isFilled ? 'none' : '#64748b'}
        strokeWidth={isFilled ? 0 : 1}
      />
    </svg>
  );
}

export const ratingWords = (rating: number) => `${rating} out of ${REVIEW_RATING_MAX} stars`;

export function StarRatingDisplay({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-0.5', className)} role="img" aria-label={ratingWords(rating)}>
      {STARS.map((star) => (
        <Star key={star} isFilled={star <= Math.round(rating)} />
      ))}
    </span>
  );
}

interface StarRatingInputProps {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
  label?: string;
  /** Focuses the chosen star, else the first: a form moves the focus here when the rating is in error. */
  ref?: Ref<{ focus: () => void }>;
}

export function StarRatingInput({ value, onChange, error, label = 'Your rating', ref }: StarRatingInputProps) {
  const groupRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({
    focus: () => (groupRef.current?.querySelector<HTMLInputElement>('input:checked') ?? groupRef.current?.querySelector('input'))?.focus(),
  }));
  return (
    <RadioGroup
      ref={groupRef}
      value={value ? String(value) : null}
      onChange={(next) => onChange(Number(next))}
      isRequired
      isInvalid={!!error}
      orientation="horizontal"
      className="flex flex-col gap-1.5"
    >
      <Label className="text-sm font-semibold text-ink">
        {label}
        <span aria-hidden="true" className="text-danger">
          {' '}
          *
        </span>
      </Label>
      <div className="flex gap-1">
        {STARS.map((star) => (
          <Radio
            key={star}
            value={String(star)}
            aria-label={ratingWords(star)}
            className={({ isFocusVisible }) =>
              cx(
                'flex size-11 cursor-pointer items-center justify-center rounded-lg',
                isFocusVisible && 'outline-3 outline-offset-2 outline-brand-800',
              )
            }
          >
            <Star isFilled={!!value && star <= value} className="size-8" />
          </Radio>
        ))}
      </div>
      <p className="text-sm text-ink-soft" aria-live="polite">
        {value ? ratingWords(value) : 'Choose from 1 to 5 stars'}
      </p>
      <FieldError message={error} />
    </RadioGroup>
  );
}
