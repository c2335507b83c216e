// The schema object drizzle needs for its relational queries and drizzle-kit for migrations.
export * from './accounts.ts';
export * from './media.ts';
export * from './platform.ts';
export * from './suburbs.ts';
export * from './subscriptions.ts';
export * from './payments.ts';
export * from './properties.ts';
export * from './appraisals.ts';
export * from './sales.ts';
export * from './admin.ts';
export * from './licences.ts';
export * from './reviews.ts';
export * from './email-preferences.ts';
export * from './agent-join-alerts.ts';
export * from './push-notifications.ts';
