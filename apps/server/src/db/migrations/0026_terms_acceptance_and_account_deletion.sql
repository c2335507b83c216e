-- Issue 22: which version of the terms and privacy policy each user accepted and when (a new version is accepted
-- at the next sign-in), and when an account was closed (`deleteMyAccount`): the row stays, emptied of what
-- identifies the person, because the ledger, tax invoices and cashback payments that must be kept point at it.
ALTER TABLE "users" ADD COLUMN "accepted_terms_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accepted_terms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
