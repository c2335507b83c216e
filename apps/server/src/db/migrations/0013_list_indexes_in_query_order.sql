-- Every list reads its page in index order (issue 25). A keyset page orders by (sort key, id) and the index must
-- hold exactly that order, nulls included (drizzle writes DESC NULLS LAST; the queries now say so too), with a
-- leading column for each filter a list offers. Without it Postgres scans the table and sorts it on every page.
DROP INDEX IF EXISTS "charges_user_created_idx";--> statement-breakpoint
CREATE INDEX "charges_user_created_idx" ON "charges" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
DROP INDEX IF EXISTS "charges_kind_created_idx";--> statement-breakpoint
CREATE INDEX "charges_kind_created_idx" ON "charges" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_created_idx" ON "charges" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_status_created_idx" ON "charges" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_agents_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."user_type" = 'AGENT';--> statement-breakpoint
CREATE INDEX "seller_profiles_status_created_idx" ON "seller_profiles" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "suburb_subscriptions_suburb_created_idx" ON "suburb_subscriptions" USING btree ("suburb_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suburbs_search_name_id_idx" ON "suburbs" USING btree ("search_name","id");--> statement-breakpoint
CREATE INDEX "property_sales_awaiting_confirmation_idx" ON "property_sales" USING btree ("reported_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "property_sales"."confirmed_at" is null and "property_sales"."disputed_at" is null;--> statement-breakpoint
CREATE INDEX "property_sales_confirmed_idx" ON "property_sales" USING btree ("reported_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "property_sales"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "property_sales_disputed_idx" ON "property_sales" USING btree ("reported_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "property_sales"."disputed_at" is not null;--> statement-breakpoint
CREATE INDEX "property_sales_lead_fee_failed_idx" ON "property_sales" USING btree ("reported_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "property_sales"."lead_fee_status" = 'FAILED';
