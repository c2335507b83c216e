/** How a seller's property is shown on cards and its page (spec 001 'Seller home'). */
import type { CompleteType, PropertyState } from '@listwise/domain/enums';

/** 'Street Name, Suburb, STATE'. */
export const cardAddress = (p: { streetName: string | null; suburb: { name: string; state: string } | null }): string =>
  [p.streetName, p.suburb?.name, p.suburb?.state.toUpperCase()].filter(Boolean).join(', ');

/** The full street address for the property page: '3/12 Smith Street, Bondi NSW 2026'. */
export const fullAddress = (p: {
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  suburb: { name: string; state: string; postcode?: string } | null;
}): string => {
  const number = p.streetNumber ? `${p.unitNumber ? `${p.unitNumber}/` : ''}${p.streetNumber} ` : '';
  const street = p.streetName ? `${number}${p.streetName}` : '';
  const suburb = p.suburb ? [p.suburb.name, p.suburb.state.toUpperCase(), p.suburb.postcode].filter(Boolean).join(' ') : '';
  return [street, suburb].filter(Boolean).join(', ');
};

export const isSoldUnconditionally = (p: { state: PropertyState; completeType: CompleteType | null }) =>
  p.state === 'COMPLETE' && p.completeType === 'SOLD_UNCONDITIONALLY';

export type BadgeTone = 'sold' | 'off-market' | 'appraisals' | 'waiting';

/**
 * The card badge: 'Sold' (sold unconditionally), 'Off market' (decided not to sell or not to use Listwise),
 * '{n} Appraisals', '1 Appraisal' or 'Waiting for appraisals' while active.
 */
export function propertyBadge(p: { state: PropertyState; completeType: CompleteType | null; appraisalCount: number }): {
  label: string;
  tone: BadgeTone;
} {
  if (p.state === 'COMPLETE')
    return isSoldUnconditionally(p) ? { label: 'Sold', tone: 'sold' } : { label: 'Off market', tone: 'off-market' };
  if (p.appraisalCount > 1) return { label: `${p.appraisalCount} Appraisals`, tone: 'appraisals' };
  if (p.appraisalCount === 1) return { label: '1 Appraisal', tone: 'appraisals' };
  return { label: 'Waiting for appraisals', tone: 'waiting' };
}
