ALTER TABLE "agent_profiles" ADD COLUMN "public_profile_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD COLUMN "public_id" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 10) NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_public_id_unique" UNIQUE("public_id");--> statement-breakpoint
CREATE INDEX "agent_profiles_public_idx" ON "agent_profiles" USING btree ("user_id") WHERE "agent_profiles"."public_profile_visible";--> statement-breakpoint
CREATE INDEX "property_appraisals_agent_sent_idx" ON "property_appraisals" USING btree ("agent_user_id","sent_at") INCLUDE ("appraisal_request_id") WHERE "property_appraisals"."state" = 'SUBMITTED';--> statement-breakpoint
CREATE INDEX "suburb_subscriptions_agent_live_idx" ON "suburb_subscriptions" USING btree ("agent_user_id","expires_at") INCLUDE ("suburb_id") WHERE "suburb_subscriptions"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "suburbs_latitude_idx" ON "suburbs" USING btree ("latitude");
