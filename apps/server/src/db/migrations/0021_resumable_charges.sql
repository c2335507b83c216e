-- One resumable way to take money (docs/decisions/0015-resumable-charges.md): each charge carries what it buys
-- (`purpose`), when its outcome was recorded (`fulfilled_at`), and the state of a refund owed.
ALTER TABLE "charges" ADD COLUMN "purpose" jsonb;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refund_next_attempt_at" timestamp with time zone;--> statement-breakpoint
UPDATE "charges" SET "fulfilled_at" = coalesce("settled_at", "created_at") WHERE "status" <> 'PENDING';--> statement-breakpoint
-- The reconciler's work: charges whose outcome is not recorded yet, and refunds owed and not yet made.
CREATE INDEX "charges_unfinished_idx" ON "charges" USING btree ("created_at") WHERE "fulfilled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "charges_refund_owed_idx" ON "charges" USING btree ("refund_next_attempt_at") WHERE "refund_reason" IS NOT NULL AND "refunded_at" IS NULL;--> statement-breakpoint
-- The rule that replaces the per-process semaphore: an agent has at most one suburb purchase open at a time, on
-- every server (its free trials and its five-suburb limit are then counted once).
CREATE UNIQUE INDEX "charges_one_open_suburb_purchase" ON "charges" USING btree ("user_id") WHERE "kind" = 'SUBSCRIPTION' AND "fulfilled_at" IS NULL;--> statement-breakpoint
-- The lead fee is fixed when the sale is confirmed.
ALTER TABLE "property_sales" ADD COLUMN "lead_fee_cents" integer;--> statement-breakpoint
UPDATE "property_sales" s SET "lead_fee_cents" = c."amount_cents" FROM "charges" c WHERE c."id" = s."lead_fee_charge_id";
