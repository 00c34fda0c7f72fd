-- Departments move into `roles` (kind 'department'), so /v1/roles/{id} names a department or a role in
-- one id space. Each department is copied with a new id, its parent and its members' department_id
-- follow it, then the old table goes.
ALTER TABLE "roles" ADD COLUMN "kind" varchar(16) DEFAULT 'role' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "moved_department_id" bigint;--> statement-breakpoint
INSERT INTO "roles" ("team_id", "kind", "name", "moved_department_id", "created_at", "updated_at")
  SELECT "team_id", 'department', "name", "id", "created_at", "updated_at" FROM "departments" ORDER BY "id";--> statement-breakpoint
UPDATE "roles" AS "child" SET "parent_id" = "parent"."id"
  FROM "departments" AS "old", "roles" AS "parent"
  WHERE "child"."moved_department_id" = "old"."id" AND "parent"."moved_department_id" = "old"."parent_id";--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_department_id_departments_id_fk";--> statement-breakpoint
UPDATE "memberships" SET "department_id" = "roles"."id"
  FROM "roles" WHERE "roles"."moved_department_id" = "memberships"."department_id";--> statement-breakpoint
ALTER TABLE "roles" DROP COLUMN "moved_department_id";--> statement-breakpoint
DROP TABLE "departments" CASCADE;--> statement-breakpoint
DROP INDEX "roles_team_id_idx";--> statement-breakpoint
-- Names become unique (roles in a team, departments among siblings): earlier duplicates get their id.
UPDATE "roles" SET "name" = left("name", 40) || '（' || "id" || '）'
  WHERE "id" IN (
    SELECT "id" FROM (
      SELECT "id", row_number() OVER (
        PARTITION BY "team_id", "kind", CASE WHEN "kind" = 'department' THEN coalesce("parent_id", 0) ELSE 0 END, "name"
        ORDER BY "id"
      ) AS "nth" FROM "roles"
    ) AS "ranked" WHERE "nth" > 1
  );--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "superior_id" bigint;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_department_id_roles_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_superior_id_memberships_id_fk" FOREIGN KEY ("superior_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_parent_id_roles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_team_department_idx" ON "memberships" USING btree ("team_id","department_id");--> statement-breakpoint
CREATE INDEX "memberships_team_role_idx" ON "memberships" USING btree ("team_id","role_id");--> statement-breakpoint
CREATE INDEX "roles_team_kind_idx" ON "roles" USING btree ("team_id","kind");--> statement-breakpoint
CREATE INDEX "roles_parent_idx" ON "roles" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_team_role_name_key" ON "roles" USING btree ("team_id","name") WHERE kind = 'role';--> statement-breakpoint
CREATE UNIQUE INDEX "roles_team_department_name_key" ON "roles" USING btree ("team_id",coalesce(parent_id, 0),"name") WHERE kind = 'department';--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_kind_check" CHECK ("roles"."kind" in ('department', 'role'));--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_parent_only_departments_check" CHECK (kind = 'department' or parent_id is null);--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_action_check";--> statement-breakpoint
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_target_type_check";--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_action_check" CHECK ("operation_logs"."action" in ('sign_in', 'sign_out', 'team_switch', 'profile_update', 'sign_out_devices', 'sign_out_other_devices', 'session_ended_refresh_reuse', 'sign_in_refused', 'folder_create', 'file_upload', 'folder_update', 'file_reorder', 'file_move', 'file_delete', 'model_create', 'model_update', 'model_trip_create', 'model_trip_update', 'model_trip_delete', 'company_create', 'company_update', 'company_archive', 'company_restore', 'package_create', 'package_update', 'package_revoke', 'folder_share', 'folder_share_revoke', 'contact_create', 'contact_update', 'contact_archive', 'contact_restore', 'order_create', 'order_update', 'order_submit', 'order_approve', 'order_confirm', 'order_cancel', 'order_bill', 'order_attachment_add', 'order_attachment_remove', 'calendar_release', 'member_invite', 'member_update', 'member_status', 'member_handover', 'department_create', 'department_update', 'department_delete', 'role_create', 'role_update', 'role_delete', 'role_permissions'));--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_target_type_check" CHECK ("operation_logs"."target_type" in ('session', 'membership', 'folder', 'company', 'contact', 'model', 'package', 'order', 'role'));
