-- Issue 23 item 13: the seller's note, changes and cancellations of appointment requests, and the SEQUENCE of
-- their calendar invites. After a cancellation the seller may ask the same agent again: one open request per appraisal.
ALTER TABLE "appointment_requests" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "appointment_requests" DROP CONSTRAINT "appointment_requests_property_appraisal_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_requests_open_per_appraisal_idx" ON "appointment_requests" USING btree ("property_appraisal_id") WHERE "appointment_requests"."cancelled_at" is null;--> statement-breakpoint
DROP INDEX "appointment_requests_unread_idx";--> statement-breakpoint
CREATE INDEX "appointment_requests_unread_idx" ON "appointment_requests" USING btree ("agent_user_id") WHERE "appointment_requests"."seen_by_agent_at" is null and "appointment_requests"."cancelled_at" is null;
