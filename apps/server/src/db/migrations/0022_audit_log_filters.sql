-- The console's audit log filters by action and by operator (issue 23), newest first: each filter reads its own index
-- in the list's order, so a filtered page stays an index read however long the log grows (issue 25).
CREATE INDEX "admin_audit_log_action_created_idx" ON "admin_audit_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_created_idx" ON "admin_audit_log" USING btree ("admin_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
