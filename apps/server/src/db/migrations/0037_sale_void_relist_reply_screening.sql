-- A voided sale leaves room for the seller to report the sale again; an agent's reply is screened and moderated like a
-- review (replies published before screening stay published); two operator actions on sales and replies.
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "agent_reviews" DROP CONSTRAINT "agent_reviews_hold_reasons_check";--> statement-breakpoint
DROP INDEX "property_sales_property_unique";--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD COLUMN "reply_status" text;--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD COLUMN "reply_hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD COLUMN "reply_removal_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "property_sales_property_unique" ON "property_sales" USING btree ("property_id") WHERE "property_sales"."dispute_settlement" is distinct from 'SALE_VOID';--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('APPROVE_SELLER', 'REJECT_SELLER', 'VERIFY_LISTING', 'REJECT_LISTING', 'SET_SUBSCRIBED_AGENTS_MAX', 'SET_SUBSCRIPTION_MANUALLY_MANAGED', 'CANCEL_SUBSCRIPTION', 'MARK_CASHBACK_PAID', 'RETRY_LEAD_FEE', 'WAIVE_LEAD_FEE', 'SETTLE_DISPUTED_SALE', 'SETTLE_UNANSWERED_SALE', 'RETRY_REFUND', 'UPDATE_SETTINGS', 'PAYOUT_PASSWORD_FAILED', 'DOWNLOAD_CASHBACK_PAYOUTS', 'DOWNLOAD_CASHBACK_PAYOUT_BATCH', 'MARK_PAYOUT_BATCH_PAID', 'RETURN_CASHBACK_CLAIM', 'RESEND_EMAIL', 'MARK_EMAIL_SENT', 'VERIFY_AGENT_LICENCE', 'REJECT_AGENT_LICENCE', 'SUSPEND_AGENT', 'LIFT_AGENT_SUSPENSION', 'PUBLISH_AGENT_REVIEW', 'REMOVE_AGENT_REVIEW', 'PUBLISH_REVIEW_REPLY', 'REMOVE_REVIEW_REPLY'));--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_reply_status_check" CHECK ("agent_reviews"."reply_status" in ('PUBLISHED', 'HELD', 'REMOVED'));--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_reply_removal_reason_check" CHECK ("agent_reviews"."reply_removal_reason" in ('FAKE_OR_CONFLICTED', 'PERSONAL_INFORMATION', 'OFFENSIVE', 'NOT_ABOUT_THE_SERVICE'));--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_reply_hold_reasons_check" CHECK ("agent_reviews"."reply_hold_reasons" <@ array['AGENT_EMAIL_DOMAIN', 'AGENT_NETWORK_ADDRESS', 'CONTACT_DETAILS', 'REVIEWER_DETAILS']::text[]);--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_hold_reasons_check" CHECK ("agent_reviews"."hold_reasons" <@ array['AGENT_EMAIL_DOMAIN', 'AGENT_NETWORK_ADDRESS', 'CONTACT_DETAILS', 'REVIEWER_DETAILS']::text[]);--> statement-breakpoint
UPDATE "agent_reviews" SET "reply_status" = 'PUBLISHED' WHERE "reply_text" IS NOT NULL;
