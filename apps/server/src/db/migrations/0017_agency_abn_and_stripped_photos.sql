-- Tax invoices the ATO accepts (issue 22, item 6): the agent profile holds the agency's ABN, and each invoice copies
-- the buyer's ABN in when it is issued, as it copies the agency's name.
ALTER TABLE "agent_profiles" ADD COLUMN "agency_abn" text;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD COLUMN "customer_agency_abn" text;
--> statement-breakpoint
-- Photos keep no secrets (issue 22, item 7): an image's original moves under originals/ (never served) and
-- storage_key becomes the copy stripped of its metadata.
ALTER TABLE "user_media" ADD COLUMN "original_key" text;--> statement-breakpoint
CREATE INDEX "user_media_images_to_strip_idx" ON "user_media" USING btree ("created_at") WHERE "type" = 'IMAGE' AND "original_key" IS NULL AND "main_file_ready";
