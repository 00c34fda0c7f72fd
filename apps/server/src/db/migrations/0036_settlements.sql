CREATE TABLE "settlement_counters" (
	"team_id" bigint NOT NULL,
	"day" date NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "settlement_counters_team_id_day_pk" PRIMARY KEY("team_id","day")
);
--> statement-breakpoint
CREATE TABLE "settlement_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"settlement_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"mother_agency" bigint NOT NULL,
	"mother_agency_from_model" bigint NOT NULL,
	"income" bigint NOT NULL,
	"earlier_income" bigint NOT NULL,
	"earlier_tax" bigint NOT NULL,
	"taxable" bigint NOT NULL,
	"tax" bigint NOT NULL,
	CONSTRAINT "settlement_jobs_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "settlement_jobs_split_check" CHECK ("settlement_jobs"."income" = "settlement_jobs"."gross" - "settlement_jobs"."commission" - "settlement_jobs"."mother_agency_from_model")
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"settlement_id" bigint NOT NULL,
	"fee_line_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"gross" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"mother_agency" bigint NOT NULL,
	"mother_agency_from_model" bigint NOT NULL,
	"income" bigint NOT NULL,
	"commission_rate" integer NOT NULL,
	"mother_agency_rate" integer,
	"mother_agency_basis" varchar(16),
	"advance" boolean DEFAULT false NOT NULL,
	"corrects_line_id" bigint,
	CONSTRAINT "settlement_lines_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "settlement_lines_kind_check" CHECK ("settlement_lines"."kind" in ('ModelFee', 'UsageFee')),
	CONSTRAINT "settlement_lines_split_check" CHECK ("settlement_lines"."income" = "settlement_lines"."gross" - "settlement_lines"."commission" - "settlement_lines"."mother_agency_from_model"),
	CONSTRAINT "settlement_lines_terms_check" CHECK ("settlement_lines"."commission_rate" between 0 and 10000 and ("settlement_lines"."mother_agency_rate" is null) = ("settlement_lines"."mother_agency_basis" is null) and ("settlement_lines"."mother_agency_rate" is null or "settlement_lines"."mother_agency_rate" between 0 and 10000)),
	CONSTRAINT "settlement_lines_mother_agency_basis_check" CHECK ("settlement_lines"."mother_agency_basis" in ('gross', 'commission'))
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"number" varchar(32) NOT NULL,
	"model_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"payout_type" varchar(16) NOT NULL,
	"period_from" date,
	"period_to" date,
	"tax_month" varchar(7) NOT NULL,
	"gross" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"mother_agency" bigint NOT NULL,
	"mother_agency_from_model" bigint NOT NULL,
	"income" bigint NOT NULL,
	"taxable" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"deductions" bigint DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"has_advance" boolean DEFAULT false NOT NULL,
	"corrects_id" bigint,
	"reason" text,
	"paid_on" date,
	"paid_reference" varchar(64),
	"paid_by_team_recipient_id" bigint,
	"paid_at" timestamp with time zone,
	"paid_by_membership_id" bigint,
	"created_by_membership_id" bigint,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "settlements_status_check" CHECK ("settlements"."status" in ('draft', 'submitted', 'passed', 'rejected', 'paid')),
	CONSTRAINT "settlements_payout_type_check" CHECK ("settlements"."payout_type" in ('individual', 'studio')),
	CONSTRAINT "settlements_tax_month_check" CHECK ("settlements"."tax_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "settlements_period_check" CHECK (("settlements"."period_from" is null) = ("settlements"."period_to" is null) and ("settlements"."period_from" is null or "settlements"."period_from" <= "settlements"."period_to")),
	CONSTRAINT "settlements_figures_check" CHECK ("settlements"."income" = "settlements"."gross" - "settlements"."commission" - "settlements"."mother_agency_from_model" and "settlements"."deductions" >= 0 and "settlements"."net" = "settlements"."income" - "settlements"."tax" - "settlements"."deductions"),
	CONSTRAINT "settlements_paid_check" CHECK (("settlements"."status" = 'paid') = ("settlements"."paid_on" is not null) and ("settlements"."paid_on" is null) = ("settlements"."paid_reference" is null) and ("settlements"."paid_on" is null) = ("settlements"."paid_by_team_recipient_id" is null)),
	CONSTRAINT "settlements_correction_check" CHECK (("settlements"."corrects_id" is null) = ("settlements"."reason" is null))
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_target_type_check";--> statement-breakpoint
ALTER TABLE "settlement_counters" ADD CONSTRAINT "settlement_counters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_settlement_team_fk" FOREIGN KEY ("team_id","settlement_id") REFERENCES "public"."settlements"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_jobs" ADD CONSTRAINT "settlement_jobs_order_team_fk" FOREIGN KEY ("team_id","order_id") REFERENCES "public"."orders"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_team_fk" FOREIGN KEY ("team_id","settlement_id") REFERENCES "public"."settlements"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_fee_line_team_fk" FOREIGN KEY ("team_id","fee_line_id") REFERENCES "public"."fee_lines"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_order_team_fk" FOREIGN KEY ("team_id","order_id") REFERENCES "public"."orders"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_corrects_team_fk" FOREIGN KEY ("team_id","corrects_line_id") REFERENCES "public"."settlement_lines"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_model_team_fk" FOREIGN KEY ("team_id","model_id") REFERENCES "public"."models"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_corrects_team_fk" FOREIGN KEY ("team_id","corrects_id") REFERENCES "public"."settlements"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_paid_by_recipient_team_fk" FOREIGN KEY ("team_id","paid_by_team_recipient_id") REFERENCES "public"."team_recipients"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_paid_by_membership_team_fk" FOREIGN KEY ("team_id","paid_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_jobs_settlement_order_key" ON "settlement_jobs" USING btree ("settlement_id","order_id");--> statement-breakpoint
CREATE INDEX "settlement_jobs_team_order_idx" ON "settlement_jobs" USING btree ("team_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_settlement_fee_line_key" ON "settlement_lines" USING btree ("settlement_id","fee_line_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_team_fee_line_idx" ON "settlement_lines" USING btree ("team_id","fee_line_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_team_corrects_idx" ON "settlement_lines" USING btree ("team_id","corrects_line_id") WHERE corrects_line_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_team_number_key" ON "settlements" USING btree ("team_id","number");--> statement-breakpoint
CREATE INDEX "settlements_team_created_idx" ON "settlements" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlements_team_model_idx" ON "settlements" USING btree ("team_id","model_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlements_team_status_idx" ON "settlements" USING btree ("team_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlements_team_tax_month_idx" ON "settlements" USING btree ("team_id","tax_month","model_id");--> statement-breakpoint
CREATE INDEX "settlements_team_paid_on_idx" ON "settlements" USING btree ("team_id","paid_on","id");--> statement-breakpoint
CREATE INDEX "settlements_team_corrects_idx" ON "settlements" USING btree ("team_id","corrects_id") WHERE corrects_id is not null;--> statement-breakpoint
CREATE INDEX "model_deductions_settlement_idx" ON "model_deductions" USING btree ("team_id","settlement_id") WHERE settlement_id is not null;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('order', 'invoice_correction', 'settlement'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'folder_delete', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_delete', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'model_deduction_create', 'model_deduction_void', 'company_create', 'company_update', 'company_archive', 'company_restore', 'company_delete', 'team_recipient_create', 'team_recipient_update', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'contact_delete', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_draft_remove', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions', 'invoice_request', 'invoice_issue', 'invoice_reverse', 'invoice_correction_approve', 'receipt_create', 'receipt_allocate', 'allocation_undo', 'receipt_void', 'fee_statement_share', 'fee_statement_revoke', 'settlement_create', 'settlement_submit', 'settlement_approve', 'settlement_pay', 'settlement_correct', 'settlement_delete'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder', 'company', 'contact', 'model', 'package', 'order', 'role', 'team_recipient', 'invoice', 'receipt', 'settlement'));--> statement-breakpoint
-- A deduction's settlement (docs/product.md "Model settlements"): the team reference model.tables.ts cannot
-- declare (settlement.tables.ts imports it), so a deduction can only be taken by its own team's settlement.
ALTER TABLE "model_deductions" ADD CONSTRAINT "model_deductions_settlement_team_fk" FOREIGN KEY ("team_id","settlement_id") REFERENCES "public"."settlements"("team_id","id") ON DELETE no action ON UPDATE no action;
