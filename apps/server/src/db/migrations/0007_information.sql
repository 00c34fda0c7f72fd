-- Issue 10: models (pinyin, measurement history, trips), client companies and contacts, folder kinds and
-- models, files placed by hand (position null until a folder is ordered).
CREATE TABLE "companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"short_name" varchar(20),
	"credit_code" varchar(18),
	"industry" varchar(16),
	"tier" varchar(16) DEFAULT 'regular' NOT NULL,
	"invoice_title" varchar(100),
	"invoice_address" varchar(200),
	"bank_name" varchar(50),
	"bank_account" varchar(50),
	"payment_terms_days" integer,
	"owner_membership_id" bigint,
	"notes" varchar(500),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_industry_check" CHECK ("companies"."industry" in ('fashion', 'beauty', 'luxury', 'sports', 'retail', 'advertising', 'media', 'entertainment', 'automotive', 'technology', 'food', 'other')),
	CONSTRAINT "companies_tier_check" CHECK ("companies"."tier" in ('strategic', 'key', 'regular', 'prospect')),
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"company_id" bigint,
	"name" varchar(50) NOT NULL,
	"position" varchar(50),
	"mobile" varchar(11),
	"wechat" varchar(50),
	"email" varchar(100),
	"notes" varchar(500),
	"is_invoice_contact" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_status_check" CHECK ("contacts"."status" in ('active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "model_measurements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_measurements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"measured_on" date NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"height" integer,
	"weight" integer,
	"bust" integer,
	"waist" integer,
	"hips" integer,
	"shoe_size" integer,
	"membership_id" bigint
);
--> statement-breakpoint
CREATE TABLE "model_trips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_trips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"place" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_trips_kind_check" CHECK ("model_trips"."kind" in ('vacation', 'work', 'expatriate')),
	CONSTRAINT "model_trips_dates_check" CHECK ("model_trips"."end_date" >= "model_trips"."start_date")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"english_name" varchar(50),
	"english_search" varchar(50),
	"pinyin_full" varchar(400) NOT NULL,
	"pinyin_initials" varchar(100) NOT NULL,
	"gender" varchar(8) NOT NULL,
	"birthday" date,
	"nationality" varchar(2),
	"city" varchar(50),
	"height" integer,
	"weight" integer,
	"bust" integer,
	"waist" integer,
	"hips" integer,
	"shoe_size" integer,
	"clothing_size" varchar(8),
	"cup" varchar(1),
	"hair_color" varchar(20),
	"eye_color" varchar(20),
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"mobile" varchar(11),
	"wechat" varchar(50),
	"id_number" varchar(18),
	"socials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manager_membership_id" bigint,
	"mother_agency" varchar(100),
	"commission_rate" integer,
	"contract_start" date,
	"contract_end" date,
	"notes" varchar(2000),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"cover_file_id" bigint,
	"last_measured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "models_gender_check" CHECK ("models"."gender" in ('female', 'male')),
	CONSTRAINT "models_clothing_size_check" CHECK ("models"."clothing_size" in ('xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl')),
	CONSTRAINT "models_cup_check" CHECK ("models"."cup" in ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z')),
	CONSTRAINT "models_status_check" CHECK ("models"."status" in ('active', 'paused', 'left'))
);
--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_target_type_check";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "position" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "position" DROP NOT NULL;--> statement-breakpoint
-- Files never ordered by hand are unplaced (after the placed ones, by name).
UPDATE "files" SET "position" = NULL;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "kind" varchar(16) DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_membership_id_memberships_id_fk" FOREIGN KEY ("owner_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_measurements" ADD CONSTRAINT "model_measurements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_measurements" ADD CONSTRAINT "model_measurements_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_trips" ADD CONSTRAINT "model_trips_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_trips" ADD CONSTRAINT "model_trips_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_manager_membership_id_memberships_id_fk" FOREIGN KEY ("manager_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_team_created_idx" ON "companies" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_team_industry_idx" ON "companies" USING btree ("team_id","industry","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_team_tier_idx" ON "companies" USING btree ("team_id","tier","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_team_owner_idx" ON "companies" USING btree ("team_id","owner_membership_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "companies_team_name_key" ON "companies" USING btree ("team_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_team_credit_code_key" ON "companies" USING btree ("team_id","credit_code") WHERE credit_code is not null;--> statement-breakpoint
CREATE INDEX "contacts_team_created_idx" ON "contacts" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_team_company_idx" ON "contacts" USING btree ("team_id","company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "model_measurements_model_idx" ON "model_measurements" USING btree ("team_id","model_id","measured_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "model_trips_model_idx" ON "model_trips" USING btree ("team_id","model_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "models_team_created_idx" ON "models" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "models_team_updated_idx" ON "models" USING btree ("team_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "models_team_pinyin_idx" ON "models" USING btree ("team_id","pinyin_full" varchar_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "models_team_initials_idx" ON "models" USING btree ("team_id","pinyin_initials" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "models_team_name_idx" ON "models" USING btree ("team_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "models_team_english_idx" ON "models" USING btree ("team_id","english_search" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "models_team_height_idx" ON "models" USING btree ("team_id","height","id");--> statement-breakpoint
CREATE INDEX "models_team_height_desc_idx" ON "models" USING btree ("team_id","height" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "models_team_birthday_idx" ON "models" USING btree ("team_id","birthday","id");--> statement-breakpoint
CREATE INDEX "models_team_birthday_desc_idx" ON "models" USING btree ("team_id","birthday" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "models_team_weight_idx" ON "models" USING btree ("team_id","weight");--> statement-breakpoint
CREATE INDEX "models_team_gender_idx" ON "models" USING btree ("team_id","gender");--> statement-breakpoint
CREATE INDEX "models_team_clothing_size_idx" ON "models" USING btree ("team_id","clothing_size");--> statement-breakpoint
CREATE INDEX "models_team_cup_idx" ON "models" USING btree ("team_id","cup");--> statement-breakpoint
CREATE INDEX "models_team_city_idx" ON "models" USING btree ("team_id","city");--> statement-breakpoint
CREATE INDEX "models_team_nationality_idx" ON "models" USING btree ("team_id","nationality");--> statement-breakpoint
CREATE INDEX "models_team_status_idx" ON "models" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "models_team_manager_idx" ON "models" USING btree ("team_id","manager_membership_id");--> statement-breakpoint
CREATE INDEX "models_tags_idx" ON "models" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "models_team_mobile_key" ON "models" USING btree ("team_id","mobile" varchar_pattern_ops) WHERE mobile is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "models_team_id_number_key" ON "models" USING btree ("team_id","id_number") WHERE id_number is not null;--> statement-breakpoint
CREATE INDEX "folders_team_model_idx" ON "folders" USING btree ("team_id","model_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "folders_team_kind_idx" ON "folders" USING btree ("team_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_kind_check" CHECK ("folders"."kind" in ('book', 'polaroid', 'video', 'comp_card', 'other'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'company_create', 'company_update', 'company_archive', 'company_restore', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder', 'company', 'contact', 'model'));