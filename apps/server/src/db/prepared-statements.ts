import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A node-postgres client that prepares each parameterised statement once per connection (a named statement, as
 * `{ name }` asks for) instead of sending it unnamed, which PostgreSQL parses, analyses and plans again at every call.
 * Drizzle and pg-boss send every statement unnamed. A prepared statement is parsed once, and after five runs
 * PostgreSQL keeps a generic plan when it is no worse than the custom ones (bench/README.md has the figures).
 *
 * Only statements with parameters are named: such a text is always one statement, which a prepared statement must
 * be (a text without them may be several, `begin; …; commit`). A connection prepares at most
 * MAX_PREPARED_PER_CONNECTION texts (drizzle's `in (…)` lists make a text per length); beyond that it sends them
 * unnamed. The pool's connections come and go (idle ones close), which frees their statements.
 *
 * PostgreSQL re-plans a prepared statement when a table it reads changes, except when its result's columns would
 * change type (`cached plan must not change result type`, after a migration altering a column a running server
 * selects). The connection then forgets every statement it prepared and prepares them again under new names.
 * Behind PgBouncer in transaction mode this needs PgBouncer 1.21+ with `max_prepared_statements` (docs/scaling.md).
 */
export const MAX_PREPARED_PER_CONNECTION = 400;

/** Names by text, shared by every connection (the texts are the app's and pg-boss's own, a bounded set). */
const names = new Map<string, string>();
const NAMES_KEPT = 5_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22);
    names.set(text, name);
  }
  return name;
}

type QueryCallback = (error: Error | null, result: unknown) => void;

type PlainQuery = (this: pg.Client, ...args: unknown[]) => unknown;
/** node-postgres's own query, looked up at each call: tracing patches it after this module has loaded. */
const plainQuery = (client: pg.Client, ...args: unknown[]) => (pg.Client.prototype.query as PlainQuery).apply(client, args);

export class PreparingClient extends pg.Client {
  /** The names this connection has prepared. */
  prepared = new Set<string>();
  /** Part of every name: moves on when the connection's statements have to be forgotten. */
  generation = 0;
}

function cachedPlanChangedType(error: unknown): boolean {
  return (
    (error as { code?: string } | null)?.code === '0A000' &&
    /cached plan must not change result type/.test(String((error as Error).message))
  );
}

PreparingClient.prototype.query = function query(this: PreparingClient, config: unknown, values?: unknown, callback?: unknown) {
  const named = withName(this, config, values);
  if (named === config) return plainQuery(this, config, values, callback);
  const forgetOnChangedType = (error: unknown) => {
    if (cachedPlanChangedType(error)) {
      this.prepared.clear();
      this.generation++;
    }
  };
  // pg-pool's query passes a callback; drizzle and pg-boss await the promise.
  const lastCallback = typeof callback === 'function' ? callback : typeof values === 'function' ? values : undefined;
  if (lastCallback) {
    const wrapped: QueryCallback = (error, result) => {
      if (error) forgetOnChangedType(error);
      (lastCallback as QueryCallback)(error, result);
    };
    return plainQuery(this, named, wrapped);
  }
  const result = plainQuery(this, named) as Promise<unknown>;
  return result.catch((error: unknown) => {
    forgetOnChangedType(error);
    throw error;
  });
} as typeof pg.Client.prototype.query;

/** The query config to send: named when it has parameters and this connection may prepare it; else as given. */
function withName(client: PreparingClient, config: unknown, values: unknown): unknown {
  if (config === null || config === undefined) return config;
  let query: pg.QueryConfig;
  if (typeof config === 'string') {
    if (!Array.isArray(values) || values.length === 0) return config;
    query = { text: config, values };
  } else if (typeof config === 'object' && !('submit' in config && typeof config.submit === 'function')) {
    // Drizzle passes its values beside the config, pg-boss inside it.
    const given = config as pg.QueryConfig;
    const all = Array.isArray(values) ? values : given.values;
    if (given.name || !all?.length) return config;
    query = { ...given, values: all };
  } else {
    return config;
  }
  const name = `lw${client.generation}_${nameOf(query.text)}`;
  if (!client.prepared.has(name)) {
    if (client.prepared.size >= MAX_PREPARED_PER_CONNECTION) return config;
    client.prepared.add(name);
  }
  return { ...query, name };
}
