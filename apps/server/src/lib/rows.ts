/**
 * The row a statement cannot fail to give back: an INSERT … RETURNING, an UPDATE … RETURNING of a row the
 * transaction has just read, a row a foreign key guarantees. None is a broken invariant, not a caller's mistake:
 * it throws here (an internal error, logged) rather than let `undefined` travel on behind a `!`.
 */
export function theRow<Row>(rows: readonly Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('Expected the statement to return a row, and it returned none');
  return row;
}
