CREATE INDEX "folders_team_updated_idx" ON "folders" USING btree ("team_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "folders_team_name_idx" ON "folders" USING btree ("team_id","name","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('event_notice', 'audit_required'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder'));--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_key_check" CHECK ("role_permissions"."permission_key" in ('dashboard', 'calendar', 'data_management', 'organization', 'team_recipient', 'my_bill', 'accounting', 'operation_record'));--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_level_check" CHECK ("role_permissions"."level" in ('manage', 'read', 'edit'));--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_end_reason_check" CHECK ("user_sessions"."end_reason" in ('logout', 'membership_not_valid', 'refresh_expired', 'refresh_token_reused', 'signed_out_by_user'));--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('valid', 'pause', 'off_duty'));--> statement-breakpoint
ALTER TABLE "blobs" ADD CONSTRAINT "blobs_state_check" CHECK ("blobs"."state" in ('pending', 'attached'));--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('image', 'video', 'document'));--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_thumbnail_state_check" CHECK ("files"."thumbnail_state" in ('pending', 'ready', 'none', 'failed'));