-- An agent may decline with 'I have another reason' and a short note the seller reads; a seller with no agent left
-- to ask may leave a 'tell me when an agent joins' alert that names the listing.
ALTER TABLE "property_appraisal_requests" DROP CONSTRAINT "property_appraisal_requests_decline_reason_check";--> statement-breakpoint
ALTER TABLE "property_appraisal_requests" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "agent_join_alerts" ADD COLUMN "property_id" uuid;--> statement-breakpoint
ALTER TABLE "agent_join_alerts" ADD CONSTRAINT "agent_join_alerts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_appraisal_requests" ADD CONSTRAINT "property_appraisal_requests_decline_reason_check" CHECK ("property_appraisal_requests"."decline_reason" in ('TOO_BUSY', 'CONFLICT_OF_INTEREST', 'OUTSIDE_MY_EXPERIENCE', 'OTHER_COMMITMENTS', 'OTHER'));
