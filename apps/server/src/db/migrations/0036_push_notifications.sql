CREATE TABLE "push_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"browser" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_delivered_at" timestamp with time zone,
	CONSTRAINT "push_devices_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "push_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deliver_after" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_messages_kind_check" CHECK ("push_messages"."kind" in ('NEW_APPRAISAL_REQUEST', 'APPOINTMENT_REQUESTED', 'APPOINTMENT_CHANGED', 'APPOINTMENT_CANCELLED', 'SALE_TO_CONFIRM', 'REVIEW_PUBLISHED', 'APPRAISAL_RECEIVED', 'APPRAISAL_REQUEST_DECLINED', 'APPOINTMENT_CONFIRMED', 'APPOINTMENT_CHANGE_CONFIRMED')),
	CONSTRAINT "push_messages_status_check" CHECK ("push_messages"."status" in ('QUEUED', 'SENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "push_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "push_preferences_kind_check" CHECK ("push_preferences"."kind" in ('NEW_APPRAISAL_REQUEST', 'APPOINTMENT_REQUESTED', 'APPOINTMENT_CHANGED', 'APPOINTMENT_CANCELLED', 'SALE_TO_CONFIRM', 'REVIEW_PUBLISHED', 'APPRAISAL_RECEIVED', 'APPRAISAL_REQUEST_DECLINED', 'APPOINTMENT_CONFIRMED', 'APPOINTMENT_CHANGE_CONFIRMED'))
);
--> statement-breakpoint
CREATE TABLE "push_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"quiet_hours_enabled" boolean NOT NULL,
	"quiet_hours_start" smallint NOT NULL,
	"quiet_hours_end" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_device_id_push_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."push_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_settings" ADD CONSTRAINT "push_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_devices_user_idx" ON "push_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_messages_waiting_idx" ON "push_messages" USING btree ("deliver_after") WHERE status = 'QUEUED';--> statement-breakpoint
CREATE INDEX "push_messages_device_idx" ON "push_messages" USING btree ("device_id");