ALTER TABLE "user_media" ADD COLUMN "upload_token_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_media" ADD COLUMN "processed_at" timestamp with time zone;