/**
 * The homepage's address box: the first thing a seller types. It hands the text to the listing wizard's address
 * step (lib/handed-address.ts), which looks it up and lets the seller confirm it, so the homepage carries no search
 * or validation code of its own (and stays light). An empty box simply opens the address step.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { handAddressTo, LISTING_ADDRESS_STEP_PATH } from '@/lib/handed-address';

export function AddressStartForm({ className }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [address, setAddress] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = address.trim();
    navigate(LISTING_ADDRESS_STEP_PATH, typed ? { state: handAddressTo(typed) } : undefined);
  };

  return (
    <form onSubmit={onSubmit} aria-label="Start your listing" className={cx('flex flex-col gap-2', className)}>
      <label htmlFor={`${id}-address`} className="text-base font-semibold text-white">
        Your property&apos;s address
      </label>
      <div className="flex flex-col gap-3 md:flex-row">
        <input
          id={`${id}-address`}
          type="text"
          name="address"
          autoComplete="street-address"
          placeholder="e.g. 12 Campbell Parade, Bondi"
          value={address}
          maxLength={300}
          onChange={(event) => setAddress(event.target.value)}
          className={cx(inputClasses(false), 'min-h-12 flex-1 text-lg focus-visible:outline-white')}
        />
        <button
          type="submit"
          className="inline-flex min-h-12 shrink-0 items-center justify-center rounded-lg bg-white px-6 text-base font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Get free appraisals
        </button>
      </div>
    </form>
  );
}
