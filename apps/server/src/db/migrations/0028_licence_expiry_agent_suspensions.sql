-- Licences stay current (issue 22 item 8): each licence's expiry date, the expiry an operator verified, the date a
-- licence had lapsed when it was replaced, and the expiry date each reminder (30 and 7 days ahead) was sent for.
ALTER TABLE "agent_licences" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "agent_licences" ADD COLUMN "verified_until" date;--> statement-breakpoint
ALTER TABLE "agent_licences" ADD COLUMN "lapsed_on" date;--> statement-breakpoint
ALTER TABLE "agent_licences" ADD COLUMN "expiry_reminder_30_sent_for" date;--> statement-breakpoint
ALTER TABLE "agent_licences" ADD COLUMN "expiry_reminder_7_sent_for" date;--> statement-breakpoint
CREATE INDEX "agent_licences_expires_on_idx" ON "agent_licences" USING btree ("expires_on") WHERE "agent_licences"."expires_on" is not null;--> statement-breakpoint
-- Operators suspend an agent with a reason (issue 23 item 15): no new requests, not shown publicly. Lifting it
-- deletes the row; the audit log keeps the history.
CREATE TABLE "agent_suspensions" (
	"agent_user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"suspended_at" timestamp with time zone NOT NULL,
	"suspended_by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "agent_suspensions" ADD CONSTRAINT "agent_suspensions_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_suspensions" ADD CONSTRAINT "agent_suspensions_suspended_by_user_id_users_id_fk" FOREIGN KEY ("suspended_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
