-- The client addresses each user signed in from with the right password (accounts/sign-in-addresses.ts): the
-- account-wide limit on failed logins does not count attempts from them, so strangers cannot lock the owner out.
CREATE TABLE "sign_in_addresses" (
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_addresses_last_idx" ON "sign_in_addresses" USING btree ("last_signed_in_at");