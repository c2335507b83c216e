import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '@/features/auth/components/legal-document';

describe('fillPlaceholders', () => {
  it('puts setting values into the legal text, and a neutral phrase while they load', () => {
    const text = 'a referral fee of {{leadFee}} is payable';
    expect(fillPlaceholders(text, { leadFee: '$1,000 plus GST ($1,100 in total)' }, 'the fee')).toBe(
      'a referral fee of $1,000 plus GST ($1,100 in total) is payable',
    );
    expect(fillPlaceholders(text, {}, 'the fee set by Listwise')).toBe('a referral fee of the fee set by Listwise is payable');
  });
});
