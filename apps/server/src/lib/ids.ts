const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from URLs and clients are checked before they reach a uuid column, where Postgres would reject them loudly. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
