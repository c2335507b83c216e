CREATE TABLE "agent_licences" (
	"agent_user_id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"state" text NOT NULL,
	"licensee_name" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"checked_by_user_id" uuid,
	"rejection_reason" text
);
--> statement-breakpoint
ALTER TABLE "agent_licences" ADD CONSTRAINT "agent_licences_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_licences" ADD CONSTRAINT "agent_licences_checked_by_user_id_users_id_fk" FOREIGN KEY ("checked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_licences_pending_idx" ON "agent_licences" USING btree ("submitted_at","agent_user_id") WHERE "agent_licences"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
CREATE INDEX "properties_suburb_submitted_idx" ON "properties" USING btree ("suburb_id","submitted_at") WHERE "properties"."submitted_at" is not null;
