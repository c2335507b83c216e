-- E-mail the Spam Act way (issue 22, item 3): each user's optional categories (no row: on), and on each optional
-- message its category, reader and when its unsubscribe link was used (a second use changes nothing).
CREATE TABLE "email_preferences" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_preferences_user_id_category_pk" PRIMARY KEY("user_id","category")
);--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "unsubscribed_at" timestamp with time zone;
