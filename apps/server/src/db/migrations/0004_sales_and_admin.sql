CREATE TABLE "cashback_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_sale_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"bsb_encrypted" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"bsb_masked" text NOT NULL,
	"account_number_masked" text NOT NULL,
	"status" text DEFAULT 'PENDING_CONFIRMATION' NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"payable_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "property_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"selling_agent_user_id" uuid NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"sale_price_cents" bigint,
	"contract_date" date,
	"lead_fee_status" text DEFAULT 'NOT_DUE' NOT NULL,
	"lead_fee_charge_id" uuid,
	"lead_fee_attempts" integer DEFAULT 0 NOT NULL,
	"lead_fee_last_attempt_at" timestamp with time zone,
	"lead_fee_failure_code" text
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_property_sale_id_property_sales_id_fk" FOREIGN KEY ("property_sale_id") REFERENCES "public"."property_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_sales" ADD CONSTRAINT "property_sales_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_sales" ADD CONSTRAINT "property_sales_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_sales" ADD CONSTRAINT "property_sales_selling_agent_user_id_users_id_fk" FOREIGN KEY ("selling_agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_claims_sale_unique" ON "cashback_claims" USING btree ("property_sale_id");--> statement-breakpoint
CREATE INDEX "cashback_claims_status_idx" ON "cashback_claims" USING btree ("status","claimed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cashback_claims_claimed_idx" ON "cashback_claims" USING btree ("claimed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "property_sales_property_unique" ON "property_sales" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "property_sales_reported_idx" ON "property_sales" USING btree ("reported_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_sales_agent_idx" ON "property_sales" USING btree ("selling_agent_user_id","reported_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_sales_lead_fee_idx" ON "property_sales" USING btree ("lead_fee_last_attempt_at") WHERE "property_sales"."lead_fee_status" in ('PENDING', 'FAILED');--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");