CREATE TABLE "agent_join_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suburb_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_join_alerts" ADD CONSTRAINT "agent_join_alerts_suburb_id_suburbs_id_fk" FOREIGN KEY ("suburb_id") REFERENCES "public"."suburbs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_join_alerts_waiting_unique" ON "agent_join_alerts" USING btree ("suburb_id","email") WHERE "agent_join_alerts"."notified_at" is null;
