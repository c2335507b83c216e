/**
 * Single-line text (names, agency name, bank account name). A line break in a name forged extra lines in
 * the plain-text e-mails that quote it, so these fields refuse one: line feed, carriage return, next line and the
 * Unicode line and paragraph separators, which mail clients also break on.
 */
export const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;

export const isSingleLine = (value: string): boolean => !LINE_BREAK.test(value);
