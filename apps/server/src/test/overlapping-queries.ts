import pg from 'pg';

/**
 * In the API tests, a query handed to a pg client that is still running another one fails at once. pg queues it
 * today with a deprecation warning, printed once a process, and pg 9 will refuse it: it happens when code runs
 * `Promise.all` over queries of one transaction (one connection, so they never ran side by side anyway). Imported by
 * the test harness, so it covers every server a test starts; the pool's queries each take their own client and
 * never trip it.
 */
interface ClientInternals {
  query: (...args: unknown[]) => unknown;
  _activeQuery: unknown;
  _queryQueue: unknown[];
}
const prototype = pg.Client.prototype as unknown as ClientInternals & { [guarded]?: true };
const guarded = Symbol.for('listwise.overlapping-queries');

if (!prototype[guarded]) {
  prototype[guarded] = true;
  const query = prototype.query;
  prototype.query = function (this: ClientInternals, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      throw new Error('a query was sent on a connection still running another one (Promise.all over one transaction?)');
    }
    return query.apply(this, args);
  };
}
