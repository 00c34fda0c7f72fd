CREATE TABLE "folder_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "folder_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"folder_id" bigint NOT NULL,
	"share_id" varchar(24) NOT NULL,
	"created_by_membership_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "package_models" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"package_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"folder_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"file_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_picks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_picks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"package_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"visitor_id" varchar(64) NOT NULL,
	"visitor_name" varchar(30),
	"picked" boolean NOT NULL,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"package_id" bigint NOT NULL,
	"view_key" varchar(64) NOT NULL,
	"visitor_id" varchar(64) NOT NULL,
	"visitor_name" varchar(30),
	"page" varchar(16) NOT NULL,
	"model_id" bigint,
	"app" varchar(8) NOT NULL,
	"device" varchar(8) NOT NULL,
	"visible_ms" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "package_views_page_check" CHECK ("package_views"."page" in ('package', 'model', 'photos', 'files')),
	CONSTRAINT "package_views_app_check" CHECK ("package_views"."app" in ('h5', 'web')),
	CONSTRAINT "package_views_device_check" CHECK ("package_views"."device" in ('mobile', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"share_id" varchar(24) NOT NULL,
	"title" varchar(50) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"company_id" bigint,
	"contact_id" bigint,
	"fields" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by_membership_id" bigint,
	"view_count" integer DEFAULT 0 NOT NULL,
	"pick_count" integer DEFAULT 0 NOT NULL,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_target_type_check";--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_models" ADD CONSTRAINT "package_models_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_models" ADD CONSTRAINT "package_models_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_models" ADD CONSTRAINT "package_models_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_picks" ADD CONSTRAINT "package_picks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_picks" ADD CONSTRAINT "package_picks_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_picks" ADD CONSTRAINT "package_picks_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_views" ADD CONSTRAINT "package_views_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_views" ADD CONSTRAINT "package_views_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_views" ADD CONSTRAINT "package_views_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_created_by_membership_id_memberships_id_fk" FOREIGN KEY ("created_by_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "folder_shares_share_id_key" ON "folder_shares" USING btree ("share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "folder_shares_live_key" ON "folder_shares" USING btree ("folder_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "package_models_package_model_key" ON "package_models" USING btree ("package_id","model_id");--> statement-breakpoint
CREATE INDEX "package_models_package_position_idx" ON "package_models" USING btree ("package_id","position");--> statement-breakpoint
CREATE INDEX "package_models_team_model_idx" ON "package_models" USING btree ("team_id","model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_picks_visitor_model_key" ON "package_picks" USING btree ("package_id","visitor_id","model_id");--> statement-breakpoint
CREATE INDEX "package_picks_package_updated_idx" ON "package_picks" USING btree ("package_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "package_views_package_key" ON "package_views" USING btree ("package_id","view_key");--> statement-breakpoint
CREATE INDEX "package_views_package_opened_idx" ON "package_views" USING btree ("package_id","opened_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "packages_share_id_key" ON "packages" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "packages_team_created_idx" ON "packages" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "packages_team_expires_idx" ON "packages" USING btree ("team_id","expires_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "packages_team_viewed_idx" ON "packages" USING btree ("team_id","last_viewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "packages_team_company_idx" ON "packages" USING btree ("team_id","company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "packages_team_creator_idx" ON "packages" USING btree ("team_id","created_by_membership_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'company_create', 'company_update', 'company_archive', 'company_restore', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder', 'company', 'contact', 'model', 'package'));