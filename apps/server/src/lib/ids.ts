const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from URLs and clients are checked before they reach a uuid column, where Postgres would reject them loudly. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The largest value of a Postgres `integer` column (suburb ids); a larger id from a client names no row. */
const MAX_INTEGER_ID = 2_147_483_647;

/** A positive whole number that fits a Postgres `integer` id column (suburbs): anything else can match no row. */
export const isIntegerId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_INTEGER_ID;
