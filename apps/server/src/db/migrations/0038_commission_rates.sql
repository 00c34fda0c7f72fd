CREATE TABLE "model_commission_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_commission_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_membership_id" bigint,
	CONSTRAINT "model_commission_rates_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "model_commission_rates_rate_check" CHECK ("model_commission_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "settlement_commission_overrides" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_commission_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"fee_line_id" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_commission_overrides_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "settlement_commission_overrides_rate_check" CHECK ("settlement_commission_overrides"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "model_commission_rates" ADD CONSTRAINT "model_commission_rates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_commission_rates" ADD CONSTRAINT "model_commission_rates_model_team_fk" FOREIGN KEY ("team_id","model_id") REFERENCES "public"."models"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_commission_rates" ADD CONSTRAINT "model_commission_rates_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_commission_overrides" ADD CONSTRAINT "settlement_commission_overrides_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_commission_overrides" ADD CONSTRAINT "settlement_commission_overrides_fee_line_team_fk" FOREIGN KEY ("team_id","fee_line_id") REFERENCES "public"."fee_lines"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_commission_overrides" ADD CONSTRAINT "settlement_commission_overrides_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_commission_rates_model_day_key" ON "model_commission_rates" USING btree ("team_id","model_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_commission_overrides_fee_line_key" ON "settlement_commission_overrides" USING btree ("team_id","fee_line_id");--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'folder_delete', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_delete', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'model_deduction_create', 'model_deduction_void', 'company_create', 'company_update', 'company_archive', 'company_restore', 'company_delete', 'team_recipient_create', 'team_recipient_update', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'contact_delete', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_draft_remove', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions', 'invoice_request', 'invoice_issue', 'invoice_reverse', 'invoice_correction_approve', 'receipt_create', 'receipt_allocate', 'allocation_undo', 'receipt_void', 'fee_statement_share', 'fee_statement_revoke', 'settlement_create', 'settlement_submit', 'settlement_approve', 'settlement_pay', 'settlement_correct', 'settlement_share', 'settlement_share_revoke', 'finance_settings_update', 'settlement_rate_override', 'settlement_delete'));--> statement-breakpoint
-- The rate history starts with each rated model's current rate, in force since always.
INSERT INTO "model_commission_rates" ("team_id", "model_id", "effective_from", "rate_bp") SELECT "team_id", "id", '1970-01-01', "commission_rate" FROM "models" WHERE "commission_rate" IS NOT NULL;
