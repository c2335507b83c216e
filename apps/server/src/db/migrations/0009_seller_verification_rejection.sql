ALTER TABLE "seller_profiles" ADD COLUMN "verification_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD COLUMN "verification_rejected_at" timestamp with time zone;
