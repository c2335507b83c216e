CREATE TABLE "social_sign_in_nonces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce_hash" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"consumed_by_user_id" uuid,
	"credential_hash" text
);
--> statement-breakpoint
ALTER TABLE "social_sign_in_nonces" ADD CONSTRAINT "social_sign_in_nonces_consumed_by_user_id_users_id_fk" FOREIGN KEY ("consumed_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "social_sign_in_nonces_nonce_unique" ON "social_sign_in_nonces" USING btree ("nonce_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "social_sign_in_nonces_credential_unique" ON "social_sign_in_nonces" USING btree ("credential_hash");
--> statement-breakpoint
CREATE INDEX "social_sign_in_nonces_expires_idx" ON "social_sign_in_nonces" USING btree ("expires_at");
