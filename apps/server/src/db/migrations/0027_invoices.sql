CREATE TABLE "invoice_correction_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_correction_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"correction_id" bigint NOT NULL,
	"invoice_line_id" bigint NOT NULL,
	"fee_line_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "invoice_correction_lines_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "invoice_correction_lines_figures_check" CHECK ("invoice_correction_lines"."amount" >= 0 and "invoice_correction_lines"."tax" >= 0 and "invoice_correction_lines"."total" = "invoice_correction_lines"."amount" + "invoice_correction_lines"."tax")
);
--> statement-breakpoint
CREATE TABLE "invoice_corrections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(16) DEFAULT 'init' NOT NULL,
	"requested_by_membership_id" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_corrections_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "invoice_corrections_status_check" CHECK ("invoice_corrections"."status" in ('passed', 'rejected', 'init')),
	CONSTRAINT "invoice_corrections_figures_check" CHECK ("invoice_corrections"."amount" >= 0 and "invoice_corrections"."tax" >= 0 and "invoice_corrections"."total" = "invoice_corrections"."amount" + "invoice_corrections"."tax"),
	CONSTRAINT "invoice_corrections_total_check" CHECK ("invoice_corrections"."total" > 0),
	CONSTRAINT "invoice_corrections_decided_check" CHECK (("invoice_corrections"."status" = 'init') = ("invoice_corrections"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"fee_line_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item" varchar(16) NOT NULL,
	"tax_rate" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "invoice_lines_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "invoice_lines_kind_check" CHECK ("invoice_lines"."kind" in ('ModelFee', 'UsageFee')),
	CONSTRAINT "invoice_lines_item_check" CHECK ("invoice_lines"."item" in ('service_fee', 'portrait_fee')),
	CONSTRAINT "invoice_lines_tax_rate_check" CHECK ("invoice_lines"."tax_rate" in ('0', '1', '3', '6', '9', '10', '13', '16', '17', '20')),
	CONSTRAINT "invoice_lines_figures_check" CHECK ("invoice_lines"."amount" >= 0 and "invoice_lines"."tax" >= 0 and "invoice_lines"."total" = "invoice_lines"."amount" + "invoice_lines"."tax"),
	CONSTRAINT "invoice_lines_total_check" CHECK ("invoice_lines"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"team_recipient_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"buyer_name" varchar(100) NOT NULL,
	"buyer_tax_id" varchar(20) NOT NULL,
	"buyer_address_phone" varchar(200) DEFAULT '' NOT NULL,
	"buyer_bank_account" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'requested' NOT NULL,
	"number" varchar(20),
	"issued_on" date,
	"issued_at" timestamp with time zone,
	"issued_by_membership_id" bigint,
	"file_blob_id" uuid,
	"file_name" varchar(255),
	"amount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"reversed" bigint DEFAULT 0 NOT NULL,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "invoices_type_check" CHECK ("invoices"."type" in ('special', 'ordinary')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('requested', 'issued', 'reversed')),
	CONSTRAINT "invoices_issued_check" CHECK (("invoices"."status" = 'requested') = ("invoices"."number" is null) and ("invoices"."number" is null) = ("invoices"."issued_on" is null)),
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."number" is null or "invoices"."number" ~ '^[0-9]{20}$'),
	CONSTRAINT "invoices_figures_check" CHECK ("invoices"."amount" >= 0 and "invoices"."tax" >= 0 and "invoices"."total" = "invoices"."amount" + "invoices"."tax"),
	CONSTRAINT "invoices_reversed_check" CHECK ("invoices"."reversed" between 0 and "invoices"."total")
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_target_type_check";--> statement-breakpoint
ALTER TABLE "invoice_correction_lines" ADD CONSTRAINT "invoice_correction_lines_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_correction_lines" ADD CONSTRAINT "invoice_correction_lines_correction_team_fk" FOREIGN KEY ("team_id","correction_id") REFERENCES "public"."invoice_corrections"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_correction_lines" ADD CONSTRAINT "invoice_correction_lines_invoice_line_team_fk" FOREIGN KEY ("team_id","invoice_line_id") REFERENCES "public"."invoice_lines"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_correction_lines" ADD CONSTRAINT "invoice_correction_lines_fee_line_team_fk" FOREIGN KEY ("team_id","fee_line_id") REFERENCES "public"."fee_lines"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_corrections" ADD CONSTRAINT "invoice_corrections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_corrections" ADD CONSTRAINT "invoice_corrections_invoice_team_fk" FOREIGN KEY ("team_id","invoice_id") REFERENCES "public"."invoices"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_corrections" ADD CONSTRAINT "invoice_corrections_requested_by_team_fk" FOREIGN KEY ("team_id","requested_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_team_fk" FOREIGN KEY ("team_id","invoice_id") REFERENCES "public"."invoices"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_fee_line_team_fk" FOREIGN KEY ("team_id","fee_line_id") REFERENCES "public"."fee_lines"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_recipient_team_fk" FOREIGN KEY ("team_id","team_recipient_id") REFERENCES "public"."team_recipients"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."companies"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_blob_team_fk" FOREIGN KEY ("team_id","file_blob_id") REFERENCES "public"."blobs"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_team_fk" FOREIGN KEY ("team_id","issued_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_correction_lines_correction_line_key" ON "invoice_correction_lines" USING btree ("correction_id","invoice_line_id");--> statement-breakpoint
CREATE INDEX "invoice_correction_lines_team_fee_line_idx" ON "invoice_correction_lines" USING btree ("team_id","fee_line_id");--> statement-breakpoint
CREATE INDEX "invoice_corrections_team_invoice_idx" ON "invoice_corrections" USING btree ("team_id","invoice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_corrections_pending_key" ON "invoice_corrections" USING btree ("team_id","invoice_id") WHERE "invoice_corrections"."status" = 'init';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_fee_line_key" ON "invoice_lines" USING btree ("invoice_id","fee_line_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_team_fee_line_idx" ON "invoice_lines" USING btree ("team_id","fee_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_team_number_key" ON "invoices" USING btree ("team_id","number");--> statement-breakpoint
CREATE INDEX "invoices_team_created_idx" ON "invoices" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_team_status_created_idx" ON "invoices" USING btree ("team_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_team_company_idx" ON "invoices" USING btree ("team_id","company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_team_recipient_idx" ON "invoices" USING btree ("team_id","team_recipient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_team_issued_on_idx" ON "invoices" USING btree ("team_id","issued_on");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('order', 'invoice_correction'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'folder_delete', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_delete', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'company_create', 'company_update', 'company_archive', 'company_restore', 'company_delete', 'team_recipient_create', 'team_recipient_update', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'contact_delete', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_draft_remove', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions', 'invoice_request', 'invoice_issue', 'invoice_reverse', 'invoice_correction_approve'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder', 'company', 'contact', 'model', 'package', 'order', 'role', 'team_recipient', 'invoice'));