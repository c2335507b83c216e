/**
 * Arithmetic on numbers that are not money (money lives in pricing.ts). The lint rule against inline `* 100` and
 * `/ 100` exempts this file, so a percentage of a bar's width is written here once rather than beside money.
 */

/** A part of a whole as a percentage: 1 of 4 is 25. */
export const percentOf = (part: number, whole = 1): number => (part / whole) * 100;

/** A number rounded to a count of decimal places (halves up): roundTo(1.234, 2) is 1.23. */
export const roundTo = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;
