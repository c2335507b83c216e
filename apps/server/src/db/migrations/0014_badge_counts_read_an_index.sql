-- The agent's two badges count only what the agent has not opened (issue 25): each reads a partial index holding
-- exactly those rows, an index-only count as long as the unseen set, however long the agent's history grows.
CREATE INDEX "appraisal_requests_unseen_idx" ON "property_appraisal_requests" USING btree ("agent_user_id") WHERE "property_appraisal_requests"."seen_by_agent_at" is null and "property_appraisal_requests"."state" in ('PENDING', 'EXPIRED');--> statement-breakpoint
CREATE INDEX "appointment_requests_unread_idx" ON "appointment_requests" USING btree ("agent_user_id") WHERE "appointment_requests"."seen_by_agent_at" is null;
