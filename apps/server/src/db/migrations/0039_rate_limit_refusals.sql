CREATE TABLE "rate_limit_refusals" (
	"subject" text PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"refused_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_refusals_subject_kind_check" CHECK ("rate_limit_refusals"."subject_kind" in ('account', 'client'))
);
--> statement-breakpoint
CREATE INDEX "rate_limit_refusals_refused_at_idx" ON "rate_limit_refusals" USING btree ("refused_at");
