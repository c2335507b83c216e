import { describe, expect, it } from 'vitest';
import { abaProcessingDate } from './aba-file.ts';

describe('abaProcessingDate', () => {
  it('is today on a business day', () => {
    expect(abaProcessingDate('2026-11-27')).toBe('2026-11-27'); // a Friday
    expect(abaProcessingDate('2026-11-30')).toBe('2026-11-30'); // a Monday
  });

  it('moves a Saturday or a Sunday to the Monday after', () => {
    expect(abaProcessingDate('2026-11-28')).toBe('2026-11-30');
    expect(abaProcessingDate('2026-11-29')).toBe('2026-11-30');
    // Across a month and a year.
    expect(abaProcessingDate('2027-01-02')).toBe('2027-01-04');
    expect(abaProcessingDate('2026-10-31')).toBe('2026-11-02');
  });

  it('never goes back before the date a batch first asked for, and never into the past', () => {
    // A batch made on Friday for Friday, downloaded again the next Tuesday: Tuesday, not the past Friday.
    expect(abaProcessingDate('2026-12-01', '2026-11-27')).toBe('2026-12-01');
    // Downloaded again on the Sunday: the Monday.
    expect(abaProcessingDate('2026-11-29', '2026-11-27')).toBe('2026-11-30');
    // A batch that asked for a later date keeps it (again moved off a weekend).
    expect(abaProcessingDate('2026-11-25', '2026-11-27')).toBe('2026-11-27');
    expect(abaProcessingDate('2026-11-25', '2026-11-28')).toBe('2026-11-30');
  });

  it('is always a weekday on or after today, for every day of a year', () => {
    let day = '2026-01-01';
    for (let i = 0; i < 366; i++) {
      const date = abaProcessingDate(day);
      expect(date >= day).toBe(true);
      expect([1, 2, 3, 4, 5]).toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
      day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
  });
});
