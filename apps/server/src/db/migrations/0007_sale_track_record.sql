ALTER TABLE "property_sales" ADD COLUMN "appraised_range_min_cents" bigint;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "appraised_range_max_cents" bigint;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "within_appraised_range" boolean;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "deviation_basis_points" integer;--> statement-breakpoint
CREATE INDEX "property_sales_agent_track_record_idx" ON "property_sales" USING btree ("selling_agent_user_id") WHERE "property_sales"."within_appraised_range" is not null;
