CREATE TABLE "model_deductions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_deductions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"occurred_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"file_blob_id" uuid,
	"file_name" varchar(255),
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settlement_id" bigint,
	"voided_at" timestamp with time zone,
	"voided_by_membership_id" bigint,
	CONSTRAINT "model_deductions_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "model_deductions_kind_check" CHECK ("model_deductions"."kind" in ('advance', 'expense')),
	CONSTRAINT "model_deductions_amount_check" CHECK ("model_deductions"."amount" > 0 and "model_deductions"."amount" <= 10000000000),
	CONSTRAINT "model_deductions_void_check" CHECK ("model_deductions"."voided_at" is null or "model_deductions"."settlement_id" is null)
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "mother_agency_rate" integer;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "mother_agency_basis" varchar(16);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "payout_type" varchar(16) DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "payout_account_name" varchar(100);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "payout_bank" varchar(16);--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "payout_account_number" varchar(30);--> statement-breakpoint
ALTER TABLE "model_deductions" ADD CONSTRAINT "model_deductions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_deductions" ADD CONSTRAINT "model_deductions_model_team_fk" FOREIGN KEY ("team_id","model_id") REFERENCES "public"."models"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_deductions" ADD CONSTRAINT "model_deductions_file_blob_team_fk" FOREIGN KEY ("team_id","file_blob_id") REFERENCES "public"."blobs"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_deductions" ADD CONSTRAINT "model_deductions_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_deductions" ADD CONSTRAINT "model_deductions_voided_by_team_fk" FOREIGN KEY ("team_id","voided_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_deductions_model_idx" ON "model_deductions" USING btree ("team_id","model_id","occurred_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "model_deductions_unsettled_idx" ON "model_deductions" USING btree ("team_id","model_id") WHERE settlement_id is null and voided_at is null;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_payout_type_check" CHECK ("models"."payout_type" in ('individual', 'studio'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_mother_agency_basis_check" CHECK ("models"."mother_agency_basis" in ('gross', 'commission'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_payout_bank_check" CHECK ("models"."payout_bank" in ('icbc', 'abc', 'boc', 'ccb', 'bocom', 'psbc', 'cmb', 'spdb', 'citic', 'ceb', 'hxb', 'cmbc'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_mother_agency_rate_check" CHECK ("models"."mother_agency_rate" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_payout_account_number_check" CHECK ("models"."payout_account_number" ~ '^[0-9]{8,30}$');--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'folder_delete', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_delete', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'model_deduction_create', 'model_deduction_void', 'company_create', 'company_update', 'company_archive', 'company_restore', 'company_delete', 'team_recipient_create', 'team_recipient_update', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'contact_delete', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_draft_remove', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions', 'invoice_request', 'invoice_issue', 'invoice_reverse', 'invoice_correction_approve', 'receipt_create', 'receipt_allocate', 'allocation_undo', 'receipt_void', 'fee_statement_share', 'fee_statement_revoke'));