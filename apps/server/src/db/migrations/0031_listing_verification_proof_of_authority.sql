-- Verification per listing (issue 23 item 14): a listing whose seller is not the owner waits (PENDING) until an
-- operator verifies or rejects that listing; the seller uploads proof of authority to sell per listing.
ALTER TABLE "properties" ADD COLUMN "verification_status" text DEFAULT 'NOT_REQUIRED' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "verification_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "verification_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "verification_rejection_reason" text;--> statement-breakpoint
CREATE INDEX "properties_verification_queue_idx" ON "properties" USING btree ("verification_requested_at","id") WHERE "properties"."verification_status" = 'PENDING';--> statement-breakpoint
-- The seller-level decisions become their listings' own: a waiting seller's published listings that hold agents or
-- were listed by a non-owner wait; a rejected seller's carry the rejection and its reason.
UPDATE "properties" AS p
SET "verification_status" = CASE WHEN sp."status" = 'VERIFICATION_REJECTED' THEN 'REJECTED' ELSE 'PENDING' END,
    "verification_requested_at" = coalesce(p."submitted_at", p."created_at"),
    "verification_decided_at" = CASE WHEN sp."status" = 'VERIFICATION_REJECTED' THEN sp."verification_rejected_at" END,
    "verification_rejection_reason" = CASE WHEN sp."status" = 'VERIFICATION_REJECTED' THEN sp."verification_rejection_reason" END
FROM "seller_profiles" AS sp
WHERE sp."user_id" = p."seller_user_id" AND sp."status" <> 'APPROVED' AND p."state" = 'ACTIVE'
  AND (p."are_you_the_property_owner" = 'NO' OR cardinality(p."held_agent_user_ids") > 0);--> statement-breakpoint
-- The seller's status now only says what the draft's owner answer is (it gates agent selection in the wizard).
UPDATE "seller_profiles" AS sp
SET "status" = CASE WHEN EXISTS (
  SELECT 1 FROM "properties" AS d WHERE d."seller_user_id" = sp."user_id" AND d."state" = 'DRAFT' AND d."are_you_the_property_owner" = 'NO'
) THEN 'PENDING_VERIFICATION' ELSE 'APPROVED' END
WHERE sp."status" <> 'APPROVED';--> statement-breakpoint
ALTER TABLE "seller_profiles" DROP COLUMN "verification_rejection_reason";--> statement-breakpoint
ALTER TABLE "seller_profiles" DROP COLUMN "verification_rejected_at";--> statement-breakpoint
CREATE TABLE "proof_of_authority_documents" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proof_of_authority_documents" ADD CONSTRAINT "proof_of_authority_documents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_of_authority_documents" ADD CONSTRAINT "proof_of_authority_documents_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
