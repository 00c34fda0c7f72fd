CREATE TABLE "calendar_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"date" date NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" varchar(16) NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_entries_status_check" CHECK ("calendar_entries"."status" in ('locked', 'reserved', 'pending', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "fee_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	"unit" varchar(8),
	"quantity_hundredths" integer,
	"tax_rate" smallint NOT NULL,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"media" varchar(100),
	"territory" varchar(50),
	"start_date" date,
	"end_date" date,
	"renewal" varchar(16),
	"payment_status" varchar(16) DEFAULT 'unpaid' NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"renewal_handled_at" timestamp with time zone,
	"renewal_order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_lines_kind_check" CHECK ("fee_lines"."kind" in ('ModelFee', 'UsageFee')),
	CONSTRAINT "fee_lines_unit_check" CHECK ("fee_lines"."unit" in ('day', 'hour', 'job')),
	CONSTRAINT "fee_lines_renewal_check" CHECK ("fee_lines"."renewal" in ('pending', 'automatically', 'not_renew')),
	CONSTRAINT "fee_lines_payment_status_check" CHECK ("fee_lines"."payment_status" in ('paid', 'unpaid')),
	CONSTRAINT "fee_lines_tax_rate_check" CHECK ("fee_lines"."tax_rate" in ('0', '1', '3', '6', '10', '16', '17', '20'))
);
--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"membership_id" bigint,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_approvals_status_check" CHECK ("order_approvals"."status" in ('passed', 'rejected', 'init'))
);
--> statement-breakpoint
CREATE TABLE "order_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"blob_id" uuid NOT NULL,
	"name" varchar(255) NOT NULL,
	"content_type" varchar(255) NOT NULL,
	"byte_size" bigint NOT NULL,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"team_id" bigint NOT NULL,
	"day" date NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_counters_team_id_day_pk" PRIMARY KEY("team_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_models" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"number" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"approval_status" varchar(16),
	"company_id" bigint,
	"contact_id" bigint,
	"brand" varchar(50) DEFAULT '' NOT NULL,
	"job_type" varchar(32),
	"title" varchar(100) DEFAULT '' NOT NULL,
	"place" varchar(200) DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_date" date,
	"last_date" date,
	"owner_membership_id" bigint,
	"created_by_membership_id" bigint,
	"hold_until" timestamp with time zone,
	"cancel_reason" text,
	"renewal_of_order_id" bigint,
	"renewal_of_fee_line_id" bigint,
	"submitted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"billed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('draft', 'submitted', 'confirmed', 'billed', 'cancelled')),
	CONSTRAINT "orders_approval_status_check" CHECK ("orders"."approval_status" in ('passed', 'rejected', 'init')),
	CONSTRAINT "orders_job_type_check" CHECK ("orders"."job_type" in ('other', 'ad', 'campaign', 'catalog', 'presentation', 'editing', 'producing', 'activity', 'fashion_event', 'movie', 'fitting', 'makeup_trials', 'haute_couture', 'lookbook', 'appearance', 'makeup_hairstyling', 'garments', 'preview', 'product_placement', 'royalties', 'showroom', 'test', 'fashion_show', 'network_shooting'))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" varchar(40) NOT NULL,
	"team_id" bigint NOT NULL,
	"run_on" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_job_team_id_run_on_pk" PRIMARY KEY("job","team_id","run_on")
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_target_type_check";--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attachments" ADD CONSTRAINT "order_attachments_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_models" ADD CONSTRAINT "order_models_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_models" ADD CONSTRAINT "order_models_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_models" ADD CONSTRAINT "order_models_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner_membership_id_memberships_id_fk" FOREIGN KEY ("owner_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_membership_id_memberships_id_fk" FOREIGN KEY ("created_by_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_entries_team_date_idx" ON "calendar_entries" USING btree ("team_id","date","model_id");--> statement-breakpoint
CREATE INDEX "calendar_entries_team_model_date_idx" ON "calendar_entries" USING btree ("team_id","model_id","date");--> statement-breakpoint
CREATE INDEX "calendar_entries_order_idx" ON "calendar_entries" USING btree ("order_id","model_id","date");--> statement-breakpoint
CREATE INDEX "calendar_entries_open_expiry_idx" ON "calendar_entries" USING btree ("expires_at") WHERE status = 'reserved' and released_at is null;--> statement-breakpoint
CREATE INDEX "fee_lines_order_idx" ON "fee_lines" USING btree ("order_id","model_id","position");--> statement-breakpoint
CREATE INDEX "fee_lines_usage_end_idx" ON "fee_lines" USING btree ("team_id","end_date") WHERE kind = 'UsageFee' and renewal_handled_at is null;--> statement-breakpoint
CREATE INDEX "order_approvals_order_idx" ON "order_approvals" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_attachments_blob_key" ON "order_attachments" USING btree ("blob_id");--> statement-breakpoint
CREATE INDEX "order_attachments_order_idx" ON "order_attachments" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_models_order_model_key" ON "order_models" USING btree ("order_id","model_id");--> statement-breakpoint
CREATE INDEX "order_models_team_model_idx" ON "order_models" USING btree ("team_id","model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_team_number_key" ON "orders" USING btree ("team_id","number");--> statement-breakpoint
CREATE INDEX "orders_team_created_idx" ON "orders" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_team_first_date_idx" ON "orders" USING btree ("team_id","first_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_team_status_last_date_idx" ON "orders" USING btree ("team_id","status","last_date");--> statement-breakpoint
CREATE INDEX "orders_team_company_idx" ON "orders" USING btree ("team_id","company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_team_owner_idx" ON "orders" USING btree ("team_id","owner_membership_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'company_create', 'company_update', 'company_archive', 'company_restore', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_attachment_add', 'order_attachment_remove', 'calendar_release'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder', 'company', 'contact', 'model', 'package', 'order'));