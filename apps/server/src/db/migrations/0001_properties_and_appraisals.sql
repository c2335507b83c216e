CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"complete_type" text,
	"unit_number" text,
	"street_number" text,
	"street_name" text,
	"suburb_id" integer,
	"latitude" real,
	"longitude" real,
	"property_type" text,
	"number_of_bedrooms" integer,
	"number_of_bathrooms" integer,
	"number_of_toilets" integer,
	"number_of_car_spaces" integer,
	"number_of_living_spaces" integer,
	"property_size_sqm" integer,
	"land_size_sqm" integer,
	"property_age" integer,
	"additional_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"capital_improvements" text,
	"estimated_sale_value" integer,
	"estimated_sale_value_range" text,
	"ideal_timeframe_of_sale" text,
	"preferred_method_of_sale" text,
	"are_you_the_property_owner" text,
	"no_property_owner_reason" text,
	"additional_information" text,
	"ask_listwise_for_more_agents" boolean DEFAULT false NOT NULL,
	"held_agent_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"user_media_id" uuid NOT NULL,
	"type" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_appraisal_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"requested_appointment_date" date NOT NULL,
	"requested_appointment_time" time NOT NULL,
	"requested_by_seller_at" timestamp with time zone NOT NULL,
	"seen_by_agent_at" timestamp with time zone,
	CONSTRAINT "appointment_requests_property_appraisal_id_unique" UNIQUE("property_appraisal_id")
);
--> statement-breakpoint
CREATE TABLE "comparable_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_appraisal_id" uuid NOT NULL,
	"order" integer NOT NULL,
	"address" text NOT NULL,
	"sale_price_cents" bigint NOT NULL,
	"url" text
);
--> statement-breakpoint
CREATE TABLE "property_appraisal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"seen_by_agent_at" timestamp with time zone,
	"payment_condition_accepted_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "property_appraisals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appraisal_request_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"selling_range_min" bigint,
	"selling_range_max" bigint,
	"commission_type" text,
	"percentage_rate" numeric(5, 2),
	"flat_fee_cost_cents" bigint,
	"marketing_fee_cost_cents" bigint,
	"marketing_inclusions" text[],
	"video_user_media_id" uuid,
	"additional_notes" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_appraisals_appraisal_request_id_unique" UNIQUE("appraisal_request_id")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_suburb_id_suburbs_id_fk" FOREIGN KEY ("suburb_id") REFERENCES "public"."suburbs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_media" ADD CONSTRAINT "property_media_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_media" ADD CONSTRAINT "property_media_user_media_id_user_media_id_fk" FOREIGN KEY ("user_media_id") REFERENCES "public"."user_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_property_appraisal_id_property_appraisals_id_fk" FOREIGN KEY ("property_appraisal_id") REFERENCES "public"."property_appraisals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comparable_sales" ADD CONSTRAINT "comparable_sales_property_appraisal_id_property_appraisals_id_fk" FOREIGN KEY ("property_appraisal_id") REFERENCES "public"."property_appraisals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_appraisal_requests" ADD CONSTRAINT "property_appraisal_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_appraisal_requests" ADD CONSTRAINT "property_appraisal_requests_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_appraisals" ADD CONSTRAINT "property_appraisals_appraisal_request_id_property_appraisal_requests_id_fk" FOREIGN KEY ("appraisal_request_id") REFERENCES "public"."property_appraisal_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_appraisals" ADD CONSTRAINT "property_appraisals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_appraisals" ADD CONSTRAINT "property_appraisals_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_appraisals" ADD CONSTRAINT "property_appraisals_video_user_media_id_user_media_id_fk" FOREIGN KEY ("video_user_media_id") REFERENCES "public"."user_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_seller_created_idx" ON "properties" USING btree ("seller_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "properties_one_draft_per_seller" ON "properties" USING btree ("seller_user_id") WHERE "properties"."state" = 'DRAFT';--> statement-breakpoint
CREATE INDEX "property_media_property_idx" ON "property_media" USING btree ("property_id","type","order");--> statement-breakpoint
CREATE UNIQUE INDEX "property_media_unique" ON "property_media" USING btree ("property_id","user_media_id");--> statement-breakpoint
CREATE INDEX "appointment_requests_agent_idx" ON "appointment_requests" USING btree ("agent_user_id","requested_by_seller_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comparable_sales_appraisal_idx" ON "comparable_sales" USING btree ("property_appraisal_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_requests_property_agent_unique" ON "property_appraisal_requests" USING btree ("property_id","agent_user_id");--> statement-breakpoint
CREATE INDEX "appraisal_requests_agent_state_idx" ON "property_appraisal_requests" USING btree ("agent_user_id","state","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appraisal_requests_pending_expiry_idx" ON "property_appraisal_requests" USING btree ("expires_at") WHERE "property_appraisal_requests"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "property_appraisals_property_idx" ON "property_appraisals" USING btree ("property_id","state");