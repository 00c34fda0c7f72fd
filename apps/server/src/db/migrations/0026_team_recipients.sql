CREATE TABLE "team_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"short_name" varchar(20) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"taxpayer_type" varchar(16) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"bank" varchar(16) NOT NULL,
	"branch" varchar(100) NOT NULL,
	"account_number" varchar(30) NOT NULL,
	"default_tax_rate" smallint,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_recipients_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "team_recipients_taxpayer_type_check" CHECK ("team_recipients"."taxpayer_type" in ('general', 'small_scale')),
	CONSTRAINT "team_recipients_bank_check" CHECK ("team_recipients"."bank" in ('icbc', 'abc', 'boc', 'ccb', 'bocom', 'psbc', 'cmb', 'spdb', 'citic', 'ceb', 'hxb', 'cmbc')),
	CONSTRAINT "team_recipients_status_check" CHECK ("team_recipients"."status" in ('active', 'disabled')),
	CONSTRAINT "team_recipients_default_tax_rate_check" CHECK ("team_recipients"."default_tax_rate" is null or "team_recipients"."default_tax_rate" in (0, 1, 3, 6, 9, 10, 13, 16, 17, 20)),
	CONSTRAINT "team_recipients_account_number_check" CHECK ("team_recipients"."account_number" ~ '^[0-9]{8,30}$'),
	CONSTRAINT "team_recipients_default_active_check" CHECK (not "team_recipients"."is_default" or "team_recipients"."status" = 'active')
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_target_type_check";--> statement-breakpoint
ALTER TABLE "fee_lines" DROP CONSTRAINT "fee_lines_tax_rate_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "team_recipient_id" bigint;--> statement-breakpoint
ALTER TABLE "team_recipients" ADD CONSTRAINT "team_recipients_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_recipients_team_name_key" ON "team_recipients" USING btree ("team_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "team_recipients_team_credit_code_key" ON "team_recipients" USING btree ("team_id","credit_code");--> statement-breakpoint
CREATE UNIQUE INDEX "team_recipients_team_default_key" ON "team_recipients" USING btree ("team_id") WHERE is_default;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_team_recipient_team_fk" FOREIGN KEY ("team_id","team_recipient_id") REFERENCES "public"."team_recipients"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_team_recipient_idx" ON "orders" USING btree ("team_id","team_recipient_id");--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'folder_delete', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_delete', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'company_create', 'company_update', 'company_archive', 'company_restore', 'company_delete', 'team_recipient_create', 'team_recipient_update', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'contact_delete', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_draft_remove', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder', 'company', 'contact', 'model', 'package', 'order', 'role', 'team_recipient'));--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_tax_rate_check" CHECK ("fee_lines"."tax_rate" in ('0', '1', '3', '6', '9', '10', '13', '16', '17', '20'));