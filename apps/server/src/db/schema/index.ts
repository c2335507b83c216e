// The schema object drizzle needs for its relational queries and drizzle-kit for migrations.
export * from './accounts.ts';
export * from './media.ts';
export * from './platform.ts';
export * from './suburbs.ts';
export * from './subscriptions.ts';
export * from './properties.ts';
export * from './appraisals.ts';
