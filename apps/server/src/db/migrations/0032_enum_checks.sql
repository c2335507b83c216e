-- Issue 24: every enumerated text column holds only the values of its enumeration in packages/domain
-- (apps/server/src/db/schema/checks.ts makes these from them). Assembled from what drizzle-kit generated for the
-- checks; its snapshot (meta/0032_snapshot.json) now describes the whole schema again, so the next
-- `drizzle-kit generate` diffs against today's tables rather than those of migration 0011.
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('APPROVE_SELLER', 'REJECT_SELLER', 'VERIFY_LISTING', 'REJECT_LISTING', 'SET_SUBSCRIBED_AGENTS_MAX', 'SET_SUBSCRIPTION_MANUALLY_MANAGED', 'CANCEL_SUBSCRIPTION', 'MARK_CASHBACK_PAID', 'RETRY_LEAD_FEE', 'WAIVE_LEAD_FEE', 'SETTLE_DISPUTED_SALE', 'RETRY_REFUND', 'UPDATE_SETTINGS', 'PAYOUT_PASSWORD_FAILED', 'DOWNLOAD_CASHBACK_PAYOUTS', 'DOWNLOAD_CASHBACK_PAYOUT_BATCH', 'MARK_PAYOUT_BATCH_PAID', 'RETURN_CASHBACK_CLAIM', 'RESEND_EMAIL', 'MARK_EMAIL_SENT', 'VERIFY_AGENT_LICENCE', 'REJECT_AGENT_LICENCE', 'SUSPEND_AGENT', 'LIFT_AGENT_SUSPENSION', 'PUBLISH_AGENT_REVIEW', 'REMOVE_AGENT_REVIEW'));
--> statement-breakpoint
ALTER TABLE "agent_licences" ADD CONSTRAINT "agent_licences_state_check" CHECK ("agent_licences"."state" in ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'));
--> statement-breakpoint
ALTER TABLE "agent_licences" ADD CONSTRAINT "agent_licences_status_check" CHECK ("agent_licences"."status" in ('PENDING', 'VERIFIED', 'REJECTED'));
--> statement-breakpoint
ALTER TABLE "agent_review_reports" ADD CONSTRAINT "agent_review_reports_reason_check" CHECK ("agent_review_reports"."reason" in ('FAKE_OR_CONFLICTED', 'PERSONAL_INFORMATION', 'OFFENSIVE', 'NOT_ABOUT_THE_SERVICE'));
--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_hold_reasons_check" CHECK ("agent_reviews"."hold_reasons" <@ array['AGENT_EMAIL_DOMAIN', 'AGENT_NETWORK_ADDRESS', 'CONTACT_DETAILS']::text[]);
--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_removal_reason_check" CHECK ("agent_reviews"."removal_reason" in ('FAKE_OR_CONFLICTED', 'PERSONAL_INFORMATION', 'OFFENSIVE', 'NOT_ABOUT_THE_SERVICE'));
--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_status_check" CHECK ("agent_reviews"."status" in ('PUBLISHED', 'HELD', 'REMOVED'));
--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_cancelled_by_check" CHECK ("appointment_requests"."cancelled_by" in ('SELLER', 'PROPERTY_COMPLETED'));
--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_status_check" CHECK ("cashback_claims"."status" in ('PENDING_CONFIRMATION', 'AWAITING_LEAD_FEE', 'PAYABLE', 'IN_PAYOUT', 'PAID', 'DISPUTED', 'VOID'));
--> statement-breakpoint
ALTER TABLE "cashback_payout_batch_files" ADD CONSTRAINT "cashback_payout_batch_files_format_check" CHECK ("cashback_payout_batch_files"."format" in ('ABA', 'CSV'));
--> statement-breakpoint
ALTER TABLE "cashback_payout_batches" ADD CONSTRAINT "cashback_payout_batches_format_check" CHECK ("cashback_payout_batches"."format" in ('ABA', 'CSV'));
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_kind_check" CHECK ("charges"."kind" in ('SUBSCRIPTION', 'RENEWAL', 'LEAD_FEE'));
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_provider_check" CHECK ("charges"."provider" in ('TEST', 'STRIPE'));
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_status_check" CHECK ("charges"."status" in ('PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED'));
--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_category_check" CHECK ("email_messages"."category" in ('REMINDERS', 'RENEWAL_NOTICES', 'REVIEWS'));
--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_status_check" CHECK ("email_messages"."status" in ('QUEUED', 'SENDING', 'SENT', 'FAILED'));
--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_category_check" CHECK ("email_preferences"."category" in ('REMINDERS', 'RENEWAL_NOTICES', 'REVIEWS'));
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" in ('EMAIL_VERIFICATION', 'PASSWORD_RESET', 'CONTINUE', 'EMAIL_CHANGE_UNDO', 'ACCOUNT_DELETION'));
--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_provider_check" CHECK ("payment_customers"."provider" in ('TEST', 'STRIPE'));
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_provider_check" CHECK ("payment_methods"."provider" in ('TEST', 'STRIPE'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_are_you_the_property_owner_check" CHECK ("properties"."are_you_the_property_owner" in ('YES', 'NO'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_capital_improvements_check" CHECK ("properties"."capital_improvements" in ('YES', 'NO'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_complete_type_check" CHECK ("properties"."complete_type" in ('SOLD_UNCONDITIONALLY', 'DECIDED_NOT_TO_SELL', 'DECIDED_NOT_TO_USE_LISTWISE'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_estimated_sale_value_range_check" CHECK ("properties"."estimated_sale_value_range" in ('UNDER_250K', 'FROM_250K_TO_500K', 'FROM_500K_TO_750K', 'FROM_750K_TO_1M', 'FROM_1M_TO_1_5M', 'FROM_1_5M_TO_2M', 'FROM_2M_TO_2_5M', 'ABOVE_2_5M'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_ideal_timeframe_of_sale_check" CHECK ("properties"."ideal_timeframe_of_sale" in ('ZERO_TO_ONE_MONTH', 'ONE_TO_THREE_MONTHS', 'THREE_TO_SIX_MONTHS', 'SIX_TO_TWELVE_MONTHS', 'TWELVE_TO_TWENTY_FOUR_MONTHS'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_preferred_method_of_sale_check" CHECK ("properties"."preferred_method_of_sale" in ('AUCTION', 'AUCTION_OR_PRIVATE', 'PRIVATE'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_property_type_check" CHECK ("properties"."property_type" in ('HOUSE', 'APARTMENT_OR_UNIT', 'BLOCK_OF_UNITS', 'TOWNHOUSE', 'LAND', 'ACREAGE', 'RETIREMENT_LIVING'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_state_check" CHECK ("properties"."state" in ('DRAFT', 'ACTIVE', 'COMPLETE'));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_verification_status_check" CHECK ("properties"."verification_status" in ('NOT_REQUIRED', 'PENDING', 'VERIFIED', 'REJECTED'));
--> statement-breakpoint
ALTER TABLE "property_appraisal_requests" ADD CONSTRAINT "property_appraisal_requests_decline_reason_check" CHECK ("property_appraisal_requests"."decline_reason" in ('TOO_BUSY', 'CONFLICT_OF_INTEREST', 'OUTSIDE_MY_EXPERIENCE', 'OTHER_COMMITMENTS'));
--> statement-breakpoint
ALTER TABLE "property_appraisal_requests" ADD CONSTRAINT "property_appraisal_requests_state_check" CHECK ("property_appraisal_requests"."state" in ('PENDING', 'COMPLETE', 'EXPIRED', 'NOT_REQUIRED', 'DECLINED'));
--> statement-breakpoint
ALTER TABLE "property_appraisals" ADD CONSTRAINT "property_appraisals_commission_type_check" CHECK ("property_appraisals"."commission_type" in ('FLAT_FEE', 'PERCENTAGE'));
--> statement-breakpoint
ALTER TABLE "property_appraisals" ADD CONSTRAINT "property_appraisals_state_check" CHECK ("property_appraisals"."state" in ('DRAFT', 'SUBMITTED'));
--> statement-breakpoint
ALTER TABLE "property_media" ADD CONSTRAINT "property_media_type_check" CHECK ("property_media"."type" in ('PHOTO', 'FLOOR_PLAN', 'VIDEO'));
--> statement-breakpoint
ALTER TABLE "property_sales" ADD CONSTRAINT "property_sales_dispute_settlement_check" CHECK ("property_sales"."dispute_settlement" in ('SALE_STANDS', 'SALE_VOID'));
--> statement-breakpoint
ALTER TABLE "property_sales" ADD CONSTRAINT "property_sales_lead_fee_status_check" CHECK ("property_sales"."lead_fee_status" in ('NOT_DUE', 'PENDING', 'SUCCEEDED', 'FAILED', 'WAIVED'));
--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_reason_check" CHECK ("review_invitations"."reason" in ('APPRAISAL', 'SALE'));
--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD CONSTRAINT "seller_profiles_status_check" CHECK ("seller_profiles"."status" in ('APPROVED', 'PENDING_VERIFICATION', 'VERIFICATION_REJECTED'));
--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_provider_check" CHECK ("social_identities"."provider" in ('GOOGLE', 'APPLE', 'FACEBOOK'));
--> statement-breakpoint
ALTER TABLE "social_sign_in_nonces" ADD CONSTRAINT "social_sign_in_nonces_provider_check" CHECK ("social_sign_in_nonces"."provider" in ('GOOGLE', 'APPLE', 'FACEBOOK'));
--> statement-breakpoint
ALTER TABLE "suburbs" ADD CONSTRAINT "suburbs_state_check" CHECK ("suburbs"."state" in ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'));
--> statement-breakpoint
ALTER TABLE "user_media" ADD CONSTRAINT "user_media_type_check" CHECK ("user_media"."type" in ('IMAGE', 'VIDEO'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('AGENT', 'SELLER', 'ADMIN'));
