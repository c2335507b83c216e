-- Suburb demand says how many sellers in the suburb are waiting for an agent (issue 23 item 18): live listings with
-- their seller, by suburb, so that count reads indexes only.
CREATE INDEX "properties_suburb_active_seller_idx" ON "properties" USING btree ("suburb_id","seller_user_id","id") WHERE "properties"."state" = 'ACTIVE' and "properties"."held_agent_user_ids" = '{}'::uuid[];
