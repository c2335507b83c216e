CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" integer GENERATED ALWAYS AS IDENTITY (sequence name "tax_invoices_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"charge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_abn" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_agency_name" text,
	"description" text NOT NULL,
	"amount_excluding_gst_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "tax_invoices_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "tax_invoices_charge_id_unique" UNIQUE("charge_id")
);
--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "account_name_encrypted" text;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property_sales" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_invoices_user_issued_idx" ON "tax_invoices" USING btree ("user_id","issued_at" DESC NULLS LAST);
