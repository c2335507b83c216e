CREATE TABLE "cashback_payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"format" text NOT NULL,
	"processing_date" date NOT NULL,
	"aba_balancing_record" boolean DEFAULT false NOT NULL,
	"claim_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"checksum" text NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cashback_payout_batch_files" (
	"batch_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"content_encrypted" text NOT NULL,
	"checksum" text NOT NULL,
	"claim_ids" uuid[] NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cashback_payout_batch_files_batch_id_format_pk" PRIMARY KEY("batch_id","format")
);
--> statement-breakpoint
CREATE TABLE "cashback_payout_batch_claims" (
	"batch_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"returned_at" timestamp with time zone,
	"return_reason" text,
	CONSTRAINT "cashback_payout_batch_claims_batch_id_claim_id_pk" PRIMARY KEY("batch_id","claim_id")
);
--> statement-breakpoint
ALTER TABLE "cashback_payout_batches" ADD CONSTRAINT "cashback_payout_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payout_batches" ADD CONSTRAINT "cashback_payout_batches_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payout_batch_files" ADD CONSTRAINT "cashback_payout_batch_files_batch_id_cashback_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."cashback_payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payout_batch_claims" ADD CONSTRAINT "cashback_payout_batch_claims_batch_id_cashback_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."cashback_payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payout_batch_claims" ADD CONSTRAINT "cashback_payout_batch_claims_claim_id_cashback_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."cashback_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashback_payout_batches_created_idx" ON "cashback_payout_batches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_payout_batch_claims_live_unique" ON "cashback_payout_batch_claims" USING btree ("claim_id") WHERE "cashback_payout_batch_claims"."returned_at" is null;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "dispute_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "dispute_settlement" text;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "dispute_settlement_reason" text;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "lead_fee_waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "lead_fee_waiver_reason" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "sending_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_messages_sending_idx" ON "email_messages" USING btree ("created_at","id") WHERE "email_messages"."status" = 'SENDING';
--> statement-breakpoint
-- Cashback follows the fee: a claim made payable by a sale whose lead fee was never collected waits for it.
UPDATE "cashback_claims" SET "status" = 'AWAITING_LEAD_FEE' FROM "property_sales" WHERE "property_sales"."id" = "cashback_claims"."property_sale_id" AND "cashback_claims"."status" = 'PAYABLE' AND "property_sales"."lead_fee_status" <> 'SUCCEEDED';
