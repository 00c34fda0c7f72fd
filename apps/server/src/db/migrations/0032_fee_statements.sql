CREATE TABLE "fee_statement_invoice_infos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_statement_invoice_infos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"statement_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"buyer_name" varchar(100) NOT NULL,
	"buyer_tax_id" varchar(20) NOT NULL,
	"buyer_address_phone" varchar(200) DEFAULT '' NOT NULL,
	"buyer_bank_account" varchar(200) DEFAULT '' NOT NULL,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fee_statement_invoice_infos_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "fee_statement_invoice_infos_type_check" CHECK ("fee_statement_invoice_infos"."type" in ('special', 'ordinary'))
);
--> statement-breakpoint
CREATE TABLE "fee_statement_queries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_statement_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"statement_id" bigint NOT NULL,
	"fee_line_id" bigint,
	"comment" text NOT NULL,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fee_statement_queries_team_id_key" UNIQUE("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "fee_statements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"order_id" bigint,
	"company_id" bigint NOT NULL,
	"team_recipient_id" bigint NOT NULL,
	"period_from" date,
	"period_to" date,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_name" varchar(50),
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "fee_statements_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "fee_statements_kind_check" CHECK ("fee_statements"."kind" in ('order', 'period')),
	CONSTRAINT "fee_statements_what_check" CHECK (("fee_statements"."kind" = 'order' and "fee_statements"."order_id" is not null and "fee_statements"."period_from" is null and "fee_statements"."period_to" is null) or ("fee_statements"."kind" = 'period' and "fee_statements"."order_id" is null and "fee_statements"."period_from" <= "fee_statements"."period_to")),
	CONSTRAINT "fee_statements_confirmed_check" CHECK (("fee_statements"."confirmed_name" is null) = ("fee_statements"."confirmed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "share_links" DROP CONSTRAINT "share_links_kind_check";--> statement-breakpoint
ALTER TABLE "fee_statement_invoice_infos" ADD CONSTRAINT "fee_statement_invoice_infos_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statement_invoice_infos" ADD CONSTRAINT "fee_statement_invoice_infos_statement_team_fk" FOREIGN KEY ("team_id","statement_id") REFERENCES "public"."fee_statements"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statement_invoice_infos" ADD CONSTRAINT "fee_statement_invoice_infos_company_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."companies"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statement_queries" ADD CONSTRAINT "fee_statement_queries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statement_queries" ADD CONSTRAINT "fee_statement_queries_statement_team_fk" FOREIGN KEY ("team_id","statement_id") REFERENCES "public"."fee_statements"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statement_queries" ADD CONSTRAINT "fee_statement_queries_fee_line_team_fk" FOREIGN KEY ("team_id","fee_line_id") REFERENCES "public"."fee_lines"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statements" ADD CONSTRAINT "fee_statements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statements" ADD CONSTRAINT "fee_statements_order_team_fk" FOREIGN KEY ("team_id","order_id") REFERENCES "public"."orders"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statements" ADD CONSTRAINT "fee_statements_company_team_fk" FOREIGN KEY ("team_id","company_id") REFERENCES "public"."companies"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statements" ADD CONSTRAINT "fee_statements_team_recipient_team_fk" FOREIGN KEY ("team_id","team_recipient_id") REFERENCES "public"."team_recipients"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_statements" ADD CONSTRAINT "fee_statements_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_statement_invoice_infos_statement_idx" ON "fee_statement_invoice_infos" USING btree ("team_id","statement_id","id");--> statement-breakpoint
CREATE INDEX "fee_statement_invoice_infos_company_idx" ON "fee_statement_invoice_infos" USING btree ("team_id","company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fee_statement_queries_statement_idx" ON "fee_statement_queries" USING btree ("team_id","statement_id","id");--> statement-breakpoint
CREATE INDEX "fee_statements_team_order_idx" ON "fee_statements" USING btree ("team_id","order_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fee_statements_team_company_idx" ON "fee_statements" USING btree ("team_id","company_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'folder_delete', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_delete', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'company_create', 'company_update', 'company_archive', 'company_restore', 'company_delete', 'team_recipient_create', 'team_recipient_update', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'contact_delete', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_draft_remove', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions', 'invoice_request', 'invoice_issue', 'invoice_reverse', 'invoice_correction_approve', 'receipt_create', 'receipt_allocate', 'allocation_undo', 'receipt_void', 'fee_statement_share', 'fee_statement_revoke'));--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_kind_check" CHECK ("share_links"."kind" in ('package', 'folder', 'fee_statement'));