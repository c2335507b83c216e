CREATE TABLE "agent_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_appraisal_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"reviewer_first_name" text NOT NULL,
	"suburb_name" text NOT NULL,
	"status" text NOT NULL,
	"hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"agent_notified_at" timestamp with time zone,
	"reply_text" text,
	"reply_created_at" timestamp with time zone,
	"reply_edited_at" timestamp with time zone,
	"awaiting_moderation_since" timestamp with time zone,
	"removal_reason" text,
	"moderated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_appraisal_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"reminder_due_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_network_addresses" (
	"agent_user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_network_addresses_agent_user_id_address_pk" PRIMARY KEY("agent_user_id","address")
);
--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_property_appraisal_id_property_appraisals_id_fk" FOREIGN KEY ("property_appraisal_id") REFERENCES "public"."property_appraisals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_review_reports" ADD CONSTRAINT "agent_review_reports_review_id_agent_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."agent_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_review_reports" ADD CONSTRAINT "agent_review_reports_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_property_appraisal_id_property_appraisals_id_fk" FOREIGN KEY ("property_appraisal_id") REFERENCES "public"."property_appraisals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_network_addresses" ADD CONSTRAINT "agent_network_addresses_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_reviews_appraisal_unique" ON "agent_reviews" USING btree ("property_appraisal_id");--> statement-breakpoint
CREATE INDEX "agent_reviews_agent_published_idx" ON "agent_reviews" USING btree ("agent_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "agent_reviews"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "agent_reviews_moderation_idx" ON "agent_reviews" USING btree ("awaiting_moderation_since" ASC NULLS LAST,"id" ASC NULLS LAST) WHERE "agent_reviews"."awaiting_moderation_since" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_review_reports_review_agent_unique" ON "agent_review_reports" USING btree ("review_id","agent_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_appraisal_reason_unique" ON "review_invitations" USING btree ("property_appraisal_id","reason");--> statement-breakpoint
CREATE INDEX "review_invitations_reminder_due_idx" ON "review_invitations" USING btree ("reminder_due_at") WHERE "review_invitations"."reminder_due_at" is not null;--> statement-breakpoint
CREATE INDEX "property_appraisals_sent_idx" ON "property_appraisals" USING btree ("sent_at") WHERE "property_appraisals"."state" = 'SUBMITTED';--> statement-breakpoint
CREATE INDEX "property_sales_confirmed_at_idx" ON "property_sales" USING btree ("confirmed_at") WHERE "property_sales"."confirmed_at" is not null;
