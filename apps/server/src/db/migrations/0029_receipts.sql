CREATE TABLE "allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"receipt_id" bigint NOT NULL,
	"invoice_id" bigint,
	"fee_line_id" bigint,
	"amount" bigint NOT NULL,
	"allocated_on" date NOT NULL,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_on" date,
	"undone_by_membership_id" bigint,
	CONSTRAINT "allocations_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "allocations_target_check" CHECK (("allocations"."invoice_id" is null) <> ("allocations"."fee_line_id" is null)),
	CONSTRAINT "allocations_amount_check" CHECK ("allocations"."amount" > 0),
	CONSTRAINT "allocations_undone_check" CHECK (("allocations"."undone_at" is null) = ("allocations"."undone_on" is null) and ("allocations"."undone_at" is null or "allocations"."undone_on" >= "allocations"."allocated_on"))
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"team_recipient_id" bigint NOT NULL,
	"received_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"payer_name" varchar(100) NOT NULL,
	"reference" varchar(64) DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"voided_by_membership_id" bigint,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_team_id_key" UNIQUE("team_id","id"),
	CONSTRAINT "receipts_amount_check" CHECK ("receipts"."amount" > 0),
	CONSTRAINT "receipts_void_check" CHECK (("receipts"."voided_at" is null) = ("receipts"."void_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_target_type_check";--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_receipt_team_fk" FOREIGN KEY ("team_id","receipt_id") REFERENCES "public"."receipts"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_invoice_team_fk" FOREIGN KEY ("team_id","invoice_id") REFERENCES "public"."invoices"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_fee_line_team_fk" FOREIGN KEY ("team_id","fee_line_id") REFERENCES "public"."fee_lines"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_undone_by_team_fk" FOREIGN KEY ("team_id","undone_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_team_recipient_team_fk" FOREIGN KEY ("team_id","team_recipient_id") REFERENCES "public"."team_recipients"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_created_by_team_fk" FOREIGN KEY ("team_id","created_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_voided_by_team_fk" FOREIGN KEY ("team_id","voided_by_membership_id") REFERENCES "public"."memberships"("team_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocations_team_receipt_idx" ON "allocations" USING btree ("team_id","receipt_id");--> statement-breakpoint
CREATE INDEX "allocations_team_invoice_idx" ON "allocations" USING btree ("team_id","invoice_id");--> statement-breakpoint
CREATE INDEX "allocations_team_fee_line_idx" ON "allocations" USING btree ("team_id","fee_line_id");--> statement-breakpoint
CREATE INDEX "receipts_team_received_idx" ON "receipts" USING btree ("team_id","received_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receipts_team_recipient_idx" ON "receipts" USING btree ("team_id","team_recipient_id","received_on" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'folder_delete', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_delete', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'company_create', 'company_update', 'company_archive', 'company_restore', 'company_delete', 'team_recipient_create', 'team_recipient_update', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'contact_delete', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_draft_remove', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions', 'invoice_request', 'invoice_issue', 'invoice_reverse', 'invoice_correction_approve', 'receipt_create', 'receipt_allocate', 'allocation_undo', 'receipt_void'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder', 'company', 'contact', 'model', 'package', 'order', 'role', 'team_recipient', 'invoice', 'receipt'));