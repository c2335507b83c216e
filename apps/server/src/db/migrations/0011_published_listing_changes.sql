ALTER TABLE "properties" ADD COLUMN "listing_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "change_notice_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "properties_change_notice_due_idx" ON "properties" USING btree ("change_notice_due_at") WHERE "properties"."change_notice_due_at" is not null;
