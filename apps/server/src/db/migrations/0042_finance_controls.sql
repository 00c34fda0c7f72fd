CREATE TABLE "approval_settings" (
	"team_id" bigint PRIMARY KEY NOT NULL,
	"commission_change_control" varchar(16) DEFAULT 'approval' NOT NULL,
	"bank_change_review" boolean DEFAULT true NOT NULL,
	"forbid_self_approval" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_membership_id" bigint,
	CONSTRAINT "approval_settings_commission_change_control_check" CHECK ("approval_settings"."commission_change_control" in ('approval', 'notify'))
);
--> statement-breakpoint
CREATE TABLE "model_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"subject" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"requested_by_membership_id" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "model_changes_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "model_changes_subject_check" CHECK ("model_changes"."subject" in ('terms', 'payout')),
	CONSTRAINT "model_changes_status_check" CHECK ("model_changes"."status" in ('pending', 'applied', 'rejected', 'withdrawn', 'superseded')),
	CONSTRAINT "model_changes_resolved_check" CHECK (("model_changes"."status" = 'pending') = ("model_changes"."resolved_at" is null))
);
--> statement-breakpoint
CREATE TABLE "team_recipient_bank_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_recipient_bank_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"team_recipient_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"requested_by_membership_id" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "team_recipient_bank_changes_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "team_recipient_bank_changes_status_check" CHECK ("team_recipient_bank_changes"."status" in ('pending', 'applied', 'rejected', 'withdrawn', 'superseded')),
	CONSTRAINT "team_recipient_bank_changes_resolved_check" CHECK (("team_recipient_bank_changes"."status" = 'pending') = ("team_recipient_bank_changes"."resolved_at" is null))
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_tax_rate_check";--> statement-breakpoint
ALTER TABLE "models" DROP CONSTRAINT "models_payout_bank_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "fee_lines" DROP CONSTRAINT "fee_lines_tax_rate_check";--> statement-breakpoint
ALTER TABLE "team_recipients" DROP CONSTRAINT "team_recipients_bank_check";--> statement-breakpoint
ALTER TABLE "team_recipients" DROP CONSTRAINT "team_recipients_default_tax_rate_check";--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "payout_bank_name" varchar(50);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "payout_bank_branch" varchar(100);--> statement-breakpoint
ALTER TABLE "team_recipients" ADD COLUMN "bank_name" varchar(50);--> statement-breakpoint
ALTER TABLE "approval_settings" ADD CONSTRAINT "approval_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_settings" ADD CONSTRAINT "approval_settings_updated_by_team_fk" FOREIGN KEY ("team_id","updated_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_changes" ADD CONSTRAINT "model_changes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_changes" ADD CONSTRAINT "model_changes_model_team_fk" FOREIGN KEY ("team_id","model_id") REFERENCES "public"."models"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_changes" ADD CONSTRAINT "model_changes_requested_by_team_fk" FOREIGN KEY ("team_id","requested_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_recipient_bank_changes" ADD CONSTRAINT "team_recipient_bank_changes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_recipient_bank_changes" ADD CONSTRAINT "team_recipient_bank_changes_recipient_team_fk" FOREIGN KEY ("team_id","team_recipient_id") REFERENCES "public"."team_recipients"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_recipient_bank_changes" ADD CONSTRAINT "team_recipient_bank_changes_requested_by_team_fk" FOREIGN KEY ("team_id","requested_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_changes_team_model_idx" ON "model_changes" USING btree ("team_id","model_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "model_changes_pending_key" ON "model_changes" USING btree ("team_id","model_id","subject") WHERE "model_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "team_recipient_bank_changes_recipient_idx" ON "team_recipient_bank_changes" USING btree ("team_id","team_recipient_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_recipient_bank_changes_pending_key" ON "team_recipient_bank_changes" USING btree ("team_id","team_recipient_id") WHERE "team_recipient_bank_changes"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('order', 'invoice_correction', 'settlement', 'commission_change', 'model_bank_change', 'team_recipient_bank_change'));--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tax_rate_check" CHECK ("invoice_lines"."tax_rate" in ('0', '1', '3', '5', '6', '9', '10', '13', '16', '17', '20'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_payout_bank_name_check" CHECK (("models"."payout_bank" = 'other') = ("models"."payout_bank_name" is not null) or ("models"."payout_bank" is null and "models"."payout_bank_name" is null));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_payout_bank_check" CHECK ("models"."payout_bank" in ('cdb', 'eximbank', 'adbc', 'icbc', 'abc', 'boc', 'ccb', 'bocom', 'psbc', 'cmb', 'spdb', 'citic', 'ceb', 'hxb', 'cmbc', 'cgb', 'cib', 'pab', 'czb', 'egb', 'cbhb', 'other'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'folder_delete', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_delete', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'model_deduction_create', 'model_deduction_void', 'company_create', 'company_update', 'company_archive', 'company_restore', 'company_delete', 'team_recipient_create', 'team_recipient_update', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'contact_delete', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_draft_remove', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions', 'invoice_request', 'invoice_issue', 'invoice_reverse', 'invoice_correction_approve', 'receipt_create', 'receipt_allocate', 'allocation_undo', 'receipt_void', 'fee_statement_share', 'fee_statement_revoke', 'settlement_create', 'settlement_submit', 'settlement_approve', 'settlement_pay', 'settlement_correct', 'settlement_share', 'settlement_share_revoke', 'finance_settings_update', 'settlement_rate_override', 'settlement_delete', 'model_change_request', 'model_change_decide', 'model_change_withdraw', 'team_recipient_change_request', 'team_recipient_change_decide', 'team_recipient_change_withdraw', 'approval_settings_update'));--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_tax_rate_check" CHECK ("fee_lines"."tax_rate" in ('0', '1', '3', '5', '6', '9', '10', '13', '16', '17', '20'));--> statement-breakpoint
ALTER TABLE "team_recipients" ADD CONSTRAINT "team_recipients_bank_name_check" CHECK (("team_recipients"."bank" = 'other') = ("team_recipients"."bank_name" is not null));--> statement-breakpoint
ALTER TABLE "team_recipients" ADD CONSTRAINT "team_recipients_bank_check" CHECK ("team_recipients"."bank" in ('cdb', 'eximbank', 'adbc', 'icbc', 'abc', 'boc', 'ccb', 'bocom', 'psbc', 'cmb', 'spdb', 'citic', 'ceb', 'hxb', 'cmbc', 'cgb', 'cib', 'pab', 'czb', 'egb', 'cbhb', 'other'));--> statement-breakpoint
ALTER TABLE "team_recipients" ADD CONSTRAINT "team_recipients_default_tax_rate_check" CHECK ("team_recipients"."default_tax_rate" is null or "team_recipients"."default_tax_rate" in (0, 1, 3, 5, 6, 9, 10, 13, 16, 17, 20));